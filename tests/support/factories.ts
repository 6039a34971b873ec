import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import type { Db } from "~/db/types";
import { localDiskStorage, type MediaStorage } from "~/modules/media/storage.server";
import { createFactories, type FactoryDeps } from "~/seed/factories.server";

export type TestFactories = ReturnType<typeof createFactories> & {
  /** Where the made products' pictures are (a transformer or a test reads them from here). */
  storage: MediaStorage;
  /** Removes the folder of pictures this made, unless the caller gave its own storage. */
  cleanup(): void;
};

// A product's picture in a test is a plain square of 200 px in a shade of its colour: a real WebP
// that passes the upload checks and can be thumbnailed to 160 px, made far faster than the demo's
// drawings (a test that wants a particular picture passes its own `picture`).
const squares = new Map<string, Promise<Buffer>>();
function plainPicture(colour: string): Promise<Buffer> {
  let bytes = squares.get(colour);
  if (!bytes) {
    const shade = [...colour].reduce((n, c) => (n * 31 + c.charCodeAt(0)) & 0xffffff, 7);
    const background = `#${shade.toString(16).padStart(6, "0")}`;
    squares.set(colour, (bytes = sharp({ create: { width: 200, height: 200, channels: 3, background } }).webp().toBuffer()));
  }
  return bytes;
}

/**
 * The shop's own factories (the ones the demo store is built from) on a test's database. Pictures
 * go to a fresh folder of this test unless `storage` is given: the shared fixture media folder is
 * never written by a test.
 */
export function testFactories(db: Db, opts: Omit<FactoryDeps, "db" | "storage"> & { storage?: MediaStorage } = {}): TestFactories {
  const dir = opts.storage ? null : fs.mkdtempSync(path.join(os.tmpdir(), "glacial-made-"));
  const storage = opts.storage ?? localDiskStorage(dir!);
  const made = createFactories({ ...opts, db, storage });
  return {
    ...made,
    product: (spec = {}) => made.product({ picture: plainPicture, ...spec }),
    storage,
    cleanup: () => {
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
