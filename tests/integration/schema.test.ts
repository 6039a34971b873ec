import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DRIVERS, openTestDatabase, type TestDatabase } from "../support/test-database";

const rows = async (database: TestDatabase, query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

describe.each(DRIVERS)("schema on %s", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database?.close());

  it("has a table for every entity of the spec", async () => {
    const tables = (await rows(database, sql`select table_name from information_schema.tables where table_schema = 'public'`)).map(
      (r) => r.table_name,
    );
    for (const t of [
      "products", "product_variants", "media", "collections", "product_collections", "menus", "site_settings",
      "user_roles", "users", "sessions", "accounts", "verifications", "support_conversations", "support_messages",
      "popups", "content_pages", "faq_items", "newsletter_subscribers",
    ]) {
      expect(tables).toContain(t);
    }
  });

  it("stores money as integers and time as timestamptz", async () => {
    const cols = await rows(
      database,
      sql`select table_name, column_name, data_type from information_schema.columns where table_schema = 'public'`,
    );
    const type = (table: string, column: string) => cols.find((c) => c.table_name === table && c.column_name === column)?.data_type;
    expect(type("product_variants", "price_paise")).toBe("integer");
    expect(type("product_variants", "compare_at_price_paise")).toBe("integer");
    for (const c of cols.filter((c) => String(c.column_name).endsWith("_at"))) {
      expect(`${c.table_name}.${c.column_name}: ${c.data_type}`).toBe(`${c.table_name}.${c.column_name}: timestamp with time zone`);
    }
  });

  it("indexes the spec's queries", async () => {
    const indexes = (await rows(database, sql`select indexname, indexdef from pg_indexes where schemaname = 'public'`)).map(
      (r) => `${r.indexname}: ${r.indexdef}`,
    );
    const has = (pattern: RegExp) => expect(indexes.some((i) => pattern.test(i)), String(pattern)).toBe(true);
    has(/products_listing_idx.*\(status, is_best_seller, sort_order, created_at DESC( NULLS LAST)?\)/);
    has(/UNIQUE INDEX products_slug_unique.*\(slug\)/);
    has(/UNIQUE INDEX collections_slug_unique.*\(slug\)/);
    has(/UNIQUE INDEX product_variants_sku_unique.*\(sku\)/);
    has(/support_messages_conversation_idx.*\(conversation_id, created_at\)/);
  });

  it("refuses a compare-at price that does not exceed the price, and negative stock", async () => {
    const [product] = await rows(database, sql`insert into products (slug, title) values ('p', 'P') returning id`);
    await expect(
      database.db.execute(sql`insert into product_variants (product_id, sku, price_paise, compare_at_price_paise) values (${product!.id}, 'S1', 100000, 90000)`),
    ).rejects.toThrow();
    await expect(
      database.db.execute(sql`insert into product_variants (product_id, sku, price_paise, stock_quantity) values (${product!.id}, 'S2', 100000, -1)`),
    ).rejects.toThrow();
  });
});
