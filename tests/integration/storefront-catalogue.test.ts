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
import { DRIVERS, openTestDatabase, type TestDatabase } from "../support/test-database";

describe.each(DRIVERS)("storefront catalogue faces on %s", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(kind, { seeded: true });
  });
  afterAll(() => database?.close());

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
      const extra = await db
        .insert(products)
        .values(Array.from({ length: 30 }, (_, i) => ({ slug: `paging-test-${i}`, title: `Paging Test Bottle ${i}`, status: "active" as const, sortOrder: 1000 + i })))
        .returning({ id: products.id });
      await db.insert(productCollections).values(extra.map((p, i) => ({ collectionId: everyday.id, productId: p.id, sortOrder: 100 + i })));
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
      const p = (await getProductDetail(database.db, "glacier-classic-bottle"))!;
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
      await database.db.update(products).set({ description: "**Bold** <script>alert(1)</script> <a href=\"javascript:x()\">x</a>" }).where(eq(products.slug, "straw-lid"));
      const p = (await getProductDetail(database.db, "straw-lid"))!;
      expect(p.descriptionHtml).toContain("<strong>Bold</strong>");
      expect(p.descriptionHtml).not.toMatch(/script|javascript/);
    });

    it("answers null for draft, archived and unknown products", async () => {
      expect(await getProductDetail(database.db, "titanium-prototype-bottle")).toBeNull();
      expect(await getProductDetail(database.db, "retired-classic-tumbler")).toBeNull();
      expect(await getProductDetail(database.db, "no-such-product")).toBeNull();
      await database.db.update(products).set({ status: "archived" }).where(eq(products.slug, "coastal-bottle"));
      expect(await getProductDetail(database.db, "coastal-bottle")).toBeNull();
      await database.db.update(products).set({ status: "active" }).where(eq(products.slug, "coastal-bottle"));
      expect(await getProductDetail(database.db, "coastal-bottle")).not.toBeNull();
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
      const [sku] = await database.db.select({ sku: productVariants.sku }).from(productVariants).innerJoin(products, eq(products.id, productVariants.productId)).where(eq(products.slug, "chai-tumbler")).limit(1);
      const bySku = await searchProducts(database.db, sku!.sku, 1);
      expect(bySku.hits[0]!.slug).toBe("chai-tumbler");
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
