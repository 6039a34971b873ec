import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "../..");
export const CACHE_DIR = path.join(ROOT, ".cache", "test");

/** Changes whenever a migration or the demo seed changes, so cached snapshots are rebuilt. */
export function fixturesHash(): string {
  const hash = crypto.createHash("sha256");
  const files = [
    ...fs.readdirSync(path.join(ROOT, "drizzle"), { recursive: true }).map((f) => path.join("drizzle", String(f))),
    ...fs.readdirSync(path.join(ROOT, "app/seed")).map((f) => path.join("app/seed", f)),
  ].sort();
  for (const f of files) {
    const full = path.join(ROOT, f);
    if (fs.statSync(full).isFile()) hash.update(f).update(fs.readFileSync(full));
  }
  return hash.digest("hex").slice(0, 16);
}

export const snapshotPath = (hash: string, seeded: boolean) => path.join(CACHE_DIR, `pglite-${hash}-${seeded ? "seeded" : "empty"}.tar.gz`);
export const mediaDirFor = (hash: string) => path.join(CACHE_DIR, `media-${hash}`);
export const pgTemplateName = (hash: string, seeded: boolean) => `glacial_tpl_${hash}_${seeded ? "s" : "e"}`;
