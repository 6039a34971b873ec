import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import type { Database } from "~/db/database.server";
import { openDatabase } from "~/db/database.server";
import { acquireDataDirLock, DataDirLockedError } from "~/db/data-dir-lock.server";
import { ControlError } from "./control-socket.server";

// Backup and restore (npm run backup / npm run restore; docs/decisions/0010-backup-and-restore.md).
// A backup is a folder (no tar writer is installed, and a folder is what an operator copies
// off the machine with any tool anyway):
//
//   manifest.json      written last: a folder without it is an unfinished backup
//   database.tar.gz    the embedded database's data folder as PGlite dumps it (dumpDataDir), or
//   database.pgdump    PostgreSQL's pg_dump in its custom format (for pg_restore)
//   media/             a copy of DATA_DIR/media (not when the images live in an S3 bucket)
//   auth-secret        DATA_DIR/auth-secret when the shop generated one (sessions, two-factor secrets)
//
// The database is dumped before the media are copied, so every image the dump names is in the copy
// (an image uploaded in between is an extra file, harmless).

export const BACKUP_FORMAT = "glacial-backup";
export const BACKUP_VERSION = 1;
const EMBEDDED_DUMP = "database.tar.gz";
const POSTGRES_DUMP = "database.pgdump";

export type BackupManifest = {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  createdAt: string;
  /** The shop's version (package.json) that wrote it. */
  appVersion: string;
  database: { kind: "pglite" | "postgres"; file: string; bytes: number };
  media: { included: true; files: number; bytes: number } | { included: false; reason: string };
  authSecret: boolean;
};

/** Where a backup comes from and goes to: the parts of the shop's configuration it reads. */
export type BackupTarget = { dataDir: string; databaseUrl?: string | null; s3?: unknown };

/** A refusal the operator should read as is (exit code 1, one line). */
export class BackupError extends Error {}

/**
 * The embedded database's data folder as one gzipped tarball, consistent: taken between
 * transactions (PGlite runs one statement at a time and this holds its transaction lock), after a
 * checkpoint so that a restore has little write-ahead log to replay.
 */
export async function dumpEmbeddedDatabase(database: Pick<Database, "pglite">, file: string): Promise<{ bytes: number }> {
  const client = database.pglite;
  if (!client) throw new ControlError("the shop does not run on the embedded database", "failed");
  if (!path.isAbsolute(file) || !file.endsWith(".tar.gz")) throw new ControlError("the dump's file must be an absolute path ending in .tar.gz");
  if (!fs.existsSync(path.dirname(file))) throw new ControlError(`the folder ${path.dirname(file)} does not exist`);
  await client.exec("CHECKPOINT");
  const dump = await client._runExclusiveTransaction(() => client.dumpDataDir("gzip"));
  const bytes = Buffer.from(await dump.arrayBuffer());
  // wx: never over an existing file.
  fs.writeFileSync(file, bytes, { flag: "wx", mode: 0o600 });
  return { bytes: bytes.length };
}

/** Writes a backup into `out` (created; refused when it exists and is not empty). */
export async function writeBackup(
  target: BackupTarget,
  out: string,
  opts: { appVersion: string; dumpEmbedded: (file: string) => Promise<unknown>; now?: Date },
): Promise<BackupManifest> {
  if (fs.existsSync(out) && fs.readdirSync(out).length > 0) throw new BackupError(`${out} is not empty: choose a new folder for the backup`);
  fs.mkdirSync(out, { recursive: true, mode: 0o700 });

  let database: BackupManifest["database"];
  if (target.databaseUrl) {
    const file = path.join(out, POSTGRES_DUMP);
    await runPgTool("pg_dump", ["--format=custom", "--no-owner", "--no-privileges", `--file=${file}`], target.databaseUrl);
    database = { kind: "postgres", file: POSTGRES_DUMP, bytes: fs.statSync(file).size };
  } else {
    const file = path.join(out, EMBEDDED_DUMP);
    await opts.dumpEmbedded(file);
    database = { kind: "pglite", file: EMBEDDED_DUMP, bytes: fs.statSync(file).size };
  }

  let media: BackupManifest["media"];
  if (target.s3) {
    media = { included: false, reason: "the images are in the S3 bucket (S3_BUCKET): back the bucket up with its own tools" };
  } else {
    const from = path.join(target.dataDir, "media");
    if (fs.existsSync(from)) fs.cpSync(from, path.join(out, "media"), { recursive: true });
    else fs.mkdirSync(path.join(out, "media"));
    media = { included: true, ...sizeOf(path.join(out, "media")) };
  }

  const secret = path.join(target.dataDir, "auth-secret");
  const authSecret = fs.existsSync(secret);
  if (authSecret) fs.copyFileSync(secret, path.join(out, "auth-secret"));
  if (authSecret) fs.chmodSync(path.join(out, "auth-secret"), 0o600);

  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    createdAt: (opts.now ?? new Date()).toISOString(),
    appVersion: opts.appVersion,
    database,
    media,
    authSecret,
  };
  fs.writeFileSync(path.join(out, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
  return manifest;
}

/** The backup in `from`, checked: complete, of this format, with its files present. */
export function readBackup(from: string): BackupManifest {
  const file = path.join(from, "manifest.json");
  if (!fs.existsSync(file)) throw new BackupError(`${from} holds no manifest.json: not a backup, or an unfinished one`);
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(fs.readFileSync(file, "utf8")) as BackupManifest;
  } catch {
    throw new BackupError(`${file} is not readable JSON`);
  }
  if (manifest.format !== BACKUP_FORMAT || manifest.version !== BACKUP_VERSION) throw new BackupError(`${from} is not a GLACIAL backup of version ${BACKUP_VERSION}`);
  const dump = path.join(from, manifest.database.file);
  if (!fs.existsSync(dump) || fs.statSync(dump).size !== manifest.database.bytes) throw new BackupError(`${dump} is missing or not the size the manifest says`);
  return manifest;
}

