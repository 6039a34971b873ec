import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase, type Database } from "~/db/database.server";
import { createAuth } from "~/modules/staff/auth.server";
import type { Role } from "~/modules/staff/roles";
import { upsertStaffUser } from "~/modules/staff/staff-users.server";
import { fixturesHash, mediaDirFor, snapshotPath } from "./fixtures";
import prepareSnapshots from "./integration-setup";
import { startServer, type RunningServer } from "./server-process";

export type StaffSeed = { email: string; password: string; roles: Role[] };
export type AdminServer = RunningServer & { dataDir: string };

/**
 * A new DATA_DIR holding a copy of the seeded demo store (the cached PGlite snapshot and its
 * media), changed by `prepare` before any server opens it: PGlite's data folder is locked while
 * a server runs. About 2 s, where a server's first start on an empty folder creates and seeds the
 * store in about 10 s.
 */
export async function prepareDemoStore(prepare?: (database: Database) => Promise<void>, prefix = "glacial-store-"): Promise<string> {
  await prepareSnapshots();
  const hash = fixturesHash();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const database = await openDatabase({ kind: "pglite", dataDir, loadDataDir: new Blob([fs.readFileSync(snapshotPath(hash, true))]) });
  try {
    await database.migrate();
    await prepare?.(database);
  } finally {
    await database.close();
  }
  fs.cpSync(mediaDirFor(hash), path.join(dataDir, "media"), { recursive: true });
  return dataDir;
}

/** Creates the staff through the CLI's path (upsertStaffUser). */
export async function seedStaff(database: Database, staff: StaffSeed[]) {
  // Only the password hash matters here; the server makes its own secret for sessions.
  const auth = createAuth(database.db, { secret: "seed-secret-seed-secret-seed-secret", baseURL: "http://localhost" });
  for (const user of staff) await upsertStaffUser(database.db, auth, user);
}

/** A production server on its own demo store with the given staff, created before the server starts. */
export async function startAdminServer(staff: StaffSeed[], env: Record<string, string> = {}): Promise<AdminServer> {
  const dataDir = await prepareDemoStore((database) => seedStaff(database, staff), "glacial-admin-");
  const server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: "warn", ...env });
  return Object.assign(server, { dataDir });
}

/** Signs in through the login form's endpoint; returns the Cookie header for later requests. */
export async function signInOverHttp(baseUrl: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl}/admin/login`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: baseUrl, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "password", email, password }),
  });
  if (res.status !== 302 || res.headers.get("location") !== "/admin/dashboard") throw new Error(`sign-in of ${email} answered ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}
