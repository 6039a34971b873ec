import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";

// An uploaded Shopify CSV waits here between its dry run and "Commit import": the commit re-reads
// the very file the staff member saw reported, never a plan the browser could have edited.

/** A staged file is kept this long; the dry run has to be repeated after that. */
export const STAGED_IMPORT_TTL_MS = 60 * 60 * 1000;
/** Larger uploads are refused before they are read (a 30-product catalogue is about 60 KB). */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

const ID = /^[0-9a-f]{32}$/;

type Staged = { userId: string; fileName: string; createdAt: number; csv: string };

export function stagingDir(dataDir: string): string {
  return path.join(dataDir, "imports");
}

/** Stores the file under a random id only its uploader can use; sweeps expired files. */
export async function stageImport(dir: string, file: { csv: string; fileName: string; userId: string }, now = Date.now()): Promise<string> {
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  await sweepExpired(dir, now);
  const id = crypto.randomBytes(16).toString("hex");
  const staged: Staged = { userId: file.userId, fileName: file.fileName, createdAt: now, csv: file.csv };
  await fs.writeFile(path.join(dir, `${id}.json`), JSON.stringify(staged), { mode: 0o600 });
  return id;
}

/** The staged file, or null when the id is malformed, unknown, expired or another user's. */
export async function readStagedImport(dir: string, id: unknown, userId: string, now = Date.now()): Promise<{ csv: string; fileName: string } | null> {
  if (typeof id !== "string" || !ID.test(id)) return null;
  let staged: Staged;
  try {
    staged = JSON.parse(await fs.readFile(path.join(dir, `${id}.json`), "utf8")) as Staged;
  } catch {
    return null;
  }
  if (now - staged.createdAt > STAGED_IMPORT_TTL_MS) {
    await discardStagedImport(dir, id);
    return null;
  }
  if (staged.userId !== userId) return null;
  return { csv: staged.csv, fileName: staged.fileName };
}

export async function discardStagedImport(dir: string, id: string): Promise<void> {
  if (!ID.test(id)) return;
  await fs.rm(path.join(dir, `${id}.json`), { force: true });
}

async function sweepExpired(dir: string, now: number) {
  for (const name of await fs.readdir(dir).catch(() => [] as string[])) {
    const file = path.join(dir, name);
    const stat = await fs.stat(file).catch(() => null);
    if (stat && now - stat.mtimeMs > STAGED_IMPORT_TTL_MS) await fs.rm(file, { force: true });
  }
}
