import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { currentCartPrices } from "~/modules/catalog/cart-prices.server";
import { notifyCatalogChanged } from "~/modules/catalog/catalog-events.server";
import { listCollectionCards } from "~/modules/catalog/home-collections.server";
import { collections, productVariants, products } from "~/modules/catalog/schema";
import { listFaqItems } from "~/modules/content/faq.server";
import { getHeaderMenu, normaliseMenu } from "~/modules/content/menus.server";
import { menus } from "~/modules/content/schema";
import { createEventBus } from "~/modules/events/event-bus.server";
import { TOPICS } from "~/modules/events/topics";
import { getActivePopup } from "~/modules/marketing/popups.server";
import { newsletterSubscribers, popups } from "~/modules/marketing/schema";
import { subscribeToNewsletter } from "~/modules/marketing/newsletter.server";
import type { MenuItem } from "~/modules/content/schema";
import { testFactories, type TestFactories } from "../support/factories";
import { DRIVERS, openTestDatabase, type TestDatabase } from "../support/test-database";

const MENU: MenuItem[] = [
  {
    id: "bottles",
    order: 1,
    type: "megamenu",
    label: "Water Bottles",
    url: "/bottles",
    sections: [
      {
        title: "Shop by use",
        links: [
          { label: "Everyday Bottles", url: "/collections/everyday-bottles", order: 1 },
          { label: "Outdoor & Trek", url: "/collections/outdoor", order: 2 },
          { label: "Kids", url: "/collections/kids", order: 3 },
        ],
      },
      { title: "Shop by finish", links: [{ label: "Matte Collection", url: "/collections/matte", order: 1 }] },
    ],
  },
  { id: "tumblers", order: 2, type: "simple", label: "Tumblers", url: "/tumblers" },
  { id: "accessories", order: 3, type: "simple", label: "Accessories", url: "/accessories" },
  { id: "gifting", order: 4, type: "simple", label: "Gifting", url: "/collections/gifting" },
  { id: "all", order: 5, type: "simple", label: "All Products", url: "/category/all-products" },
];

const FAQ = [
  { question: "How long do GLACIAL bottles keep drinks cold or hot?", answer: "Cold for up to 24 hours, hot for up to 12." },
  { question: "Are GLACIAL bottles BPA-free?", answer: "Yes, bottles and lids." },
  { question: "What sizes are available?", answer: "From 350ml to 1000ml." },
  { question: "Do your products come with a warranty?", answer: "Yes, against manufacturer's defects." },
  { question: "How do I clean my bottle?", answer: "Hand wash with warm soapy water." },
  { question: "Can I carry carbonated drinks?", answer: "Yes, but open the lid slowly." },
];

