// Keeps the shop's server process running: restarts it when it dies unexpectedly, with a growing
// pause between quick repeated failures; passes SIGTERM/SIGINT on and exits with the child.
import { spawn } from "node:child_process";

const EXIT_CANNOT_START = 78; // server/main.js: configuration or port problems, not worth retrying
const STABLE_AFTER_MS = 60_000;
const MAX_DELAY_MS = 30_000;

export function supervise(entry, { args = [], env = process.env, log = (m) => console.error(`glacial supervisor: ${m}`) } = {}) {
  let child;
  let stopping = false;
  let delay = 1000;

  const start = () => {
    const startedAt = Date.now();
    child = spawn(process.execPath, [...process.execArgv, entry, ...args], { stdio: "inherit", env });
    child.on("exit", (code, signal) => {
      if (stopping) process.exit(code ?? 0);
      if (code === 0 || code === EXIT_CANNOT_START) process.exit(code);
      if (Date.now() - startedAt > STABLE_AFTER_MS) delay = 1000;
      log(`the server stopped unexpectedly (${signal ?? `exit code ${code}`}); starting it again in ${delay / 1000} s`);
      setTimeout(start, delay);
      delay = Math.min(delay * 2, MAX_DELAY_MS);
    });
  };

  for (const signal of ["SIGTERM", "SIGINT"]) {
    process.on(signal, () => {
      stopping = true;
      if (child && child.exitCode === null && child.signalCode === null) child.kill(signal);
      else process.exit(0);
    });
  }
  start();
}
