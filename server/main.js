// Process entry (plain JavaScript: Node 20 runs no TypeScript). Production loads the built app;
// `--dev` runs Vite in middleware mode on the same HTTP server.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { getRequestListener } from "@hono/node-server";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dev = process.argv.includes("--dev");
const seedOnly = process.argv.includes("--seed-only");
const { version } = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));

// A start-up that cannot succeed (bad configuration, port taken, not built) exits with 78
// (EX_CONFIG), which the supervisor of `npm start` (scripts/supervisor.js) does not retry.
const EXIT_CANNOT_START = 78;
// Requests still running this long after SIGTERM are cut off.
const SHUTDOWN_DRAIN_MS = 10_000;

function fail(message) {
  console.error(`glacial: ${message}`);
  process.exit(EXIT_CANNOT_START);
}

let services;
try {
  let mod;
  let vite;
  if (dev) {
    const { createServer } = await import("vite");
    vite = await createServer({ root, server: { middlewareMode: true }, appType: "custom" });
    mod = await vite.ssrLoadModule("/server/app.ts");
  } else {
    const entry = path.join(root, "build/server/index.js");
    if (!fs.existsSync(entry)) fail("the app is not built: run `npm run build` (or `npm start`, which builds when needed)");
    mod = await import(entry);
  }
  const config = mod.readConfig({ NODE_ENV: dev ? "development" : "production", ...process.env });
  if (seedOnly) {
    // The child below: migrate and seed, then go.
    const seeded = await mod.openServices(config, { version, workers: false });
    await seeded.close();
    process.exit(0);
  }
  // The embedded database's first start seeds the demo store in a short-lived child process.
  // Seeding (image processing, thousands of rows) grows a process to about 1 GB, which neither V8
  // nor the embedded database's WebAssembly memory gives back; the shop then starts at its
  // working size instead of carrying that peak for its whole life.
  if (!dev && !config.databaseUrl && config.seedDemo !== "never" && !fs.existsSync(path.join(config.dataDir, "pglite"))) {
    const child = spawnSync(process.execPath, [fileURLToPath(import.meta.url), "--seed-only"], { cwd: root, stdio: "inherit", env: process.env });
    // A start-up fault was already named by the child, in its one line.
    if (child.status === EXIT_CANNOT_START) process.exit(EXIT_CANNOT_START);
    if (child.status !== 0) fail(`preparing the embedded database on first start failed (exit ${child.status ?? child.signal})`);
  }
  services = await mod.openServices(config, { version });
  const mode = dev ? "development" : "production";
  // Aborted on SIGTERM: live streams tell their browsers to reconnect (to another process, or
  // to this shop once it is back) and /readyz answers 503, so a balancer stops sending requests.
  const stopping = new AbortController();
  const appOptions = { mode, shutdown: stopping.signal };

  let listener;
  if (dev) {
    listener = (req, res) =>
      vite.middlewares(req, res, async () => {
        const fresh = await vite.ssrLoadModule("/server/app.ts");
        getRequestListener(fresh.createApp(services, appOptions).fetch)(req, res);
      });
  } else {
    listener = getRequestListener(mod.createApp(services, { ...appOptions, clientDir: path.join(root, "build/client") }).fetch);
  }

  const server = http.createServer(listener);
  // An idle kept-alive connection stays open longer than a proxy's or a client's own idle limit
  // (60 s for nginx and most load balancers, about 4 s for Node's fetch), so the client always
  // closes it first: a server closing it at the same moment a request is sent on it breaks that
  // request ("other side closed" in fetch, a 502 from a proxy).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.port, config.host, resolve);
  }).catch(async (error) => {
    await services.close().catch(() => {});
    if (error.code === "EADDRINUSE") fail(`port ${config.port} is already in use (set PORT to another port)`);
    if (error.code === "EACCES") fail(`no permission to listen on port ${config.port}`);
    fail(`cannot listen on ${config.host}:${config.port}: ${error.message}`);
  });
  const address = server.address();
  services.log.info({ port: address.port, database: services.database.kind, version }, `GLACIAL is serving http://localhost:${address.port}`);

  // The embedded database belongs to this process alone: command-line tools (user:create,
  // backup) hand their work to it over a socket in DATA_DIR while it runs.
  const control = services.database.kind === "pglite" ? await mod.startControlSocket(services) : null;
  // Under WEB_CONCURRENCY only the first process prints the first-run notice.
  if ((process.env.GLACIAL_PROCESS ?? "1") === "1") await mod.announceFirstRun(services);

  let shuttingDown = false;
  const shutdown = (signal) => {
    if (shuttingDown) return;
    shuttingDown = true;
    services.log.info({ signal }, "shutting down: finishing in-flight requests");
    stopping.abort();
    // Stop accepting; idle keep-alive sockets close now, busy ones once their response (a live
    // stream: its retry hint) is written.
    server.close(async () => {
      clearInterval(sweep);
      await control?.close().catch(() => {});
      await services.close().catch((error) => services.log.error({ err: error }, "closing the database failed"));
      await vite?.close();
      services.log.info("stopped");
      process.exit(0);
    });
    server.closeIdleConnections();
    const sweep = setInterval(() => server.closeIdleConnections(), 200);
    setTimeout(() => server.closeAllConnections(), SHUTDOWN_DRAIN_MS).unref();
    // Whatever happens, the process ends within a bound.
    setTimeout(() => {
      services.log.error("shutdown took too long; exiting");
      process.exit(1);
    }, SHUTDOWN_DRAIN_MS + 5000).unref();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
} catch (error) {
  await services?.close().catch(() => {});
  const known = ["ConfigError", "DatabaseStartupError", "DataDirLockedError"];
  if (error && known.includes(error.constructor?.name)) fail(error.message);
  if (error && error.code === "EACCES") fail(`permission denied: ${error.path ?? error.message}`);
  fail(`start-up failed: ${error?.message ?? error}`);
}