export type RestoreResult = { kind: "pglite" | "postgres"; media: number; authSecret: boolean };

/**
 * Restores the backup in `from` onto `target`: the embedded database in DATA_DIR, or the
 * PostgreSQL database of DATABASE_URL; media into DATA_DIR/media. Refuses while a shop runs on the
 * target, and over existing data unless `force`.
 */
export async function restoreBackup(target: BackupTarget, from: string, opts: { force?: boolean } = {}): Promise<RestoreResult> {
  const manifest = readBackup(from);
  const wantKind = target.databaseUrl ? "postgres" : "pglite";
  if (manifest.database.kind !== wantKind) {
    throw new BackupError(
      manifest.database.kind === "postgres"
        ? "this backup is of a PostgreSQL database: set DATABASE_URL to the database to restore it into"
        : "this backup is of the embedded database: unset DATABASE_URL and set DATA_DIR to the folder to restore it into",
    );
  }
  fs.mkdirSync(target.dataDir, { recursive: true });
  // Held throughout: no shop on the embedded database starts on this folder while it is restored, nor a second restore.
  let release: () => void;
  try {
    release = acquireDataDirLock(target.dataDir);
  } catch (error) {
    if (error instanceof DataDirLockedError) throw new BackupError(`a shop is running on ${target.dataDir}: stop it before restoring`);
    throw error;
  }
  try {
    const mediaDir = path.join(target.dataDir, "media");
    const restoresMedia = manifest.media.included && !target.s3;
    const secretFile = path.join(target.dataDir, "auth-secret");
    const existing: string[] = [];
    if (restoresMedia && nonEmpty(mediaDir)) existing.push(mediaDir);
    if (manifest.authSecret && fs.existsSync(secretFile)) existing.push(secretFile);

    if (manifest.database.kind === "pglite") {
      const pgliteDir = path.join(target.dataDir, "pglite");
      if (nonEmpty(pgliteDir)) existing.push(pgliteDir);
      refuseExisting(existing, opts.force);
      fs.rmSync(pgliteDir, { recursive: true, force: true });
      const dump = new Blob([fs.readFileSync(path.join(from, manifest.database.file))]);
      // The lock is ours already.
      const database = await openDatabase({ kind: "pglite", dataDir: target.dataDir, loadDataDir: dump, lock: false });
      await database.close();
    } else {
      await restorePostgres(target.databaseUrl!, path.join(from, manifest.database.file), existing, opts.force);
    }

    let media = 0;
    if (restoresMedia) {
      fs.rmSync(mediaDir, { recursive: true, force: true });
      fs.cpSync(path.join(from, "media"), mediaDir, { recursive: true });
      media = sizeOf(mediaDir).files;
      // Resized images of the media replaced are stale.
      fs.rmSync(path.join(target.dataDir, "cache", "images"), { recursive: true, force: true });
    }
    if (manifest.authSecret) {
      fs.copyFileSync(path.join(from, "auth-secret"), secretFile);
      fs.chmodSync(secretFile, 0o600);
    }
    return { kind: manifest.database.kind, media, authSecret: manifest.authSecret };
  } finally {
    release();
  }
}

async function restorePostgres(url: string, dump: string, existing: string[], force: boolean | undefined) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const others = await client.query<{ n: number }>("select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()");
    if (others.rows[0]!.n > 0) {
      throw new BackupError(`${others.rows[0]!.n} other connection(s) are open to this database (a running shop?): stop every shop on it before restoring`);
    }
    const schemas = await client.query<{ name: string }>(
      `select nspname as name from pg_namespace n
        where nspname not in ('pg_catalog', 'information_schema', 'pg_toast') and nspname not like 'pg\\_temp\\_%' and nspname not like 'pg\\_toast\\_temp\\_%'
          and (nspname <> 'public' or exists (select 1 from pg_class c where c.relnamespace = n.oid))`,
    );
    if (schemas.rows.length > 0) existing.push(`the database's schemas ${schemas.rows.map((r) => r.name).join(", ")}`);
    refuseExisting(existing, force);
    // --force: the database is emptied first, so nothing of what was there survives beside the backup.
    for (const { name } of schemas.rows) await client.query(`drop schema ${pg.escapeIdentifier(name)} cascade`);
    await client.query("create schema if not exists public");
  } finally {
    await client.end();
  }
  await runPgTool("pg_restore", ["--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction", dump], url);
}

function refuseExisting(existing: string[], force: boolean | undefined) {
  if (existing.length > 0 && !force) throw new BackupError(`the target holds data already (${existing.join("; ")}): add --force to replace it`);
}

/** Runs pg_dump or pg_restore on `url`; the password travels in the environment, not the command line. */
function runPgTool(tool: "pg_dump" | "pg_restore", args: string[], url: string): Promise<void> {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return new Promise((resolve, reject) => {
    const child = spawn(tool, [...args, `--dbname=${parsed.toString()}`], {
      env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (d) => (stderr += d));
    child.once("error", (error: NodeJS.ErrnoException) =>
      reject(error.code === "ENOENT" ? new BackupError(`${tool} is not installed (PostgreSQL's client tools, of the server's major version or newer)`) : error),
    );
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new BackupError(`${tool} failed (exit code ${code}): ${stderr.trim().split("\n").slice(-3).join(" ")}`))));
  });
}

function nonEmpty(dir: string): boolean {
  return fs.existsSync(dir) && fs.readdirSync(dir).length > 0;
}

function sizeOf(dir: string): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    files += 1;
    bytes += fs.statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return { files, bytes };
}
