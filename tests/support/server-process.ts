import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { ROOT } from "./fixtures";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export type RunningServer = { url: string; port: number; proc: ChildProcess; output: () => string; stop(signal?: NodeJS.Signals): Promise<number | null> };

/** Starts the built server (build/server) as its own process. */
export function spawnServer(env: Record<string, string>): { proc: ChildProcess; output: () => string; exited: Promise<number | null> } {
  if (!fs.existsSync(path.join(ROOT, "build/server/index.js"))) throw new Error("build the app first (npm run build)");
  const proc = spawn(process.execPath, [path.join(ROOT, "server/main.js")], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: "info", NODE_ENV: "production", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  proc.stdout!.on("data", (d) => (out += d));
  proc.stderr!.on("data", (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => proc.once("exit", (code) => resolve(code)));
  return { proc, output: () => out, exited };
}

export async function startServer(env: Record<string, string>, timeoutMs = 90_000): Promise<RunningServer> {
  const port = Number(env.PORT ?? (await freePort()));
  const started = spawnServer({ HOST: "127.0.0.1", ...env, PORT: String(port) });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  let exitCode: number | null | undefined;
  started.exited.then((c) => (exitCode = c));
  let ready = false;
  while (!ready) {
    if (exitCode !== undefined) throw new Error(`server exited (${exitCode}):\n${started.output()}`);
    // Not ready in time: say so with what the server printed, rather than hand back a server
    // that is not listening (the test would then fail later on a bare ECONNREFUSED).
    if (Date.now() > deadline) {
      started.proc.kill("SIGKILL");
      throw new Error(`server not serving /healthz after ${timeoutMs / 1000} s:\n${started.output()}`);
    }
    try {
      const res = await fetch(`${url}/healthz`);
      ready = res.ok;
    } catch {
      // not listening yet
    }
    if (!ready) await new Promise((r) => setTimeout(r, 150));
  }
  return {
    url,
    port,
    proc: started.proc,
    output: started.output,
    async stop(signal = "SIGTERM") {
      if (started.proc.exitCode !== null) return started.proc.exitCode;
      started.proc.kill(signal);
      return started.exited;
    },
  };
}
