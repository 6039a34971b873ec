import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { StorageFullError } from "~/lib/save-outcome";

/** Where uploaded and generated images live. Local disk by default; other backends implement the same face. */
export interface MediaStorage {
  put(name: string, bytes: Buffer): Promise<void>;
  get(name: string): Promise<Buffer | null>;
  remove(name: string): Promise<void>;
}

/**
 * Removes what writes killed mid-way left behind: the *.tmp files of processes that are gone.
 * Another process of this shop may be writing beside us (several processes share DATA_DIR), so a
 * file whose writer is still alive is left alone.
 */
export async function sweepPartialWrites(root: string): Promise<number> {
  let removed = 0;
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const writer = /\.(\d+)\.[0-9a-f]{8}\.tmp$/.exec(entry.name)?.[1];
    if (!entry.isFile() || !writer || isAlive(Number(writer))) continue;
    await fs.rm(path.join(entry.parentPath, entry.name), { force: true });
    removed++;
  }
  return removed;
}

function isAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The disk holding the media is full: nothing was kept, and the uploader is told it is the shop's fault. */
export class StorageFull extends StorageFullError {
  constructor() {
    super("The shop's storage is full, so the image was not saved. Free some space (or ask whoever runs the shop to), then upload again.");
  }
}

export function localDiskStorage(root: string): MediaStorage {
  const resolve = (name: string) => {
    const full = path.resolve(root, name);
    // Object names come from our own naming rule, but a request path must never escape the root.
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error(`invalid media name: ${name}`);
    return full;
  };
  return {
    async put(name, bytes) {
      const file = resolve(name);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Written beside its place and renamed into it: a process killed mid-write, or a disk that
      // fills up, leaves no half-written file under the real name (rename is atomic on one disk).
      const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString("hex")}.tmp`;
      try {
        await fs.writeFile(tmp, bytes);
        await fs.rename(tmp, file);
      } catch (error) {
        await fs.rm(tmp, { force: true }).catch(() => {});
        const code = (error as NodeJS.ErrnoException).code;
        if (code === "ENOSPC" || code === "EDQUOT") throw new StorageFull();
        throw error;
      }
    },
    async get(name) {
      try {
        return await fs.readFile(resolve(name));
      } catch {
        return null;
      }
    },
    async remove(name) {
      await fs.rm(resolve(name), { force: true });
    },
  };
}
