import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Db } from "~/db/types";
import { localDiskStorage, type MediaStorage } from "~/modules/media/storage.server";
import { createFactories, type FactoryDeps } from "~/seed/factories.server";

export type TestFactories = ReturnType<typeof createFactories> & {
  /** Where the made products' pictures are (a transformer or a test reads them from here). */
  storage: MediaStorage;
  /** Removes the folder of pictures this made, unless the caller gave its own storage. */
  cleanup(): void;
};

/**
 * The shop's own factories (the ones the demo store is built from) on a test's database. Pictures
 * go to a fresh folder of this test unless `storage` is given: the shared fixture media folder is
 * never written by a test.
 */
export function testFactories(db: Db, opts: Omit<FactoryDeps, "db" | "storage"> & { storage?: MediaStorage } = {}): TestFactories {
  const dir = opts.storage ? null : fs.mkdtempSync(path.join(os.tmpdir(), "glacial-made-"));
  const storage = opts.storage ?? localDiskStorage(dir!);
  return {
    ...createFactories({ ...opts, db, storage }),
    storage,
    cleanup: () => {
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
