import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getActiveCollection, listActiveProductsForSitemap, listCategoryProducts, listCollectionProducts } from "~/modules/catalog/collection-listing.server";
import { PAGE_SIZE } from "~/modules/catalog/listing-params";
import { getProductDetail } from "~/modules/catalog/product-detail.server";
import { collections, productCollections, productVariants, products } from "~/modules/catalog/schema";
import { HIGHLIGHT_START, HIGHLIGHT_STOP } from "~/modules/catalog/search-text";
import { searchProducts } from "~/modules/catalog/search.server";
import { CONTENT_PAGE_SLUGS, getContentPage, listContentPagesForSitemap } from "~/modules/content/pages.server";
import { contentPages } from "~/modules/content/schema";
import type { MadeProduct, ProductSpec } from "~/seed/factories.server";
import { testFactories, type TestFactories } from "../support/factories";
import { DRIVERS, openTestDatabase, type TestDatabase } from "../support/test-database";

/** Products that never show on the storefront, by the word in their title the searches try. */
const HIDDEN: Record<string, ProductSpec> = {
  prototype: { title: "Titanium Prototype Bottle", status: "draft", price: 4999 },
  festive: { title: "Festive Gift Tumbler Draft", status: "draft", price: 1299 },
  copper: { title: "Draft Copper Bottle", status: "draft", bestSeller: true, price: 2999 },
  retired: { title: "Retired Classic Tumbler", status: "archived", bestSeller: true, price: 999 },
};

