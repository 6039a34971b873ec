import { and, count, eq, ilike, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listBestSellers, listTumblers } from "~/modules/catalog/listing.server";
import { collections, productVariants, products } from "~/modules/catalog/schema";
import { SWATCH_COLOURS } from "~/modules/catalog/swatches";
import { menus } from "~/modules/content/schema";
import { popups } from "~/modules/marketing/schema";
import { media } from "~/modules/media/schema";
import { getSetting } from "~/modules/settings/settings.server";
import { DRIVERS, openTestDatabase, type TestDatabase } from "../support/test-database";

describe.each(DRIVERS)("demo store on %s", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(kind, { seeded: true });
  });
  afterAll(() => database?.close());

  it("has at least 24 active products across bottles, tumblers and accessories", async () => {
    const db = database.db;
    const [active] = await db.select({ n: count() }).from(products).where(eq(products.status, "active"));
    expect(active!.n).toBeGreaterThanOrEqual(24);
    const [tumblers] = await db
      .select({ n: count() })
      .from(products)
      .where(and(eq(products.status, "active"), ilike(products.title, "%tumbler%")));
    expect(tumblers!.n).toBeGreaterThanOrEqual(6);
    const [bottles] = await db.select({ n: count() }).from(products).where(and(eq(products.status, "active"), ilike(products.title, "%bottle%")));
    expect(bottles!.n).toBeGreaterThanOrEqual(10);
    const [drafts] = await db.select({ n: count() }).from(products).where(eq(products.status, "draft"));
    expect(drafts!.n).toBeGreaterThanOrEqual(2);
  });

  it("prices every variant between ₹899 and ₹4,999 in paise, with some compare-at prices", async () => {
    const variants = await database.db.select().from(productVariants);
    expect(variants.length).toBeGreaterThan(50);
    for (const v of variants) {
      expect(Number.isInteger(v.pricePaise)).toBe(true);
      expect(v.pricePaise).toBeGreaterThanOrEqual(89_900);
      expect(v.pricePaise).toBeLessThanOrEqual(499_900);
      if (v.compareAtPricePaise !== null) expect(v.compareAtPricePaise).toBeGreaterThan(v.pricePaise);
    }
    expect(variants.filter((v) => v.compareAtPricePaise !== null).length).toBeGreaterThan(5);
    const colours = new Set(variants.map((v) => v.optionValues.Color?.toLowerCase()));
    for (const c of colours) expect(Object.keys(SWATCH_COLOURS)).toContain(c);
    const sizes = new Set(variants.map((v) => v.optionValues.Size).filter(Boolean));
    expect([...sizes].sort()).toEqual(["1000ml", "350ml", "500ml", "750ml"]);
  });

  it("tags a few products and lists at least 8 best sellers, never a draft or archived one", async () => {
    const all = await database.db.select().from(products);
    for (const tag of ["flash-sale", "new-arrival", "top-sale"]) expect(all.some((p) => p.tags.includes(tag))).toBe(true);
    const { cards, total } = await listBestSellers(database.db, { offset: 0, limit: 50 });
    expect(total).toBeGreaterThanOrEqual(8);
    expect(cards).toHaveLength(total);
    const hidden = new Set(all.filter((p) => p.status !== "active").map((p) => p.id));
    expect(all.some((p) => p.isBestSeller && p.status !== "active")).toBe(true);
    expect(cards.some((c) => hidden.has(c.id))).toBe(false);
    expect(cards[0]!.price).toMatch(/^₹[\d,]+$/);
    // A home card shows its one 512 px image: no srcset travels in the page's data for it.
    expect(cards[0]!.image).toMatch(/w=512&h=512/);
    for (const c of cards) expect(c).not.toHaveProperty("imageSrcSet");
  });

  it("orders best sellers by sort order, then newest, and pages through them", async () => {
    const first = await listBestSellers(database.db, { offset: 0, limit: 8 });
    const next = await listBestSellers(database.db, { offset: 8, limit: 6 });
    const bySort = await database.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.status, "active"), eq(products.isBestSeller, true)))
      .orderBy(products.sortOrder, sql`${products.createdAt} desc`);
    expect([...first.cards, ...next.cards].map((c) => c.id)).toEqual(bySort.map((p) => p.id));
  });

  it("lists tumblers by title, at most 8", async () => {
    const cards = await listTumblers(database.db, 8);
    expect(cards.length).toBeGreaterThan(0);
    expect(cards.length).toBeLessThanOrEqual(8);
    for (const c of cards) expect(c.name.toLowerCase()).toContain("tumbler");
    for (const c of cards) expect(c).not.toHaveProperty("imageSrcSet");
  });

  it("has active collections including matte, a header mega-menu, settings and one active popup", async () => {
    const active = await database.db.select().from(collections).where(eq(collections.isActive, true));
    expect(active.length).toBeGreaterThanOrEqual(5);
    expect(active.map((c) => c.slug)).toContain("matte");
    const [menu] = await database.db.select().from(menus).where(and(eq(menus.type, "header"), eq(menus.isActive, true)));
    expect(menu!.items.some((i) => i.type === "megamenu" && i.sections.length > 0)).toBe(true);
    expect(await getSetting(database.db, "gst_settings")).toEqual({ percentage: 18 });
    expect(await getSetting(database.db, "homepage_products")).toMatchObject({ bottles: 8, show_load_more: true });
    expect(await getSetting(database.db, "hero_carousel_images")).toHaveLength(5);
    const sections = await getSetting(database.db, "collection_sections");
    expect(sections.bottles.image_url).not.toBe("");
    const livePopups = await database.db.select().from(popups).where(eq(popups.isActive, true));
    expect(livePopups).toHaveLength(1);
  });

  it("stores a real WebP picture behind every product image", async () => {
    const images = await database.db.select({ fileUrl: media.fileUrl }).from(media);
    const distinct = [...new Set(images.map((i) => i.fileUrl))];
    expect(distinct.length).toBeGreaterThan(40);
    for (const name of distinct.slice(0, 10)) {
      expect(name).toMatch(/^products\/\d+-[a-z0-9.-]+\.webp$/);
      const bytes = await database.storage.get(name);
      expect(bytes, name).not.toBeNull();
      const meta = await sharp(bytes!).metadata();
      expect(meta.format).toBe("webp");
      expect(meta.width).toBe(800);
    }
  });
});
