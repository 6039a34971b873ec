import fs from "node:fs";
import pg from "pg";
import { openDatabase } from "~/db/database.server";
import { localDiskStorage } from "~/modules/media/storage.server";
import { seedDemoStore } from "~/seed/demo-store.server";
import { CACHE_DIR, fixturesHash, mediaDirFor, pgTemplateName, snapshotPath } from "./fixtures";

// Migrating and seeding is the slow part of every test database: do it once per change of the
// migrations or the seed, and let each test open a copy (PGlite snapshot, PostgreSQL template).
export default async function setup() {
  const hash = fixturesHash();
  fs.mkdirSync(CACHE_DIR, { recursive: true });
  for (const seeded of [false, true]) {
    const file = snapshotPath(hash, seeded);
    if (fs.existsSync(file)) continue;
    const database = await openDatabase({ kind: "pglite-memory" });
    await database.migrate();
    if (seeded) await seedDemoStore(database.db, localDiskStorage(mediaDirFor(hash)), new Date("2026-11-01T00:00:00Z"));
    const blob = await database.pglite!.dumpDataDir("gzip");
    // Written aside under this process's own name, then renamed: a run beside this one may be
    // making the same file, and neither ever reads the other's half-written copy.
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, Buffer.from(await blob.arrayBuffer()));
    fs.renameSync(tmp, file);
    await database.close();
  }
  const url = process.env.TEST_DATABASE_URL;
  if (url) await preparePostgresTemplates(url, hash);
}

async function preparePostgresTemplates(url: string, hash: string) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    // One maker at a time on the server (a session lock, let go when the connection ends): a run
    // beside this one would otherwise find a template that exists but is still being migrated.
    await admin.query("select pg_advisory_lock(hashtext('glacial-test-templates'))");
    for (const seeded of [false, true]) {
      const name = pgTemplateName(hash, seeded);
      const exists = await admin.query("select 1 from pg_database where datname = $1", [name]);
      if (exists.rowCount) continue;
      await admin.query(`create database ${name}`);
      const target = new URL(url);
      target.pathname = `/${name}`;
      const database = await openDatabase({ kind: "postgres", url: target.toString(), poolSize: 2 });
      try {
        await database.migrate();
        if (seeded) await seedDemoStore(database.db, localDiskStorage(mediaDirFor(hash)), new Date("2026-11-01T00:00:00Z"));
      } catch (error) {
        await database.close();
        await admin.query(`drop database ${name}`);
        throw error;
      }
      await database.close();
    }
  } finally {
    await admin.end();
  }
}