describe.each(DRIVERS)("storefront module faces on %s", (kind) => {
  let database: TestDatabase;
  let make: TestFactories;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    make = testFactories(database.db);
    await make.menu(MENU);
    await make.faq(FAQ);
    await make.popup({ isActive: true, title: "Get 10% off your first bottle", emailCollection: true, showFrequency: "once_per_day", delaySeconds: 8, showOnPages: ["/"], ctaLink: "/collection/matte" });
    // One product on sale, one draft (the cart's price check), and collections for the home scroller.
    const onSale = await make.product({ title: "Matte Explorer Bottle", price: 1999, compareAtPrice: 2499 });
    await make.product({ title: "Titanium Prototype Bottle", status: "draft", images: "none" });
    await make.collection({ name: "Matte Collection", slug: "matte", heroImageId: onSale.primaryImageId, productIds: [onSale.id] });
    await make.collection({ name: "Everyday Bottles", slug: "everyday-bottles", productIds: [onSale.id] });
    await make.collection({ name: "Kids", slug: "kids" });
    await make.collection({ name: "Retired range", slug: "retired", isActive: false });
  });
  afterAll(async () => {
    await database?.close();
    make?.cleanup();
  });

  describe("header menu", () => {
    it("reads the active header menu in order, with mega-menu sections", async () => {
      const menu = await getHeaderMenu(database.db);
      expect(menu?.map((i) => i.label)).toEqual(["Water Bottles", "Tumblers", "Accessories", "Gifting", "All Products"]);
      const mega = menu![0]!;
      expect(mega.type).toBe("megamenu");
      if (mega.type !== "megamenu") throw new Error("expected a mega-menu");
      expect(mega.sections[0]!.links.map((l) => l.url)).toEqual(["/collections/everyday-bottles", "/collections/outdoor", "/collections/kids"]);
    });

    it("answers null (the caller shows the fallback) when no header menu is active", async () => {
      await database.db.update(menus).set({ isActive: false }).where(eq(menus.type, "header"));
      try {
        expect(await getHeaderMenu(database.db)).toBeNull();
      } finally {
        await database.db.update(menus).set({ isActive: true }).where(eq(menus.type, "header"));
      }
    });

    it("drops malformed entries and links instead of failing", () => {
      const cleaned = normaliseMenu([
        { id: "b", order: 2, type: "simple", label: "B", url: "/b" },
        { id: "x", order: 0, type: "simple", label: "", url: "/x" },
        "junk",
        { id: "m", order: 1, type: "megamenu", label: "M", sections: [{ title: "S", links: [{ label: "L", url: "/l", order: 2 }, { label: "K", url: "/k", order: 1 }, { nope: true }] }] },
      ]);
      expect(cleaned.map((i) => i.id)).toEqual(["m", "b"]);
      const mega = cleaned[0]!;
      if (mega.type !== "megamenu") throw new Error("expected a mega-menu");
      expect(mega.sections[0]!.links.map((l) => l.label)).toEqual(["K", "L"]);
      expect(normaliseMenu({ not: "an array" })).toEqual([]);
    });
  });

  describe("newsletter", () => {
    it("stores a subscriber with the consent text and time", async () => {
      const at = new Date("2026-11-20T08:00:00Z");
      const result = await subscribeToNewsletter(database.db, { email: "  Asha@Example.in ", source: "footer", consentText: "I agree.", consented: true }, at);
      expect(result).toEqual({ ok: true, alreadySubscribed: false });
      const [row] = await database.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, "asha@example.in"));
      expect(row).toMatchObject({ source: "footer", consentText: "I agree.", unsubscribedAt: null });
      expect(row!.consentedAt?.toISOString()).toBe(at.toISOString());
    });

    it("accepts a repeated address in any case without a duplicate row", async () => {
      const again = await subscribeToNewsletter(database.db, { email: "ASHA@example.in", source: "popup", consented: true });
      expect(again).toEqual({ ok: true, alreadySubscribed: true });
      const rows = await database.db.select().from(newsletterSubscribers).where(sql`lower(${newsletterSubscribers.email}) = 'asha@example.in'`);
      expect(rows).toHaveLength(1);
    });

    it("subscribes an address again after it unsubscribed", async () => {
      await database.db.update(newsletterSubscribers).set({ unsubscribedAt: new Date() }).where(eq(newsletterSubscribers.email, "asha@example.in"));
      const result = await subscribeToNewsletter(database.db, { email: "asha@example.in", source: "footer", consentText: "Again.", consented: true });
      expect(result).toEqual({ ok: true, alreadySubscribed: false });
      const [row] = await database.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, "asha@example.in"));
      expect(row).toMatchObject({ unsubscribedAt: null, consentText: "Again." });
    });

    it("refuses a malformed or empty address and a missing consent, storing nothing", async () => {
      const before = await database.db.select().from(newsletterSubscribers);
      expect(await subscribeToNewsletter(database.db, { email: "not-an-email", consented: true })).toEqual({
        ok: false,
        field: "email",
        error: "Please enter a valid email address, like name@example.com.",
      });
      expect(await subscribeToNewsletter(database.db, { email: "   ", consented: true })).toMatchObject({ ok: false, field: "email", error: "Please enter your email address." });
      expect(await subscribeToNewsletter(database.db, { email: 42, consented: true })).toMatchObject({ ok: false, field: "email" });
      expect(await subscribeToNewsletter(database.db, { email: "ravi@example.in", consented: false })).toEqual({
        ok: false,
        field: "consented",
        error: "Please tick the box to agree to receive emails.",
      });
      expect(await database.db.select().from(newsletterSubscribers)).toHaveLength(before.length);
    });
  });

  describe("popup", () => {
    it("reads the active popup with show_on_pages and frequency", async () => {
      const popup = await getActivePopup(database.db);
      expect(popup).toMatchObject({ title: "Get 10% off your first bottle", emailCollection: true, showFrequency: "once_per_day", delaySeconds: 8, showOnPages: ["/"], ctaLink: "/collection/matte" });
    });

    it("answers null when no popup is active", async () => {
      await database.db.update(popups).set({ isActive: false });
      try {
        expect(await getActivePopup(database.db)).toBeNull();
      } finally {
        await database.db.update(popups).set({ isActive: true });
      }
    });
  });

  describe("cart price check", () => {
    it("gives the current price of each variant and whether its product is on sale", async () => {
      const [variant] = await database.db
        .select({ id: productVariants.id, price: productVariants.pricePaise, productId: products.id, slug: products.slug })
        .from(productVariants)
        .innerJoin(products, eq(products.id, productVariants.productId))
        .where(eq(products.status, "active"))
        .limit(1);
      const [draft] = await database.db
        .select({ id: productVariants.id })
        .from(productVariants)
        .innerJoin(products, eq(products.id, productVariants.productId))
        .where(eq(products.status, "draft"))
        .limit(1);
      const answer = await currentCartPrices(database.db, [variant!.id, draft!.id, "not-a-uuid", "00000000-0000-4000-8000-000000000000", variant!.id], 18);
      expect(answer).toHaveLength(2);
      expect(answer.find((a) => a.variantId === variant!.id)).toMatchObject({ pricePaise: variant!.price, available: true, slug: variant!.slug, productId: variant!.productId });
      expect(answer.find((a) => a.variantId === draft!.id)).toMatchObject({ available: false });
      expect(await currentCartPrices(database.db, [], 18)).toEqual([]);
    });
  });

  describe("home lists", () => {
    it("lists active collections by sort order with 800x600 webp q90 hero images, 'No image' when none", async () => {
      const cards = await listCollectionCards(database.db);
      const active = await database.db.select().from(collections).where(eq(collections.isActive, true));
      expect(active).toHaveLength(3);
      expect(cards).toHaveLength(active.length);
      expect(cards[0]!.slug).toBe("matte");
      const hero = new URL(cards[0]!.image!, "http://x");
      expect(hero.pathname).toMatch(/^\/images\/products\//);
      expect(Object.fromEntries(hero.searchParams)).toMatchObject({ w: "800", h: "600", q: "90", fm: "webp" });
      await database.db.update(collections).set({ heroImageId: null }).where(eq(collections.slug, "matte"));
      await database.db.update(collections).set({ isActive: false }).where(eq(collections.slug, "everyday-bottles"));
      const after = await listCollectionCards(database.db);
      expect(after.find((c) => c.slug === "matte")!.image).toBeNull();
      expect(after.some((c) => c.slug === "everyday-bottles")).toBe(false);
      await database.db.update(collections).set({ isActive: true }).where(and(eq(collections.slug, "everyday-bottles")));
    });

    it("reads the six FAQ entries in order", async () => {
      const faq = await listFaqItems(database.db);
      expect(faq).toHaveLength(FAQ.length);
      expect(faq.map((i) => i.question)).toEqual(FAQ.map((i) => i.question));
      expect(faq[0]!.question).toMatch(/cold or hot/);
    });
  });

  it("notifyCatalogChanged publishes the product id on the catalog topic", async () => {
    const bus = await createEventBus(database);
    try {
      const received = new Promise<unknown>((resolve) => {
        const off = bus.subscribe(TOPICS.catalogChanged, (p) => {
          off();
          resolve(p);
        });
      });
      await notifyCatalogChanged(bus, "11111111-1111-4111-8111-111111111111");
      expect(await received).toEqual({ productId: "11111111-1111-4111-8111-111111111111" });
    } finally {
      await bus.close();
    }
  });
});
