import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase, type Database } from "~/db/database.server";
import { createAuth } from "~/modules/staff/auth.server";
import type { Role } from "~/modules/staff/roles";
import { upsertStaffUser } from "~/modules/staff/staff-users.server";
import { CACHE_DIR, fixturesHash, mediaDirFor, ROOT, snapshotPath } from "./fixtures";
import prepareSnapshots from "./integration-setup";
import { startServer, type RunningServer } from "./server-process";

export type StaffSeed = { email: string; password: string; roles: Role[] };
export type AdminServer = RunningServer & { dataDir: string };

/**
 * A new DATA_DIR holding a copy of the seeded demo store, changed by `prepare` before any server
 * opens it (PGlite's data folder is locked while a server runs). The copy is of a shop that has
 * already been started once (see storeTemplate): a plain folder copy, and the server then skips
 * its first-start work. Without a build it is made from the cached PGlite snapshot instead.
 */
export async function prepareDemoStore(prepare?: (database: Database) => Promise<void>, prefix = "glacial-store-"): Promise<string> {
  await prepareSnapshots();
  const hash = fixturesHash();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const template = await storeTemplate();
  if (template) {
    fs.cpSync(template, dataDir, { recursive: true });
    if (prepare) {
      const database = await openDatabase({ kind: "pglite", dataDir });
      try {
        await prepare(database);
      } finally {
        await database.close();
      }
    }
    return dataDir;
  }
  await fillFromSnapshot(dataDir, hash, prepare);
  return dataDir;
}

/** The seeded snapshot unpacked into `dataDir` (migrated, then changed by `prepare`), with its media. */
async function fillFromSnapshot(dataDir: string, hash: string, prepare?: (database: Database) => Promise<void>) {
  const database = await openDatabase({ kind: "pglite", dataDir, loadDataDir: new Blob([fs.readFileSync(snapshotPath(hash, true))]) });
  try {
    await database.migrate();
    await prepare?.(database);
  } finally {
    await database.close();
  }
  fs.cpSync(mediaDirFor(hash), path.join(dataDir, "media"), { recursive: true });
}

// A server's first start on a store does work every later start skips: the job queue creates its
// schema and queues. Browser and process tests start some thirty servers a run, so that work is
// done once, on a template folder that each store copies. Keyed by the seed, the migrations and
// the build (the queues are declared by the built server), so a change to any of them makes a
// new template.
let templatePromise: Promise<string | null> | undefined;
function storeTemplate(): Promise<string | null> {
  templatePromise ??= makeStoreTemplate();
  return templatePromise;
}

async function makeStoreTemplate(): Promise<string | null> {
  const entry = path.join(ROOT, "build/server/index.js");
  if (!fs.existsSync(entry)) return null;
  const key = crypto
    .createHash("sha256")
    .update(fixturesHash())
    .update(fs.readFileSync(entry))
    .update(fs.readFileSync(path.join(ROOT, "package-lock.json")))
    .digest("hex")
    .slice(0, 16);
  const dir = path.join(CACHE_DIR, `store-${key}`);
  if (fs.existsSync(path.join(dir, READY))) return dir;
  // Made aside and renamed into place: test files starting together may each make one; the first
  // rename wins and the others are thrown away, so no file ever copies a half-made template.
  fs.mkdirSync(CACHE_DIR, { recursive: true });
  const work = fs.mkdtempSync(path.join(CACHE_DIR, `store-${key}.tmp-`));
  try {
    await fillFromSnapshot(work, fixturesHash());
    const server = await startServer({ DATA_DIR: work, LOG_LEVEL: "warn" });
    const code = await server.stop("SIGTERM");
    if (code !== 0) throw new Error(`the template's server stopped with ${code}:\n${server.output()}`);
    // What belongs to one shop, not to the template: the session secret (each copy makes its own,
    // and so its own first-run setup code) and the running process's files.
    for (const name of ["auth-secret", "run", "glacial.lock"]) fs.rmSync(path.join(work, name), { recursive: true, force: true });
    fs.writeFileSync(path.join(work, READY), new Date().toISOString());
    try {
      fs.renameSync(work, dir);
    } catch (error) {
      if (!fs.existsSync(path.join(dir, READY))) throw error;
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  removeOldTemplates(dir);
  return dir;
}

const READY = ".template-ready";

/** Templates of earlier builds, once nothing can still be copying them (an hour old). */
function removeOldTemplates(current: string) {
  for (const name of fs.readdirSync(CACHE_DIR)) {
    const full = path.join(CACHE_DIR, name);
    if (!name.startsWith("store-") || full === current) continue;
    if (Date.now() - fs.statSync(full).mtimeMs > 3600_000) fs.rmSync(full, { recursive: true, force: true });
  }
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