describe.each(DRIVERS)("storefront catalogue faces on %s", (kind) => {
  let database: TestDatabase;
  let make: TestFactories;
  /** The catalogue this file's tests read: every product, collection and page is made here. */
  const made: Record<string, MadeProduct> = {};
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    make = testFactories(database.db);
    let sortOrder = 0;
    // Pictures only where a test looks at them (the gifting collection's cards and hero, one product page).
    const product = async (key: string, spec: ProductSpec) => (made[key] = await make.product({ images: "none", sortOrder: (sortOrder += 10), ...spec }));
    await product("glacier", {
      title: "Glacier Classic Bottle",
      description: "Our signature bottle. Double-wall vacuum insulation keeps drinks cold for up to 24 hours.",
      tags: ["top-sale"],
      options: [
        { name: "Color", values: ["Black", "Navy", "White"] },
        { name: "Size", values: ["500ml", "750ml", "1000ml"] },
      ],
      variant: ({ Size }) => ({ price: 1499 + 300 * ["500ml", "750ml", "1000ml"].indexOf(Size!) }),
      images: "colours",
    });
    await product("summit", { title: "Summit Sport Bottle", price: 1799, tags: ["flash-sale"] });
    await product("explorer", { title: "Matte Explorer Bottle", price: 1999 });
    await product("monsoon", { title: "Monsoon Slim Bottle", price: 1199, images: "primary" });
    await product("arctic", { title: "Arctic Pro Bottle", price: 2199 });
    await product("coastal", { title: "Coastal Bottle", price: 1299, tags: ["flash-sale"] });
    await product("kidsMini", { title: "Kids Mini Bottle", price: 899 });
    await product("chai", { title: "Chai Tumbler", price: 999, skuBase: "CHT" });
    await product("commuter", { title: "Commuter Coffee Tumbler", price: 1299 });
    await product("travel", { title: "Travel Tumbler with Straw", price: 1699 });
    await product("matteTumbler", { title: "Matte Tumbler", price: 1199 });
    await product("espresso", { title: "Espresso Mini Tumbler", price: 899, images: "primary" });
    await product("frost", { title: "Frost Cold Brew Tumbler", price: 1499 });
    await product("office", { title: "Office Lid Tumbler", price: 1099 });
    await product("brush", { title: "Bottle Cleaning Brush Set", price: 899 });
    await product("strawLid", { title: "Straw Lid", price: 899 });
    await product("sportCap", { title: "Sport Cap", price: 999 });
    await product("sleeve", { title: "Neoprene Bottle Sleeve", price: 899 });
    // More active products than one page of a category holds (plain "Test Bottle n").
    const fillers = PAGE_SIZE + 1 - Object.keys(made).length;
    for (let i = 0; i < fillers; i++) await product(`filler${i}`, { price: 1100 + 100 * i });
    for (const [key, spec] of Object.entries(HIDDEN)) await product(key, spec);

    const members: Record<string, string[]> = {
      // A draft member is never listed.
      gifting: ["glacier", "monsoon", "espresso", "festive"],
      matte: ["explorer", "arctic", "commuter", "matteTumbler", "retired"],
      outdoor: ["summit", "explorer", "arctic", "sportCap"],
      "everyday-bottles": ["glacier", "summit", "monsoon", "coastal"],
      kids: ["kidsMini"],
      accessories: ["brush", "strawLid", "sportCap", "sleeve"],
    };
    for (const [slug, keys] of Object.entries(members)) {
      const productIds = keys.map((k) => made[k]!.id);
      // The gifting collection's hero is its first product's picture, as staff pick it in the editor.
      const heroImageId = slug === "gifting" ? made.glacier!.primaryImageId : null;
      await make.collection({ name: slug, slug, productIds, heroImageId });
    }

    await make.page({ slug: "about", title: "Our Story", body: "# Our Story\n\nGLACIAL began in Bengaluru.\n\n- **Built to last**: every product carries a 2 year warranty." });
    for (const slug of CONTENT_PAGE_SLUGS) if (slug !== "about") await make.page({ slug });
  });
  afterAll(async () => {
    await database?.close();
    make?.cleanup();
  });

  const activeIds = async () =>
    new Set((await database.db.select({ id: products.id }).from(products).where(eq(products.status, "active"))).map((r) => r.id));

  describe("collections", () => {
    it("lists a collection's active products in the collection's own order for 'featured'", async () => {
      const db = database.db;
      const gifting = await getActiveCollection(db, "gifting");
      expect(gifting).not.toBeNull();
      expect(gifting!.heroImage).toMatch(/^\/images\/.+\?w=800&h=600&q=90&fm=webp&v=/);
      const page = await listCollectionProducts(db, gifting!.id, { sort: "featured", page: 1 });
      const expected = await db
        .select({ id: products.id })
        .from(productCollections)
        .innerJoin(products, eq(products.id, productCollections.productId))
        .where(and(eq(productCollections.collectionId, gifting!.id), eq(products.status, "active")))
        .orderBy(asc(productCollections.sortOrder));
      expect(page.cards.map((c) => c.id)).toEqual(expected.map((e) => e.id));
      // The draft "Festive Gift Tumbler Draft" is a member but never listed.
      expect(page.cards.some((c) => c.name.includes("Draft"))).toBe(false);
      expect(page.total).toBe(expected.length);
      expect(page.cards[0]!.image).toMatch(/w=512&h=512&q=85&fm=webp/);
      expect(page.cards[0]!.cartImage).toMatch(/w=160&h=160&q=85&fm=webp/);
    });

    it("follows product_collections.sort_order when staff reorder a collection", async () => {
      const db = database.db;
      const matte = (await getActiveCollection(db, "matte"))!;
      const before = await listCollectionProducts(db, matte.id, { sort: "featured", page: 1 });
      const last = before.cards.at(-1)!;
      await db.update(productCollections).set({ sortOrder: -1 }).where(and(eq(productCollections.collectionId, matte.id), eq(productCollections.productId, last.id)));
      const after = await listCollectionProducts(db, matte.id, { sort: "featured", page: 1 });
      expect(after.cards[0]!.id).toBe(last.id);
    });

    it("sorts by price both ways and by newest", async () => {
      const db = database.db;
      const outdoor = (await getActiveCollection(db, "outdoor"))!;
      const asc_ = await listCollectionProducts(db, outdoor.id, { sort: "price-asc", page: 1 });
      const desc_ = await listCollectionProducts(db, outdoor.id, { sort: "price-desc", page: 1 });
      const prices = asc_.cards.map((c) => c.pricePaise);
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
      expect(desc_.cards.map((c) => c.pricePaise)).toEqual([...prices].sort((a, b) => b - a));
      const newest = await listCollectionProducts(db, outdoor.id, { sort: "newest", page: 1 });
      const created = await db.select({ id: products.id, createdAt: products.createdAt }).from(products).where(inArray(products.id, newest.cards.map((c) => c.id)));
      const times = newest.cards.map((c) => created.find((r) => r.id === c.id)!.createdAt.getTime());
      expect(times).toEqual([...times].sort((a, b) => b - a));
    });

    it("pages 24 at a time and shows the last page for a page beyond it", async () => {
      const db = database.db;
      const everyday = (await getActiveCollection(db, "everyday-bottles"))!;
      for (let i = 0; i < 30; i++) await make.product({ title: `Paging Test Bottle ${i}`, sortOrder: 1000 + i, images: "none", collectionIds: [everyday.id] });
      const first = await listCollectionProducts(db, everyday.id, { sort: "featured", page: 1 });
      const second = await listCollectionProducts(db, everyday.id, { sort: "featured", page: 2 });
      expect(first.cards).toHaveLength(PAGE_SIZE);
      expect(first.pageCount).toBe(Math.ceil(first.total / PAGE_SIZE));
      expect(second.cards).toHaveLength(first.total - PAGE_SIZE);
      expect(new Set([...first.cards, ...second.cards].map((c) => c.id)).size).toBe(first.total);
      const beyond = await listCollectionProducts(db, everyday.id, { sort: "featured", page: 999999 });
      expect(beyond.page).toBe(2);
      expect(beyond.cards.map((c) => c.id)).toEqual(second.cards.map((c) => c.id));
    });

    it("treats an inactive or unknown collection as missing", async () => {
      const db = database.db;
      expect(await getActiveCollection(db, "no-such-collection")).toBeNull();
      await db.update(collections).set({ isActive: false }).where(eq(collections.slug, "kids"));
      expect(await getActiveCollection(db, "kids")).toBeNull();
      await db.update(collections).set({ isActive: true }).where(eq(collections.slug, "kids"));
      expect(await getActiveCollection(db, "kids")).not.toBeNull();
    });
  });

  describe("categories", () => {
    it("puts each active product in at most one of bottles, tumblers and accessories", async () => {
      const db = database.db;
      const big = { sort: "featured" as const, page: 1 };
      const [bottles, tumblers, accessories, all] = await Promise.all([
        listCategoryProducts(db, "bottles", big),
        listCategoryProducts(db, "tumblers", big),
        listCategoryProducts(db, "accessories", big),
        listCategoryProducts(db, "all-products", big),
      ]);
      for (const c of bottles.cards) expect(c.name.toLowerCase()).toContain("bottle");
      for (const c of tumblers.cards) expect(c.name.toLowerCase()).toContain("tumbler");
      expect(accessories.cards.map((c) => c.name)).toEqual(
        expect.arrayContaining(["Bottle Cleaning Brush Set", "Straw Lid", "Sport Cap", "Neoprene Bottle Sleeve"]),
      );
      expect(bottles.cards.some((c) => c.name === "Bottle Cleaning Brush Set")).toBe(false);
      const ids = [...bottles.cards, ...tumblers.cards, ...accessories.cards].map((c) => c.id);
      expect(new Set(ids).size).toBe(ids.length);
      const active = await activeIds();
      expect(all.total).toBe(active.size);
      for (const c of [...bottles.cards, ...tumblers.cards, ...accessories.cards]) expect(active.has(c.id)).toBe(true);
    });

    it("orders 'featured' by the products' sort order and pages all products", async () => {
      const db = database.db;
      const page1 = await listCategoryProducts(db, "all-products", { sort: "featured", page: 1 });
      const listed = [...page1.cards];
      for (let page = 2; page <= page1.pageCount; page++) listed.push(...(await listCategoryProducts(db, "all-products", { sort: "featured", page })).cards);
      expect(page1.cards).toHaveLength(PAGE_SIZE);
      const expected = await db.select({ id: products.id }).from(products).where(eq(products.status, "active")).orderBy(asc(products.sortOrder), sql`${products.createdAt} desc`, asc(products.id));
      expect(listed.map((c) => c.id)).toEqual(expected.map((e) => e.id));
    });

    it("sorts a category by the price its cards show", async () => {
      const r = await listCategoryProducts(database.db, "tumblers", { sort: "price-desc", page: 1 });
      const prices = r.cards.map((c) => c.pricePaise);
      expect(prices.length).toBeGreaterThan(5);
      expect(prices).toEqual([...prices].sort((a, b) => b - a));
    });
  });

  describe("product detail", () => {
    it("gives an active product with variants, gallery (primary first) and sanitised description", async () => {
      const p = (await getProductDetail(database.db, made.glacier!.slug))!;
      expect(p.title).toBe("Glacier Classic Bottle");
      expect(p.options.map((o) => o.name)).toEqual(["Color", "Size"]);
      expect(p.options[0]!.values).toEqual(["Black", "Navy", "White"]);
      expect(p.variants.length).toBe(9);
      expect(p.images.length).toBe(3);
      expect(p.images[0]!.alt).toContain("Black");
      expect(p.images[0]!.thumb).toMatch(/w=160&h=160&q=85&fm=webp/);
      const navy = p.variants.find((v) => v.optionValues.Color === "Navy")!;
      expect(p.images.find((i) => i.variantIds.includes(navy.id))!.alt).toContain("Navy");
      expect(p.descriptionHtml).toMatch(/^<p>Our signature bottle\./);
      expect(p.topSale).toBe(true);
      expect(p.parent.path).toMatch(/^\/collections\//);
    });

    it("renders staff Markdown safely", async () => {
      await database.db.update(products).set({ description: "**Bold** <script>alert(1)</script> <a href=\"javascript:x()\">x</a>" }).where(eq(products.slug, made.strawLid!.slug));
      const p = (await getProductDetail(database.db, made.strawLid!.slug))!;
      expect(p.descriptionHtml).toContain("<strong>Bold</strong>");
      expect(p.descriptionHtml).not.toMatch(/script|javascript/);
    });

    it("answers null for draft, archived and unknown products", async () => {
      expect(await getProductDetail(database.db, made.prototype!.slug)).toBeNull();
      expect(await getProductDetail(database.db, made.retired!.slug)).toBeNull();
      expect(await getProductDetail(database.db, "no-such-product")).toBeNull();
      await database.db.update(products).set({ status: "archived" }).where(eq(products.slug, made.coastal!.slug));
      expect(await getProductDetail(database.db, made.coastal!.slug)).toBeNull();
      await database.db.update(products).set({ status: "active" }).where(eq(products.slug, made.coastal!.slug));
      expect(await getProductDetail(database.db, made.coastal!.slug)).not.toBeNull();
    });
  });

  describe("search", () => {
    it("ranks a title match above description-only matches and highlights it", async () => {
      const r = await searchProducts(database.db, "tumbler", 1);
      expect(r.total).toBeGreaterThan(5);
      expect(r.hits[0]!.name.toLowerCase()).toContain("tumbler");
      const marked = r.hits[0]!.titleParts.filter((p) => p.match).map((p) => p.text.toLowerCase());
      expect(marked).toContain("tumbler");
    });

    it("matches stemmed words, tags and SKUs", async () => {
      const bottles = await searchProducts(database.db, "bottles", 1);
      expect(bottles.hits.some((h) => h.name === "Glacier Classic Bottle")).toBe(true);
      const tagged = await searchProducts(database.db, "flash sale", 1);
      expect(tagged.hits.map((h) => h.name)).toEqual(expect.arrayContaining(["Summit Sport Bottle", "Coastal Bottle"]));
      const [sku] = await database.db.select({ sku: productVariants.sku }).from(productVariants).innerJoin(products, eq(products.id, productVariants.productId)).where(eq(products.slug, made.chai!.slug)).limit(1);
      const bySku = await searchProducts(database.db, sku!.sku, 1);
      expect(bySku.hits[0]!.slug).toBe(made.chai!.slug);
      expect(bySku.hits[0]!.matchedSku).toBe(sku!.sku);
    });

    it("never returns a draft or archived product", async () => {
      const r = await searchProducts(database.db, "draft prototype retired copper", 1);
      const anyWord = await searchProducts(database.db, "prototype or retired or copper or festive", 1);
      const active = await activeIds();
      for (const h of [...r.hits, ...anyWord.hits]) expect(active.has(h.id)).toBe(true);
      expect(anyWord.hits.some((h) => /Prototype|Retired|Draft/.test(h.name))).toBe(false);
    });

    it("answers garbage, huge and empty queries and absurd pages normally", async () => {
      for (const q of ['"a&|!(: <>\' -- ))', "\u0000\u0001bottle", "x".repeat(1000), "bottle ".repeat(200), "<script>alert(1)</script>", "'; drop table products; --", "!!!", "the"]) {
        const r = await searchProducts(database.db, q, 1);
        expect(r.query.length).toBeLessThanOrEqual(200);
        expect(Array.isArray(r.hits)).toBe(true);
      }
      expect(await searchProducts(database.db, "   ", 1)).toMatchObject({ query: "", total: 0, hits: [] });
      const far = await searchProducts(database.db, "bottle", 999999);
      expect(far.page).toBe(far.pageCount);
      expect(far.hits.length).toBeGreaterThan(0);
      const injected = await searchProducts(database.db, "<b>bottle</b>", 1);
      for (const h of injected.hits) for (const p of [...h.titleParts, ...h.snippetParts]) expect(p.text.includes(HIGHLIGHT_START) || p.text.includes(HIGHLIGHT_STOP)).toBe(false);
    });
  });

  describe("content pages", () => {
    it("renders every seeded content page to sanitised HTML without repeating the title", async () => {
      for (const slug of CONTENT_PAGE_SLUGS) {
        const page = await getContentPage(database.db, slug);
        expect(page, slug).not.toBeNull();
        expect(page!.html).not.toMatch(/<h1/);
        expect(page!.html.length).toBeGreaterThan(50);
      }
      const about = (await getContentPage(database.db, "about"))!;
      expect(about.title).toBe("Our Story");
      expect(about.html).toContain("<strong>Built to last</strong>");
    });

    it("sanitises staff-edited text", async () => {
      await database.db.update(contentPages).set({ bodyMarkdown: "Hello <iframe src=x></iframe><img src=x onerror=alert(1)>" }).where(eq(contentPages.slug, "cookies-policy"));
      const page = (await getContentPage(database.db, "cookies-policy"))!;
      expect(page.html).not.toMatch(/iframe|onerror|<img/);
      expect(page.html).toContain("Hello");
    });

    it("lists active products and the content pages for the sitemap", async () => {
      const pages = await listContentPagesForSitemap(database.db);
      expect(pages.map((p) => p.slug).sort()).toEqual([...CONTENT_PAGE_SLUGS].sort());
      const listed = await listActiveProductsForSitemap(database.db);
      expect(new Set(listed.map((p) => p.slug)).size).toBe((await activeIds()).size);
    });
  });
});
