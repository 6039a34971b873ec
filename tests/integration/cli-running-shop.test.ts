import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { displaySetupCode, setupCodeFor } from "~/modules/staff/first-run.server";
import { signInOverHttp } from "../support/staff-http";
import { runScript } from "../support/run-script";
import { startServer, type RunningServer } from "../support/server-process";
import { createEmptyPostgresDatabase } from "../support/test-database";

// The first thing a new owner does: with the shop running, create the first staff account, from
// the command line or from the setup screen whose code the log shows.

const servers: RunningServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.stop("SIGKILL");
});

describe("npm run user:create while the embedded shop is running", () => {
  it("prints the setup code at start, hands user:create to the running shop over its socket, and the account signs in", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "glacial-run-"));
    const server = await startServer({ DATA_DIR: dataDir, SEED_DEMO: "never" });
    servers.push(server);

    const secret = fs.readFileSync(path.join(dataDir, "auth-secret"), "utf8").trim();
    const code = displaySetupCode(setupCodeFor(secret));
    await expect.poll(() => server.output()).toContain(`enter the setup code ${code}`);
    expect(server.output()).toContain(`${server.url.replace("127.0.0.1", "localhost")}/admin/setup`);
    // Only the shop's own account may open the socket.
    expect(fs.statSync(path.join(dataDir, "run")).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(dataDir, "run", "control.sock")).mode & 0o777).toBe(0o600);

    const created = await runScript("user-create.ts", ["--email", "Owner@Glacial.in", "--password", "a long owner passphrase", "--role", "super_admin"], { DATA_DIR: dataDir });
    expect(created.stderr).toBe("");
    expect(created.code).toBe(0);
    expect(created.stdout).toMatch(/^created owner@glacial\.in \([0-9a-f-]{36}\) with roles: super_admin$/m);
    expect(server.output()).toContain('"command":"user:create"');

    // Refusals come back as before: one line, exit code 2, nothing changed.
    const refused = await runScript("user-create.ts", ["--email", "x@glacial.in", "--password", "password123", "--role", "admin"], { DATA_DIR: dataDir });
    expect(refused.code).toBe(2);
    expect(refused.stderr.trim()).toBe("user:create: --password: This password is too common. Choose one that is harder to guess.");

    const cookie = await signInOverHttp(server.url, "owner@glacial.in", "a long owner passphrase");
    expect(cookie).toContain("session");
    // The setup screen is gone now that a staff account exists.
    expect((await fetch(`${server.url}/admin/setup`)).status).toBe(404);
    const login = await fetch(`${server.url}/admin/login`, { redirect: "manual" });
    expect(login.status).toBe(200);

    expect(await server.stop("SIGTERM")).toBe(0);
    expect(fs.existsSync(path.join(dataDir, "run", "control.sock"))).toBe(false);
    // Stopped: the tool opens the data folder itself, as before.
    const updated = await runScript("user-create.ts", ["--email", "owner@glacial.in", "--password", "another owner passphrase", "--role", "super_admin"], { DATA_DIR: dataDir, SEED_DEMO: "never" });
    expect(updated.code).toBe(0);
    expect(updated.stdout).toMatch(/^updated owner@glacial\.in/m);
  }, 240_000);
});

describe.runIf(process.env.TEST_DATABASE_URL)("npm run user:create while a shop on PostgreSQL is running", () => {
  let drop: (() => Promise<void>) | undefined;
  afterAll(() => drop?.());

  it("writes to the shared database directly; the running shop signs the account in", async () => {
    const target = await createEmptyPostgresDatabase();
    drop = target.drop;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "glacial-run-pg-"));
    const env = { DATABASE_URL: target.url, DATA_DIR: dataDir, AUTH_SECRET: "a-shared-secret-of-at-least-32-characters" };
    const server = await startServer(env);
    servers.push(server);
    await expect.poll(() => server.output()).toContain(`enter the setup code ${displaySetupCode(setupCodeFor(env.AUTH_SECRET))}`);
    expect(fs.existsSync(path.join(dataDir, "run", "control.sock"))).toBe(false);

    const created = await runScript("user-create.ts", ["--email", "owner@glacial.in", "--password", "a long owner passphrase", "--role", "admin"], env);
    expect(created.stderr).toBe("");
    expect(created.code).toBe(0);
    expect(await signInOverHttp(server.url, "owner@glacial.in", "a long owner passphrase")).toContain("session");
    expect((await fetch(`${server.url}/admin/setup`)).status).toBe(404);
  }, 240_000);
});
