import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import type { Logger } from "~/lib/logger.server";

// The running shop's control socket: how command-line tools (npm run user:create, npm run
// backup) reach a shop that holds the embedded database. PGlite allows one process per data
// folder, so while the shop runs a second process cannot open it; instead the tool hands its
// request to the shop over a Unix socket inside DATA_DIR. The socket sits in a folder only the
// machine account running the shop may enter (0700) and is itself 0600: whoever can use it could
// read the data folder anyway.
//
// Protocol: one request per connection, one JSON line each way:
//   -> {"command": "user:create", "input": {...}}
//   <- {"ok": true, "result": ...} | {"ok": false, "error": "one line", "kind": "invalid" | "failed"}

const MAX_REQUEST_BYTES = 1024 * 1024;
const IDLE_TIMEOUT_MS = 30_000;
// sockaddr_un holds 108 bytes on Linux (104 on macOS) including the final NUL.
const MAX_SOCKET_PATH = 103;

export function controlSocketPath(dataDir: string): string {
  return path.join(dataDir, "run", "control.sock");
}

/** A refusal a handler means the caller to see as is (bad input, a rule of the shop). */
export class ControlError extends Error {
  constructor(
    message: string,
    readonly kind: "invalid" | "failed" = "invalid",
  ) {
    super(message);
  }
}

/** Nothing answers on the socket: no shop is running on this data folder (or it is starting). */
export class ControlUnavailable extends Error {}

export type ControlHandlers = Record<string, (input: unknown) => Promise<unknown>>;

export type ControlServer = { path: string; close(): Promise<void> };

/** Serves `handlers` on DATA_DIR/run/control.sock; null when the path is too long for a socket. */
export async function serveControlSocket(dataDir: string, handlers: ControlHandlers, log: Logger): Promise<ControlServer | null> {
  const socketPath = controlSocketPath(dataDir);
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH) {
    log.warn({ socketPath }, "DATA_DIR is too long a path for the control socket: stop the shop to run npm run user:create or npm run backup");
    return null;
  }
  const dir = path.dirname(socketPath);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dir, 0o700);
  // We hold the data folder's lock, so a socket file here is a dead process's leftover.
  fs.rmSync(socketPath, { force: true });

  const server = net.createServer((socket) => {
    socket.setTimeout(IDLE_TIMEOUT_MS, () => socket.destroy());
    let buffered = "";
    let handled = false;
    socket.setEncoding("utf8");
    socket.on("error", () => {});
    socket.on("data", (chunk: string) => {
      if (handled) return;
      buffered += chunk;
      if (buffered.length > MAX_REQUEST_BYTES) {
        handled = true;
        return void socket.end(`${JSON.stringify({ ok: false, kind: "invalid", error: "request too large" })}\n`);
      }
      const newline = buffered.indexOf("\n");
      if (newline < 0) return;
      handled = true;
      void answer(buffered.slice(0, newline)).then((reply) => socket.end(`${JSON.stringify(reply)}\n`));
    });
  });

  const answer = async (line: string): Promise<Record<string, unknown>> => {
    let request: { command?: unknown; input?: unknown };
    try {
      request = JSON.parse(line) as typeof request;
    } catch {
      return { ok: false, kind: "invalid", error: "the request is not JSON" };
    }
    const handler = typeof request.command === "string" && Object.hasOwn(handlers, request.command) ? handlers[request.command] : undefined;
    if (!handler) return { ok: false, kind: "invalid", error: `unknown command ${JSON.stringify(request.command)}` };
    try {
      const result = await handler(request.input);
      log.info({ command: request.command }, "control socket: command done");
      return { ok: true, result: result ?? null };
    } catch (error) {
      if (error instanceof ControlError) return { ok: false, kind: error.kind, error: error.message };
      log.error({ err: error, command: request.command }, "control socket: command failed");
      return { ok: false, kind: "failed", error: error instanceof Error ? error.message : String(error) };
    }
  };

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    // No one else can enter the 0700 folder between the bind and the chmod below.
    server.listen(socketPath, () => resolve());
  });
  fs.chmodSync(socketPath, 0o600);
  return {
    path: socketPath,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        fs.rmSync(socketPath, { force: true });
      }),
  };
}

/**
 * Sends one command to the shop running on `dataDir`. Throws ControlUnavailable when nothing
 * listens there, ControlError with the shop's own message when it refused.
 */
export async function callControlSocket(dataDir: string, command: string, input: unknown, opts: { timeoutMs?: number } = {}): Promise<unknown> {
  const socketPath = controlSocketPath(dataDir);
  const reply = await new Promise<string>((resolve, reject) => {
    const socket = net.connect(socketPath);
    let received = "";
    let connected = false;
    socket.setEncoding("utf8");
    socket.setTimeout(opts.timeoutMs ?? 10 * 60_000, () => socket.destroy(new Error("the running shop did not answer in time")));
    socket.on("connect", () => {
      connected = true;
      socket.write(`${JSON.stringify({ command, input })}\n`);
    });
    socket.on("data", (chunk: string) => (received += chunk));
    socket.on("end", () => resolve(received));
    socket.on("error", (error: NodeJS.ErrnoException) => {
      if (!connected && ["ENOENT", "ECONNREFUSED", "ENOTSOCK"].includes(error.code ?? "")) reject(new ControlUnavailable(error.message));
      else reject(error);
    });
  });
  let parsed: { ok: boolean; result?: unknown; error?: string; kind?: "invalid" | "failed" };
  try {
    parsed = JSON.parse(reply) as typeof parsed;
  } catch {
    throw new ControlError("the running shop gave an unreadable answer", "failed");
  }
  if (!parsed.ok) throw new ControlError(parsed.error ?? "refused", parsed.kind ?? "failed");
  return parsed.result;
}
