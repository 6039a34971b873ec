import fs from "node:fs/promises";
import path from "node:path";

/** Where uploaded and generated images live. Local disk by default; other backends implement the same face. */
export interface MediaStorage {
  put(name: string, bytes: Buffer): Promise<void>;
  get(name: string): Promise<Buffer | null>;
  remove(name: string): Promise<void>;
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
      await fs.writeFile(file, bytes);
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
