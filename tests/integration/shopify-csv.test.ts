import { parse } from "csv-parse/sync";
import { and, count, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "~/modules/audit/schema";
import { collections, productCollections, productVariants, products } from "~/modules/catalog/schema";
import type { EventBus } from "~/modules/events/event-bus.server";
import { TOPICS } from "~/modules/events/topics";
import { createAuth } from "~/modules/staff/auth.server";
import { upsertStaffUser } from "~/modules/staff/staff-users.server";
import { CsvFormatError, commitShopifyImport, exportShopifyCsv, planShopifyImport } from "~/modules/catalog/shopify-csv.server";
import { testFactories, type TestFactories } from "../support/factories";
import { DRIVERS, openTestDatabase, type TestDatabase } from "../support/test-database";

const URL_BASE = "https://shop.example.in";

/** Rows grouped by Handle in handle order: Shopify's CSV carries no product order of its own. */
function byHandle(csv: string) {
  const rows = parse(csv, { columns: true }) as Record<string, string>[];
  return [...rows].sort((a, b) => a.Handle!.localeCompare(b.Handle!));
}

describe.each(DRIVERS)("Shopify product CSV on %s", (kind) => {
  let source: TestDatabase;
  let target: TestDatabase;
  const sent: [string, unknown][] = [];
  const events: EventBus = { publish: async (topic, payload) => void sent.push([topic, payload]), subscribe: () => () => {}, close: async () => {} };
  let ctx: { actor: { id: string; email: string }; events: EventBus; fileName: string };
  let sourceCtx: typeof ctx;
  let make: TestFactories;
  beforeAll(async () => {
    [source, target] = await Promise.all([openTestDatabase(kind), openTestDatabase(kind)]);
    // The source shop's catalogue: grouped and single products, on sale or not, pictures per colour
    // or one, a best seller, two HSN codes, a draft and an archived product, products in collections.
    make = testFactories(source.db);
    const sizes = ["500ml", "750ml"];
    const glacier = await make.product({
      title: "Glacier Classic Bottle",
      slug: "glacier-classic-bottle",
      description: "Our signature bottle. Double-wall vacuum insulation keeps drinks cold for up to 24 hours.",
      tags: ["top-sale"],
      bestSeller: true,
      options: [
        { name: "Color", values: ["Black", "Navy"] },
        { name: "Size", values: sizes },
      ],
      variant: ({ Size }) => ({ price: 1499 + 300 * sizes.indexOf(Size!), compareAtPrice: 2099 + 300 * sizes.indexOf(Size!), weightGrams: 180 }),
      images: "colours",
    });
    const chai = await make.product({ title: "Chai Tumbler", price: 999, compareAtPrice: 1299, options: [{ name: "Color", values: ["Brown", "Beige"] }] });
    const strawLid = await make.product({ title: "Straw Lid", price: 899, hsnCode: "3924" });
    await make.product({ title: "Titanium Prototype Bottle", status: "draft", price: 4999, options: [{ name: "Color", values: ["Gray"] }, { name: "Size", values: ["750ml"] }] });
    const retired = await make.product({ title: "Retired Classic Tumbler", status: "archived", bestSeller: true, price: 999, images: "none" });
    await make.collection({ name: "Everyday Bottles", productIds: [glacier.id, strawLid.id] });
    await make.collection({ name: "Coffee & Tea", productIds: [chai.id, retired.id] });
    await make.collection({ name: "Gifting", productIds: [chai.id, glacier.id] });
    const staff = async (db: TestDatabase) => {
      const auth = createAuth(db.db, { secret: "test-secret-test-secret-test-secret!", baseURL: "http://localhost:3000" });
      const { id } = await upsertStaffUser(db.db, auth, { email: "importer@glacial.in", password: "a long passphrase 1", roles: ["admin"] });
      return { actor: { id, email: "importer@glacial.in" }, events, fileName: "products.csv" };
    };
    [ctx, sourceCtx] = [await staff(target), await staff(source)];
  });
  afterAll(async () => {
    await source?.close();
    await target?.close();
    make?.cleanup();
  });

  it("exports Shopify's columns, one row per variant", async () => {
    const csv = await exportShopifyCsv(source.db, URL_BASE);
    const rows = parse(csv, { columns: true }) as Record<string, string>[];
    const [variants] = await source.db.select({ n: count() }).from(productVariants);
    expect(rows.filter((r) => r["Variant SKU"])).toHaveLength(variants!.n);
    const first = rows.find((r) => r.Handle === "glacier-classic-bottle" && r.Title)!;
    expect(first).toMatchObject({ Title: "Glacier Classic Bottle", Vendor: "GLACIAL", Published: "TRUE", Status: "active", "Option1 Name": "Color", "Option2 Name": "Size" });
    expect(first["Body (HTML)"]).toMatch(/^<p>Our signature bottle\./);
    expect(first["Variant Price"]).toBe("1499.00");
    expect(first["Image Src"]).toMatch(/^https:\/\/shop\.example\.in\/images\/products\/\d+-glacier-classic-bottle-black\.webp$/);
  });

  it("dry-runs an import into an empty shop without changing it, then commits the same catalogue", async () => {
    const csv = await exportShopifyCsv(source.db, URL_BASE);
    const plan = await planShopifyImport(target.db, csv);
    const [sourceCount] = await source.db.select({ n: count() }).from(products);
    expect(plan).toMatchObject({ created: sourceCount!.n, updated: 0, rejected: 0 });
    const [afterDryRun] = await target.db.select({ n: count() }).from(products);
    expect(afterDryRun!.n).toBe(0);
    expect(sent).toEqual([]);

    const committed = await commitShopifyImport(target.db, csv, ctx);
    expect(committed.created).toBe(sourceCount!.n);
    expect(sent).toEqual([[TOPICS.catalogChanged, { productId: null }]]);
    const audits = await target.db.select().from(auditLog).where(eq(auditLog.module, "catalog"));
    expect(audits.filter((a) => a.action === "import_create")).toHaveLength(sourceCount!.n);
    expect(audits.find((a) => a.action === "import")).toMatchObject({
      actorEmail: "importer@glacial.in",
      changes: { after: { file: "products.csv", created: sourceCount!.n, updated: 0, rejected: 0 } },
    });
    expect(byHandle(await exportShopifyCsv(target.db, URL_BASE))).toEqual(byHandle(csv));

    // Importing the same file again updates every product and changes nothing else.
    const again = await commitShopifyImport(target.db, csv, ctx);
    expect(again).toMatchObject({ created: 0, updated: sourceCount!.n, rejected: 0 });
    expect(byHandle(await exportShopifyCsv(target.db, URL_BASE))).toEqual(byHandle(csv));
  });

  it("rejects bad products with a reason per row, and imports the good ones", async () => {
    const header = "Handle,Title,Body (HTML),Vendor,Tags,Published,Option1 Name,Option1 Value,Variant SKU,Variant Inventory Qty,Variant Price,Variant Compare At Price,Status";
    const csv = [
      header,
      "good-one,Good One,<p>Fine</p>,GLACIAL,new-arrival,TRUE,Color,Red,GOOD-RED,4,999,,active",
      "good-one,,,,,,,Blue,GOOD-BLU,2,999,1299,",
      "bad-price,Bad Price,,GLACIAL,,TRUE,Color,Red,BAD-RED,1,free,,active",
      "bad-compare,Bad Compare,,GLACIAL,,TRUE,Color,Red,BAD-CMP,1,999,899,active",
      // This SKU belongs to the import above in the target.
      "sku-clash,Sku Clash,,GLACIAL,,TRUE,Color,Red,GOOD-RED,1,999,,active",
    ].join("\n");
    const plan = await planShopifyImport(target.db, csv);
    expect(plan.lines.find((l) => l.handle === "good-one")).toMatchObject({ action: "create", lines: [2, 3] });
    expect(plan.lines.find((l) => l.handle === "bad-price")).toMatchObject({ action: "reject", reasons: ["line 4 price: Enter a price in rupees"] });
    expect(plan.lines.find((l) => l.handle === "bad-compare")!.reasons).toEqual(["line 5 compareAtPrice: Compare-at price must be higher than the price"]);
    expect(plan.lines.find((l) => l.handle === "sku-clash")).toMatchObject({ action: "reject", reasons: ["SKU GOOD-RED is already used by another variant."] });
    expect(plan).toMatchObject({ created: 1, rejected: 3 });

    const committed = await commitShopifyImport(target.db, csv, ctx);
    expect(committed).toMatchObject({ created: 1, rejected: 3 });
    const [good] = await target.db.select().from(products).where(eq(products.slug, "good-one"));
    expect(good).toMatchObject({ title: "Good One", status: "active", tags: ["new-arrival"], description: "Fine" });
    expect(await target.db.select().from(products).where(eq(products.slug, "bad-price"))).toEqual([]);
  });

  it("re-importing its own export keeps what Shopify's CSV does not carry: best seller, order, HSN code, collections", async () => {
    const keep = async () => {
      const rows = await source.db.select({ id: products.id, slug: products.slug, isBestSeller: products.isBestSeller, sortOrder: products.sortOrder, hsnCode: products.hsnCode }).from(products);
      const members = await source.db.select().from(productCollections).where(inArray(productCollections.productId, rows.map((r) => r.id)));
      return rows
        .map((r) => ({ ...r, collections: members.filter((m) => m.productId === r.id).map((m) => m.collectionId).sort() }))
        .sort((a, b) => a.slug.localeCompare(b.slug));
    };
    const before = await keep();
    expect(before.some((p) => p.isBestSeller)).toBe(true);
    expect(before.some((p) => p.collections.length > 0)).toBe(true);
    const [someCollection] = await source.db.select({ id: collections.id }).from(collections).limit(1);
    const orderBefore = await source.db.select().from(productCollections).where(eq(productCollections.collectionId, someCollection!.id));

    const csv = await exportShopifyCsv(source.db, URL_BASE);
    const plan = await commitShopifyImport(source.db, csv, sourceCtx);
    expect(plan).toMatchObject({ created: 0, updated: before.length, rejected: 0 });
    expect(await keep()).toEqual(before);
    const orderAfter = await source.db.select().from(productCollections).where(eq(productCollections.collectionId, someCollection!.id));
    expect(orderAfter.sort((a, b) => a.sortOrder - b.sortOrder).map((m) => m.productId)).toEqual(orderBefore.sort((a, b) => a.sortOrder - b.sortOrder).map((m) => m.productId));
    expect(await source.db.select({ n: count() }).from(auditLog).where(and(eq(auditLog.module, "catalog"), eq(auditLog.action, "import_update")))).toEqual([{ n: before.length }]);
  });

  it("refuses a file that is not a Shopify CSV with a clear message", async () => {
    await expect(planShopifyImport(target.db, "name,price\nx,1")).rejects.toThrow(new CsvFormatError("The file lacks the Shopify column(s): Handle, Variant Price."));
    await expect(planShopifyImport(target.db, '"unterminated')).rejects.toBeInstanceOf(CsvFormatError);
  });
});
