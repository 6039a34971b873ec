import crypto from "node:crypto";
import fs from "node:fs";
import pg from "pg";
import { openDatabase, type Database } from "~/db/database.server";
import type { DatabaseKind } from "~/db/types";
import { localDiskStorage, type MediaStorage } from "~/modules/media/storage.server";
import { fixturesHash, mediaDirFor, pgTemplateName, snapshotPath } from "./fixtures";

/** The drivers every integration suite runs on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const DRIVERS: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

export type TestDatabase = Database & { storage: MediaStorage };

/** A fresh database of that kind (migrated, optionally with the demo store), dropped by close(). */
export async function openTestDatabase(kind: DatabaseKind, opts: { seeded?: boolean } = {}): Promise<TestDatabase> {
  const hash = fixturesHash();
  const seeded = opts.seeded ?? false;
  const storage = localDiskStorage(mediaDirFor(hash));
  if (kind === "pglite") {
    const blob = new Blob([fs.readFileSync(snapshotPath(hash, seeded))]);
    const database = await openDatabase({ kind: "pglite-memory", loadDataDir: blob });
    return { ...database, storage };
  }
  const scratch = await createScratchDatabase(pgTemplateName(hash, seeded));
  const database = await openDatabase({ kind: "postgres", url: scratch.url, poolSize: 4 });
  return {
    ...database,
    storage,
    async close() {
      await database.close();
      await scratch.drop();
    },
  };
}

/** A connection string to a fresh, empty PostgreSQL database (for tests that spawn processes). */
export function createEmptyPostgresDatabase(): Promise<ScratchDatabase> {
  return createScratchDatabase();
}

/**
 * A connection string to a fresh PostgreSQL database holding the seeded demo store, copied from
 * the cached template (its media are in mediaDirFor(fixturesHash())). Needs the templates
 * prepared (tests/support/integration-setup.ts).
 */
export function createSeededPostgresDatabase(): Promise<ScratchDatabase> {
  return createScratchDatabase(pgTemplateName(fixturesHash(), true));
}

type ScratchDatabase = { url: string; drop(): Promise<void> };

/** A new database with a random name on TEST_DATABASE_URL's server, copied from `template` if given. */
async function createScratchDatabase(template?: string): Promise<ScratchDatabase> {
  const url = process.env.TEST_DATABASE_URL!;
  const name = `glacial_t_${crypto.randomBytes(6).toString("hex")}`;
  await adminQuery(url, `create database ${name}${template ? ` template ${template}` : ""}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  return { url: target.toString(), drop: () => adminQuery(url, `drop database if exists ${name} with (force)`) };
}

async function adminQuery(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
