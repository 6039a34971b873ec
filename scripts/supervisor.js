// Keeps the shop's server processes running: restarts one when it dies unexpectedly, with a
// growing pause between quick repeated failures; passes SIGTERM/SIGINT on and exits once they
// have all stopped.
//
// WEB_CONCURRENCY=N (N > 1, PostgreSQL only) runs N server processes with node:cluster: they
// share the one listening port (the primary hands each new connection to the next process), and
// everything they must agree on lives in PostgreSQL (sessions, limits, settings) or travels by
// LISTEN/NOTIFY (cache invalidation, live streams).
import cluster from "node:cluster";
import { spawn } from "node:child_process";

const EXIT_CANNOT_START = 78; // server/main.js: configuration or port problems, not worth retrying
const STABLE_AFTER_MS = 60_000;
const MAX_DELAY_MS = 30_000;
// A process told to stop has this long (its own drain bound is 10 s) before it is killed.
const STOP_GRACE_MS = 20_000;

/** WEB_CONCURRENCY as a process count; `null` with a message when it is not usable. */
export function processCount(env = process.env) {
  const raw = (env.WEB_CONCURRENCY ?? "").trim();
  if (raw === "") return { count: 1 };
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > 64) return { error: `WEB_CONCURRENCY must be a whole number from 1 to 64 (got ${JSON.stringify(raw)})` };
  const count = Number(raw);
  if (count > 1 && !env.DATABASE_URL) {
    return { error: "WEB_CONCURRENCY above 1 needs DATABASE_URL: the embedded database serves one process (see README, Several processes)" };
  }
  return { count };
}

export function supervise(entry, { args = [], env = process.env, log = (m) => console.error(`glacial supervisor: ${m}`) } = {}) {
  const wanted = processCount(env);
  if (wanted.error) {
    console.error(`glacial: ${wanted.error}`);
    process.exit(EXIT_CANNOT_START);
  }
  if (wanted.count === 1) return superviseOne(entry, { args, env, log });
  return superviseCluster(entry, wanted.count, { args, env, log });
}

/**
 * On the embedded database (one process holds the whole shop), the JavaScript heap is capped at
 * 192 MB: the shop's live heap is about 80 MB after a busy minute, and V8 otherwise lets garbage
 * pile up to several times that before collecting, which is what kept the process near 500 MB
 * under load. A limit set by the operator (NODE_OPTIONS or node's own flags) wins.
 */
export function heapFlags(env, execArgv = process.execArgv) {
  if (env.DATABASE_URL) return [];
  if (/--max-old-space-size/.test(`${env.NODE_OPTIONS ?? ""} ${execArgv.join(" ")}`)) return [];
  return ["--max-old-space-size=192"];
}

function superviseOne(entry, { args, env, log }) {
  let child;
  let stopping = false;
  let delay = 1000;

  const start = () => {
    const startedAt = Date.now();
    child = spawn(process.execPath, [...process.execArgv, ...heapFlags(env), entry, ...args], { stdio: "inherit", env });
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

function superviseCluster(entry, count, { args, env, log }) {
  cluster.setupPrimary({ exec: entry, args, execArgv: process.execArgv });
  let stopping = false;
  let exitCodeWhenStopped = 0;
  /** slot number -> { worker, delay, startedAt } */
  const slots = new Map();

  const start = (slot) => {
    const state = slots.get(slot) ?? { delay: 1000 };
    state.startedAt = Date.now();
    // GLACIAL_PROCESS names the process in its log lines; process 1 also prints first-run notices.
    state.worker = cluster.fork({ ...env, GLACIAL_PROCESS: String(slot) });
    slots.set(slot, state);
    state.worker.on("exit", (code, signal) => {
      if (stopping) {
        if ([...slots.values()].every((s) => s.worker.isDead())) process.exit(exitCodeWhenStopped);
        return;
      }
      if (code === EXIT_CANNOT_START) {
        // One process cannot start (port taken, bad configuration): none of them can.
        stopAll("SIGTERM", EXIT_CANNOT_START);
        return;
      }
      if (Date.now() - state.startedAt > STABLE_AFTER_MS) state.delay = 1000;
      log(`server process ${slot} stopped unexpectedly (${signal ?? `exit code ${code}`}); starting it again in ${state.delay / 1000} s`);
      setTimeout(() => !stopping && start(slot), state.delay);
      state.delay = Math.min(state.delay * 2, MAX_DELAY_MS);
    });
  };

  const stopAll = (signal, exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    exitCodeWhenStopped = exitCode;
    const alive = [...slots.values()].filter((s) => !s.worker.isDead());
    if (!alive.length) process.exit(exitCode);
    for (const s of alive) s.worker.process.kill(signal);
    setTimeout(() => {
      for (const s of slots.values()) if (!s.worker.isDead()) s.worker.process.kill("SIGKILL");
      process.exit(exitCode);
    }, STOP_GRACE_MS).unref();
  };

  for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => stopAll(signal));
  log(`starting ${count} server processes on one port`);
  for (let slot = 1; slot <= count; slot++) start(slot);
}
