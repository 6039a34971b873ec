// Measures time from process start to the first 200 on / : first start (new embedded store,
// migrated and seeded) and restart of the same store. Run after `npm run build`.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export async function timeToFirst200(dataDir, port, dir = root) {
  const started = performance.now();
  const proc = spawn(process.execPath, [path.join(dir, "server/main.js")], {
    cwd: dir,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn" },
    stdio: "ignore",
  });
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/`);
      if (res.status === 200) break;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  const ms = performance.now() - started;
  proc.kill("SIGTERM");
  await new Promise((r) => proc.once("exit", r));
  return ms;
}

/** `dir`: the checkout whose build is started (another one for the bench's baseline). */
export async function measureStartup(port = 3917, dir = root) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "glacial-startup-"));
  const first = await timeToFirst200(dataDir, port, dir);
  const restarts = [];
  for (let i = 0; i < 3; i++) restarts.push(await timeToFirst200(dataDir, port, dir));
  fs.rmSync(dataDir, { recursive: true, force: true });
  return { firstStartMs: Math.round(first), restartMs: restarts.map(Math.round) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await measureStartup()));
}
