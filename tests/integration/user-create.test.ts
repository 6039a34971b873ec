import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "~/db/database.server";
import { createAuth } from "~/modules/staff/auth.server";
import { users } from "~/modules/staff/schema";
import { findUserIdByEmail, rolesOf } from "~/modules/staff/staff-users.server";
import { runScript } from "../support/run-script";
import { createEmptyPostgresDatabase } from "../support/test-database";

type Target = { env: Record<string, string>; open(): Promise<Database>; cleanup(): Promise<void> };

async function pgliteTarget(): Promise<Target> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "glacial-cli-"));
  return { env: { DATA_DIR: dir, SEED_DEMO: "never" }, open: () => openDatabase({ kind: "pglite", dataDir: dir }), cleanup: async () => {} };
}

async function postgresTarget(): Promise<Target> {
  const { url, drop } = await createEmptyPostgresDatabase();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "glacial-cli-"));
  return { env: { DATABASE_URL: url, DATA_DIR: dir }, open: () => openDatabase({ kind: "postgres", url }), cleanup: drop };
}

// Each case starts the command-line tool as a new process (tsx compiling it, then opening the
// database): several of them in one test need more than the default minute on a busy machine.
const SPAWNS_TIMEOUT_MS = 240_000;

const targets: [string, () => Promise<Target>][] = [["pglite", pgliteTarget]];
if (process.env.TEST_DATABASE_URL) targets.push(["postgres", postgresTarget]);

describe.each(targets)("npm run user:create on %s", (_kind, makeTarget) => {
  let target: Target;
  beforeAll(async () => {
    target = await makeTarget();
  });
  afterAll(() => target?.cleanup());

  it("rejects a malformed email, a short password, an unknown or missing role with one line and exit code 2, changing nothing", async () => {
    const cases: [string[], RegExp][] = [
      [["--email", "not-an-email", "--password", "long-enough-pw", "--role", "admin"], /--email/],
      [["--email", "a@b.in", "--password", "short", "--role", "admin"], /--password: Password must be at least 10 characters/],
      [["--email", "a@b.in", "--password", "long-enough-pw", "--role", "owner"], /--role: role must be one of super_admin, admin, support, viewer/],
      [["--email", "a@b.in", "--password", "long-enough-pw"], /--role: at least one --role is required/],
    ];
    const results = await Promise.all(cases.map(([args]) => runScript("user-create.ts", args, target.env)));
    for (const [i, result] of results.entries()) {
      expect(result.code).toBe(2);
      expect(result.stderr.trim().split("\n")).toHaveLength(1);
      expect(result.stderr).toMatch(cases[i]![1]);
    }
    const database = await target.open();
    try {
      await database.migrate();
      const [n] = await database.db.select({ n: count() }).from(users);
      expect(n!.n).toBe(0);
    } finally {
      await database.close();
    }
  }, SPAWNS_TIMEOUT_MS);

  it("creates a staff user the auth library signs in, then updates password and roles", async () => {
    const created = await runScript("user-create.ts", ["--email", "Asha@Glacial.in", "--password", "first-password-1", "--role", "admin", "--role", "support"], target.env);
    expect(created.stderr).toBe("");
    expect(created.code).toBe(0);
    expect(created.stdout).toMatch(/^created asha@glacial\.in/);

    const updated = await runScript("user-create.ts", ["--email", "asha@glacial.in", "--password", "second-password-2", "--role", "viewer"], target.env);
    expect(updated.code).toBe(0);
    expect(updated.stdout).toMatch(/^updated asha@glacial\.in/);

    const database = await target.open();
    try {
      const id = await findUserIdByEmail(database.db, "asha@glacial.in");
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(await rolesOf(database.db, id!)).toEqual(["viewer"]);
      const auth = createAuth(database.db, { secret: "test-secret-test-secret-test-secret!", baseURL: "http://localhost:3000" });
      const ok = await auth.api.signInEmail({ body: { email: "asha@glacial.in", password: "second-password-2" }, asResponse: true });
      expect(ok.status).toBe(200);
      const old = await auth.api.signInEmail({ body: { email: "asha@glacial.in", password: "first-password-1" }, asResponse: true });
      expect(old.status).toBe(401);
      // The hash is the library's, never the password itself.
      const stored = (await database.db.execute("select password from accounts")) as unknown as { rows: { password: string }[] };
      expect(stored.rows[0]!.password).not.toContain("second-password-2");
    } finally {
      await database.close();
    }
  }, SPAWNS_TIMEOUT_MS);
});
