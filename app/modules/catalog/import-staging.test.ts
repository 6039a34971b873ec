import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { STAGED_IMPORT_TTL_MS, discardStagedImport, readStagedImport, stageImport } from "./import-staging.server";

describe("staged Shopify imports", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "glacial-staging-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("gives the file back to its uploader only, by a random id", async () => {
    const id = await stageImport(dir, { csv: "Handle,Title\nx,X", fileName: "shop.csv", userId: "u1" });
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(await readStagedImport(dir, id, "u1")).toEqual({ csv: "Handle,Title\nx,X", fileName: "shop.csv" });
    expect(await readStagedImport(dir, id, "u2")).toBeNull();
    expect(await stageImport(dir, { csv: "", fileName: "b.csv", userId: "u1" })).not.toBe(id);
  });

  it("refuses malformed ids (no path escapes) and unknown ones", async () => {
    expect(await readStagedImport(dir, "../../etc/passwd", "u1")).toBeNull();
    expect(await readStagedImport(dir, "0".repeat(32), "u1")).toBeNull();
    expect(await readStagedImport(dir, undefined, "u1")).toBeNull();
  });

  it("forgets a file after an hour, and on discard", async () => {
    const now = Date.now();
    const id = await stageImport(dir, { csv: "a", fileName: "a.csv", userId: "u1" }, now);
    expect(await readStagedImport(dir, id, "u1", now + STAGED_IMPORT_TTL_MS - 1)).not.toBeNull();
    expect(await readStagedImport(dir, id, "u1", now + STAGED_IMPORT_TTL_MS + 1)).toBeNull();
    expect(fs.existsSync(path.join(dir, `${id}.json`))).toBe(false);
    const other = await stageImport(dir, { csv: "b", fileName: "b.csv", userId: "u1" }, now);
    await discardStagedImport(dir, other);
    expect(await readStagedImport(dir, other, "u1", now)).toBeNull();
  });
});
