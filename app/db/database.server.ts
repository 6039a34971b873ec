import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { sql } from "drizzle-orm";
import pg from "pg";
import { acquireDataDirLock } from "./data-dir-lock.server";
import { migrationsFolder } from "./project-root.server";
import { schema } from "./schema";
import type { DatabaseKind, Db } from "./types";

export class DatabaseStartupError extends Error {}

export type Database = {
  db: Db;
  kind: DatabaseKind;
  /** Present on the embedded driver: the single PGlite connection (used for LISTEN/NOTIFY). */
  pglite?: PGlite;
  /** Present on PostgreSQL: the pool, from which the event module takes a dedicated LISTEN client. */
  pool?: pg.Pool;
  migrate(folder?: string): Promise<void>;
  /**
   * Runs `work` while holding a lock named `name` across every process on this database (a
   * PostgreSQL advisory lock held on a connection of its own; the embedded database has one
   * process, so there it simply runs). For start-up work several processes must not do at once.
   */
  exclusive<T>(name: string, work: () => Promise<T>): Promise<T>;
  /** Migrations of this build not yet applied to the database (0 when it is current). */
  pendingMigrations(folder?: string): Promise<number>;
  close(): Promise<void>;
};

export type OpenDatabaseOptions =
  | { kind: "pglite"; dataDir: string; loadDataDir?: Blob; lock?: boolean }
  | { kind: "pglite-memory"; loadDataDir?: Blob }
  | { kind: "postgres"; url: string; poolSize?: number };

/**
 * The embedded database's memory settings. PostgreSQL's defaults (128 MB of shared buffers, 64 MB
 * for maintenance) are sized for a server of its own; inside the shop's process, in WebAssembly
 * memory that never shrinks, they cost about 120 MB for a catalogue that fits in a few MB. Pages
 * not in the buffers come from the operating system's file cache.
 */
const EMBEDDED_START_PARAMS = [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB", "-c", "maintenance_work_mem=16MB"];

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.kind === "postgres") return openPostgres(options.url, options.poolSize ?? 10);
  if (options.kind === "pglite-memory") return wrapPglite(await PGlite.create({ loadDataDir: options.loadDataDir }));
  const pgliteDir = path.join(options.dataDir, "pglite");
  ensureWritableDir(options.dataDir);
  const release = options.lock === false ? () => {} : acquireDataDirLock(options.dataDir);
  try {
    const client = await PGlite.create({ dataDir: pgliteDir, loadDataDir: options.loadDataDir, startParams: EMBEDDED_START_PARAMS });
    return wrapPglite(client, release);
  } catch (error) {
    release();
    throw new DatabaseStartupError(`could not open the embedded database in ${pgliteDir}: ${messageOf(error)}`);
  }
}

function wrapPglite(client: PGlite, release: () => void = () => {}): Database {
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    pglite: client,
    async migrate(folder = migrationsFolder()) {
      await migratePglite(db as never, { migrationsFolder: folder });
    },
    pendingMigrations: (folder = migrationsFolder()) => pendingMigrations(db, folder),
    exclusive: (_name, work) => work(),
    async close() {
      try {
        if (!client.closed) await client.close();
      } finally {
        release();
      }
    },
  };
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new DatabaseStartupError("DATABASE_URL is not a valid URL (expected postgres://user@host:port/database)");
  }
  if (parsed.protocol !== "postgres:" && parsed.protocol !== "postgresql:") {
    throw new DatabaseStartupError(`DATABASE_URL must start with postgres:// (got ${parsed.protocol}//)`);
  }
  // pg-pool uses one limit both for opening a connection and for waiting in the queue for a free
  // one. A burst of checkouts queues behind the pool's few connections; 10 s (Prisma's default
  // pool wait) lets such a queue drain instead of turning a busy minute into 503s, and is still
  // short enough for a shopper to be told to retry when the server truly hangs. A refused or
  // dropped connection fails at once whatever this says.
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 10_000 });
  // A client losing its server must not crash the process: idle ones are the pool's "error"; a
  // client checked out (a query or transaction in flight) emits its own, and without a listener
  // Node ends the process. The query in flight fails with the same error, and the pool replaces
  // the client.
  pool.on("error", () => {});
  pool.on("connect", (client) => {
    client.on("error", () => {});
  });
  try {
    const probe = await pool.connect();
    probe.release();
  } catch (error) {
    await pool.end().catch(() => {});
    throw new DatabaseStartupError(
      `cannot reach PostgreSQL at ${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}: ${messageOf(error)}`,
    );
  }
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  const withAdvisoryLock = async <T>(name: string, work: (client: pg.PoolClient) => Promise<T>): Promise<T> => {
    const client = await pool.connect();
    try {
      await client.query("select pg_advisory_lock(hashtext($1))", [`glacial:${name}`]);
      try {
        return await work(client);
      } finally {
        await client.query("select pg_advisory_unlock(hashtext($1))", [`glacial:${name}`]);
      }
    } finally {
      client.release();
    }
  };
  return {
    db,
    kind: "postgres",
    pool,
    // Several processes start at once (WEB_CONCURRENCY): one migrates, the others wait and then
    // find nothing pending.
    async migrate(folder = migrationsFolder()) {
      await withAdvisoryLock("migrate", (client) => migratePg(drizzlePg({ client, schema }) as never, { migrationsFolder: folder }));
    },
    exclusive: (name, work) => withAdvisoryLock(name, () => work()),
    pendingMigrations: (folder = migrationsFolder()) => pendingMigrations(db, folder),
    async close() {
      await pool.end();
    },
  };
}

/** Journal entries of `folder` beyond the number drizzle has recorded as applied. */
async function pendingMigrations(db: Db, folder: string): Promise<number> {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, "meta", "_journal.json"), "utf8")) as { entries: unknown[] };
  const result = (await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as unknown as { rows: { n: number }[] };
  return Math.max(0, journal.entries.length - Number(result.rows[0]?.n ?? 0));
}

function ensureWritableDir(dir: string) {
  try {
    fs.mkdirSync(dir, { recursive: true });
    fs.accessSync(dir, fs.constants.W_OK);
  } catch (error) {
    throw new DatabaseStartupError(`DATA_DIR ${dir} is not writable: ${messageOf(error)}`);
  }
}

function messageOf(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length) return messageOf(error.errors[0]);
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}
