import fs from "node:fs/promises";
import path from "node:path";

/**
 * Keeps the transformed-image cache under a size cap, evicting the least recently used files.
 * Any width, height, quality and format within bounds may be asked for, so without a cap the
 * cache could grow until the disk is full. The index lives in memory, read from the folder on
 * first use; several processes on one DATA_DIR each keep their own view, and a file another
 * process already removed is simply skipped.
 */
export type ImageCacheIndex = {
  touch(file: string): void;
  added(file: string, bytes: number): Promise<void>;
};

export function createImageCacheIndex(cacheDir: string, maxBytes: number): ImageCacheIndex {
  const entries = new Map<string, { bytes: number; usedAt: number }>();
  let total = 0;
  let clock = 0;
  let loading: Promise<void> | null = null;

  const load = () =>
    (loading ??= (async () => {
      const found: { file: string; bytes: number; usedAt: number }[] = [];
      for (const dir of await fs.readdir(cacheDir).catch(() => [] as string[])) {
        for (const name of await fs.readdir(path.join(cacheDir, dir)).catch(() => [] as string[])) {
          const file = path.join(cacheDir, dir, name);
          const stat = await fs.stat(file).catch(() => null);
          if (stat?.isFile()) found.push({ file, bytes: stat.size, usedAt: stat.mtimeMs });
        }
      }
      // Older files first, so the ones written last count as the most recently used.
      found.sort((a, b) => a.usedAt - b.usedAt);
      for (const f of found) remember(f.file, f.bytes);
    })());

  function remember(file: string, bytes: number) {
    const before = entries.get(file);
    if (before) total -= before.bytes;
    entries.set(file, { bytes, usedAt: ++clock });
    total += bytes;
  }

  async function evict() {
    if (total <= maxBytes) return;
    // Down to 90% of the cap, so a full cache does not evict on every new image.
    const target = maxBytes * 0.9;
    const oldestFirst = [...entries].sort((a, b) => a[1].usedAt - b[1].usedAt);
    for (const [file, entry] of oldestFirst) {
      if (total <= target) break;
      entries.delete(file);
      total -= entry.bytes;
      await fs.rm(file, { force: true });
    }
  }

  return {
    touch(file) {
      const entry = entries.get(file);
      if (entry) entry.usedAt = ++clock;
    },
    async added(file, bytes) {
      await load();
      remember(file, bytes);
      await evict();
    },
  };
}
