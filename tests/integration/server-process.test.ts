import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runScript } from "../support/run-script";
import { spawnServer, startServer, type RunningServer } from "../support/server-process";
import { createEmptyPostgresDatabase } from "../support/test-database";

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), "glacial-srv-"));

/** Start-up faults end with one line naming the problem and exit code 78 (EX_CONFIG: the supervisor does not retry it). */
async function expectStartupFailure(env: Record<string, string>, message: RegExp) {
  const run = spawnServer({ HOST: "127.0.0.1", ...env });
  const code = await run.exited;
  expect(code).toBe(78);
  const lines = run.output().trim().split("\n");
  expect(lines.at(-1)).toMatch(/^glacial: /);
  expect(lines.at(-1)).toMatch(message);
  expect(run.output()).not.toMatch(/^\s+at /m);
}

// Each test spawns whole server processes (seeding a store, running migrations): on a busy
// two-core machine one such start alone has taken most of a minute.
const SPAWNS = { timeout: 240_000 };

describe("the server process on the embedded database", SPAWNS, () => {
  const servers: RunningServer[] = [];
  afterAll(async () => {
    for (const s of servers) await s.stop("SIGKILL");
  });

  it("creates, seeds and serves a new store; a second server on the same DATA_DIR refuses; SIGTERM stops it cleanly", async () => {
    const dataDir = tmp();
    // The very first start creates the database and seeds it (about 10 s on a quiet machine; a
    // loaded one has needed more than 90 s): it gets most of the test's own budget.
    const server = await startServer({ DATA_DIR: dataDir }, 200_000);
    servers.push(server);
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: "ok", database: "pglite", version: expect.any(String) });

    const home = await fetch(`${server.url}/`);
    expect(home.status).toBe(200);
    const html = await home.text();
    expect(html).toContain("Best Seller");
    expect(html).toContain("Glacier Classic Bottle");
    expect(html).not.toContain("Titanium Prototype Bottle");
    // The public folder's files are served as files; a name not among them goes on to the pages.
    const favicon = await fetch(`${server.url}/favicon.ico`);
    expect(favicon.status).toBe(200);
    expect(favicon.headers.get("cache-control")).toBe("public, max-age=3600");
    const hero = await fetch(`${server.url}/hero/hero-1.svg`);
    expect([hero.status, hero.headers.get("content-type")]).toEqual([200, "image/svg+xml; charset=utf-8"]);
    expect(await hero.text()).toContain("<svg");
    expect((await fetch(`${server.url}/hero/no-such.svg`)).status).toBe(404);
    // Seeded in a short-lived child process: the serving process never carried seeding's peak
    // (about 1 GB when it seeded itself) and serves at its working size.
    const rssMiB = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${server.proc.pid}/status`, "utf8"))![1]) / 1024;
    expect(rssMiB).toBeLessThan(400);

    await expectStartupFailure({ DATA_DIR: dataDir, PORT: "0" }, /in use by another GLACIAL process \(pid \d+\)/);

    expect(await server.stop("SIGTERM")).toBe(0);
    expect(server.output()).toContain('"msg":"stopped"');
    expect(fs.existsSync(path.join(dataDir, "glacial.lock"))).toBe(false);
  });

  it("refuses a port already in use", async () => {
    const blocker = net.createServer().listen(0, "127.0.0.1");
    await new Promise((r) => blocker.once("listening", r));
    const port = (blocker.address() as net.AddressInfo).port;
    try {
      await expectStartupFailure({ DATA_DIR: tmp(), PORT: String(port), SEED_DEMO: "never" }, new RegExp(`port ${port} is already in use`));
    } finally {
      blocker.close();
    }
  });

  it("refuses an unwritable DATA_DIR, a malformed or unreachable DATABASE_URL, a bad PORT", async () => {
    await expectStartupFailure({ DATA_DIR: "/etc/hostname/data" }, /DATA_DIR \/etc\/hostname\/data is not writable/);
    await expectStartupFailure({ DATABASE_URL: "not a url" }, /DATABASE_URL is not a valid URL/);
    await expectStartupFailure({ DATABASE_URL: "mysql://localhost/x" }, /DATABASE_URL must start with postgres:\/\//);
    await expectStartupFailure({ DATABASE_URL: "postgres://postgres@127.0.0.1:1/none" }, /cannot reach PostgreSQL at 127\.0\.0\.1:1/);
    await expectStartupFailure({ PORT: "eighty" }, /invalid configuration: PORT/);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("the server process on PostgreSQL", SPAWNS, () => {
  let drop: (() => Promise<void>) | undefined;
  let server: RunningServer | undefined;
  afterAll(async () => {
    await server?.stop("SIGKILL");
    await drop?.();
  });

  it("migrates an empty database without seeding, then serves the demo store after db:seed-demo", async () => {
    const target = await createEmptyPostgresDatabase();
    drop = target.drop;
    const env = { DATABASE_URL: target.url, DATA_DIR: tmp() };
    server = await startServer(env);
    const health = await (await fetch(`${server.url}/healthz`)).json();
    expect(health).toMatchObject({ status: "ok", database: "postgres" });
    expect(await (await fetch(`${server.url}/`)).text()).toContain("No products available at the moment");

    const seeded = await runScript("db-seed-demo.ts", [], env);
    expect(seeded.code).toBe(0);
    expect(seeded.stdout).toMatch(/seeded \d+ products into the postgres database/);
    // The server shares the database; the seed's NOTIFY empties its caches, so it shows the store.
    const running = server;
    await expect.poll(async () => (await fetch(`${running.url}/`)).text(), { timeout: 5000 }).toContain("Glacier Classic Bottle");
    const again = await runScript("db-seed-demo.ts", [], env);
    expect(again.stdout).toMatch(/already holds a store; nothing seeded/);
  });
});
