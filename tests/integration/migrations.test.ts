import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrationsFolder } from "~/db/project-root.server";
import { DRIVERS, openTestDatabase, type TestDatabase } from "../support/test-database";

/** A copy of the real migrations plus one that creates a table and then fails. */
function foldersWithBrokenMigration(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "glacial-mig-"));
  fs.cpSync(migrationsFolder(), dir, { recursive: true });
  const journalFile = path.join(dir, "meta/_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalFile, "utf8"));
  const last = journal.entries.at(-1);
  const tag = "9999_broken";
  journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1000, tag });
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  fs.writeFileSync(
    path.join(dir, `${tag}.sql`),
    `CREATE TABLE "half_done" ("id" integer);\n--> statement-breakpoint\nALTER TABLE "products" ADD COLUMN "oops" integer;\n--> statement-breakpoint\nSELECT * FROM "no_such_table";`,
  );
  return dir;
}

describe.each(DRIVERS)("migrations on %s", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database?.close());

  it("are idempotent: applying them again changes nothing", async () => {
    await database.migrate();
    const r = (await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as unknown as { rows: { n: number }[] };
    const expected = JSON.parse(fs.readFileSync(path.join(migrationsFolder(), "meta/_journal.json"), "utf8")).entries.length;
    expect(r.rows[0]!.n).toBe(expected);
  });

  it("a failing migration leaves the database as it was", async () => {
    const before = (await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as unknown as { rows: { n: number }[] };
    await expect(database.migrate(foldersWithBrokenMigration())).rejects.toThrow();
    const tables = (await database.db.execute(
      sql`select table_name from information_schema.tables where table_name = 'half_done'`,
    )) as unknown as { rows: unknown[] };
    expect(tables.rows).toHaveLength(0);
    const column = (await database.db.execute(
      sql`select 1 from information_schema.columns where table_name = 'products' and column_name = 'oops'`,
    )) as unknown as { rows: unknown[] };
    expect(column.rows).toHaveLength(0);
    const after = (await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as unknown as { rows: { n: number }[] };
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });
});
