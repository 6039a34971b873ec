import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveProduct } from "~/modules/catalog/product-editor.server";
import { productInput, type ProductInput } from "~/modules/catalog/product-form";
import { collections, productCollections, productVariants, products } from "~/modules/catalog/schema";
import { DRIVERS, openTestDatabase, type TestDatabase } from "../support/test-database";
import { RejectedInputError, StaleRecordError } from "~/lib/save-outcome";

const base = (over: Partial<ProductInput> = {}): ProductInput => ({
  title: "Test Bottle",
  slug: "test-bottle",
  status: "draft",
  skuBase: "test",
  options: [
    { name: "Color", values: ["Red", "Blue"] },
    { name: "Size", values: ["500ml", "750ml"] },
  ],
  variants: [
    { optionValues: { Color: "Red", Size: "500ml" }, price: 1499, stockQuantity: 10 },
    { optionValues: { Color: "Red", Size: "750ml" }, price: 1799, compareAtPrice: 1999, stockQuantity: 5 },
    { optionValues: { Color: "Blue", Size: "500ml" }, price: 1499, stockQuantity: 0 },
    { optionValues: { Color: "Blue", Size: "750ml" }, price: "₹1,799", stockQuantity: 2 },
  ],
  ...over,
});

describe.each(DRIVERS)("product editor on %s", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database?.close());
  const variantsOf = (id: string) =>
    database.db.select().from(productVariants).where(eq(productVariants.productId, id)).orderBy(productVariants.sortOrder);

  it("generates every combination with the spec's titles and SKUs; a clash gets -1", async () => {
    const { id } = await saveProduct(database.db, productInput.parse(base()), {});
    const variants = await variantsOf(id);
    expect(variants.map((v) => v.title)).toEqual(["Red / 500ml", "Red / 750ml", "Blue / 500ml", "Blue / 750ml"]);
    expect(variants.map((v) => v.sku)).toEqual(["TEST-RED-500", "TEST-RED-750", "TEST-BLU-500", "TEST-BLU-750"]);
    expect(variants[1]).toMatchObject({ pricePaise: 179900, compareAtPricePaise: 199900, stockQuantity: 5 });
    expect(variants[3]!.pricePaise).toBe(179900);

    const other = await saveProduct(database.db, productInput.parse(base({ slug: "test-bottle-2", options: [{ name: "Color", values: ["Red"] }, { name: "Size", values: ["500ml"] }], variants: [{ optionValues: { Color: "Red", Size: "500ml" }, price: 999, stockQuantity: 1 }] })), {});
    expect((await variantsOf(other.id)).map((v) => v.sku)).toEqual(["TEST-RED-500-1"]);
  });

  it("regenerating after adding a colour keeps the existing variants' ids, SKUs, prices and stock", async () => {
    const created = await saveProduct(database.db, productInput.parse(base({ slug: "regen", skuBase: "RGN" })), {});
    const before = await variantsOf(created.id);
    const input = base({
      slug: "regen",
      skuBase: "RGN",
      options: [
        { name: "Color", values: ["Red", "Blue", "Green"] },
        { name: "Size", values: ["500ml", "750ml"] },
      ],
      // The form only sends prices for the new combinations.
      variants: [
        { optionValues: { Color: "Green", Size: "500ml" }, price: 1599, stockQuantity: 3 },
        { optionValues: { Color: "Green", Size: "750ml" }, price: 1899, stockQuantity: 3 },
      ],
    });
    const saved = await saveProduct(database.db, productInput.parse(input), { id: created.id, expectedVersion: created.version });
    expect(saved.version).toBe(created.version + 1);
    const after = await variantsOf(created.id);
    expect(after).toHaveLength(6);
    for (const old of before) {
      const same = after.find((v) => v.id === old.id)!;
      expect(same).toMatchObject({ sku: old.sku, pricePaise: old.pricePaise, stockQuantity: old.stockQuantity, title: old.title });
    }
    expect(after.filter((v) => v.title.startsWith("Green")).map((v) => v.sku)).toEqual(["RGN-GRE-500", "RGN-GRE-750"]);

    // Removing a colour deletes its variants.
    const narrowed = await saveProduct(
      database.db,
      productInput.parse({ ...input, options: [{ name: "Color", values: ["Green"] }, { name: "Size", values: ["500ml", "750ml"] }], variants: [] }),
      { id: created.id, expectedVersion: saved.version },
    );
    expect((await variantsOf(created.id)).map((v) => v.title)).toEqual(["Green / 500ml", "Green / 750ml"]);
    expect(narrowed.version).toBe(saved.version + 1);
  });

  it("refuses a stale second save and changes nothing", async () => {
    const created = await saveProduct(database.db, productInput.parse(base({ slug: "stale", skuBase: "STL" })), {});
    await saveProduct(database.db, productInput.parse(base({ slug: "stale", skuBase: "STL", title: "First editor" })), { id: created.id, expectedVersion: created.version });
    await expect(
      saveProduct(database.db, productInput.parse(base({ slug: "stale", skuBase: "STL", title: "Second editor" })), { id: created.id, expectedVersion: created.version }),
    ).rejects.toBeInstanceOf(StaleRecordError);
    const [row] = await database.db.select().from(products).where(eq(products.id, created.id));
    expect(row!.title).toBe("First editor");
  });

  it("answers a slug clash, a new combination without a price and an unknown collection with field errors, saving nothing", async () => {
    await saveProduct(database.db, productInput.parse(base({ slug: "taken", skuBase: "TKN" })), {});
    const clash = saveProduct(database.db, productInput.parse(base({ slug: "taken", skuBase: "TK2", title: "Other" })), {});
    await expect(clash).rejects.toBeInstanceOf(RejectedInputError);
    await expect(clash).rejects.toMatchObject({ fieldErrors: { slug: "This slug is already used by another product." } });

    const missingPrice = saveProduct(database.db, productInput.parse(base({ slug: "no-price", skuBase: "NOP", variants: [] })), {});
    await expect(missingPrice).rejects.toMatchObject({ fieldErrors: { "variants.Red / 500ml": "Set a price for Red / 500ml." } });
    expect(await database.db.select().from(products).where(eq(products.slug, "no-price"))).toEqual([]);

    const unknownCollection = saveProduct(
      database.db,
      productInput.parse(base({ slug: "bad-coll", skuBase: "BDC", collectionIds: ["6f1c1d7e-1111-4a4a-9b9b-000000000000"] })),
      {},
    );
    await expect(unknownCollection).rejects.toMatchObject({ fieldErrors: { collectionIds: expect.any(String) } });
    expect(await database.db.select().from(products).where(eq(products.slug, "bad-coll"))).toEqual([]);
  });

  it("adds the product at the end of each chosen collection and removes it from the others", async () => {
    const [a, b] = await database.db
      .insert(collections)
      .values([{ name: "A", slug: "coll-a" }, { name: "B", slug: "coll-b" }])
      .returning();
    const first = await saveProduct(database.db, productInput.parse(base({ slug: "c1", skuBase: "CA", collectionIds: [a!.id] })), {});
    const second = await saveProduct(database.db, productInput.parse(base({ slug: "c2", skuBase: "CB", collectionIds: [a!.id, b!.id] })), {});
    const inA = await database.db.select().from(productCollections).where(eq(productCollections.collectionId, a!.id)).orderBy(productCollections.sortOrder);
    expect(inA.map((m) => m.productId)).toEqual([first.id, second.id]);
    await saveProduct(database.db, productInput.parse(base({ slug: "c2", skuBase: "CB", collectionIds: [b!.id], variants: [] })), { id: second.id, expectedVersion: second.version });
    const after = await database.db.select().from(productCollections).where(eq(productCollections.productId, second.id));
    expect(after.map((m) => m.collectionId)).toEqual([b!.id]);
  });

  it("validates the form with field messages (shared with the browser)", () => {
    const bad = productInput.safeParse(
      base({ slug: "Bad Slug!", variants: [{ optionValues: {}, price: 1000, compareAtPrice: 900, stockQuantity: -1, barcode: "8901030865238" }] }),
    );
    expect(bad.success).toBe(false);
    const messages = bad.error!.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    expect(messages).toContain("slug: Use lowercase letters, digits and dashes");
    expect(messages).toContain("variants.0.compareAtPrice: Compare-at price must be higher than the price");
    expect(messages).toContain("variants.0.stockQuantity: Stock cannot be negative");
    expect(messages.some((m) => m.startsWith("variants.0.barcode: Barcode must be a valid GTIN"))).toBe(true);
  });
});
