import { and, eq, inArray, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { create } from "xmlbuilder2";
import { listAudit } from "~/modules/audit/audit.server";
import { notifyCatalogChanged } from "~/modules/catalog/catalog-events.server";
import { editorValues, loadProductForEditor, saveProductAsStaff } from "~/modules/catalog/product-admin.server";
import { getProductDetail } from "~/modules/catalog/product-detail.server";
import { productInput } from "~/modules/catalog/product-form";
import { galleryFor } from "~/modules/catalog/product-view";
import { productVariants, products } from "~/modules/catalog/schema";
import { storefrontCacheFor } from "~/modules/events/read-cache.server";
import { googleFeed, loadGoogleFeedScreen, saveGoogleFeedSettings, serveGoogleFeed } from "~/modules/google-feed/google-feed.server";
import { media } from "~/modules/media/schema";
import { shippingFor } from "~/modules/orders/pricing";
import { getSetting } from "~/modules/settings/settings.server";
import { loader as feedLoader } from "~/routes/feeds-google-xml";
import type { AppServices } from "~/services.server";
import { testFactories, type TestFactories } from "../support/factories";
import { DRIVERS } from "../support/test-database";
import { createStaff, openTestServices, TEST_PUBLIC_URL } from "../support/test-services";

const G = "http://base.google.com/ns/1.0";
/** Every item must carry these (Merchant Center's required attributes for new goods shipped in India). */
const REQUIRED = ["id", "title", "description", "link", "image_link", "availability", "price", "brand", "condition", "shipping"];

type ParsedItem = Record<string, string[]>;

/** Parses the feed back into items (each g: child by name; shipping's parts as shipping.country, ...). */
function parseFeed(xml: string): { title: string; items: ParsedItem[] } {
  // Characters XML 1.0 forbids would make Merchant Center reject the whole file.
  expect(xml).not.toMatch(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u);
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  const root = create(xml).root().node as unknown as Element;
  expect(root.nodeName).toBe("rss");
  expect(root.getAttribute("version")).toBe("2.0");
  expect(root.getAttribute("xmlns:g")).toBe(G);
  const elements = (node: Node) => [...node.childNodes].filter((n): n is Element => n.nodeType === 1);
  const [channel] = elements(root);
  expect(channel!.nodeName).toBe("channel");
  const title = elements(channel!).find((e) => e.nodeName === "title")!.textContent ?? "";
  const items = elements(channel!)
    .filter((e) => e.nodeName === "item")
    .map((item) => {
      const out: ParsedItem = {};
      const add = (name: string, value: string) => (out[name] ??= []).push(value);
      for (const child of elements(item)) {
        expect(child.namespaceURI).toBe(G);
        if (child.localName === "shipping") {
          for (const part of elements(child)) add(`shipping.${part.localName}`, part.textContent ?? "");
          add("shipping", "");
        } else add(child.localName, child.textContent ?? "");
      }
      return out;
    });
  return { title, items };
}

const one = (item: ParsedItem, name: string) => {
  expect(item[name], name).toHaveLength(1);
  return item[name]![0]!;
};
const pathOf = (url: string) => new URL(url, TEST_PUBLIC_URL).pathname;

describe.each(DRIVERS)("Google Merchant feed on %s", (kind) => {
  let services: AppServices;
  let actor: { id: string; email: string };
  let make: TestFactories;
  let glacierSlug: string;
  beforeAll(async () => {
    services = await openTestServices(kind);
    actor = await createStaff(services, "feed@glacial.in", ["admin"]);
    make = testFactories(services.db, { events: services.events });
    // A catalogue with every kind of item: grouped variants (colour and size) on sale, grouped
    // without a sale, single items with and without a sale, and products the feed must leave out.
    const sizes = ["500ml", "750ml"];
    const glacier = await make.product({
      title: "Glacier Classic Bottle",
      options: [
        { name: "Color", values: ["Black", "Navy"] },
        { name: "Size", values: sizes },
      ],
      variant: ({ Size }) => ({ price: 1499 + 300 * sizes.indexOf(Size!), compareAtPrice: 2099 + 300 * sizes.indexOf(Size!) }),
      images: "colours",
    });
    glacierSlug = glacier.slug;
    await make.product({ title: "Summit Sport Bottle", price: 1799, options: [{ name: "Color", values: ["Red", "Blue"] }], images: "colours" });
    await make.product({ title: "Straw Lid", price: 899 });
    await make.product({ title: "Chai Tumbler", price: 999, compareAtPrice: 1299, options: [{ name: "Color", values: ["Brown"] }] });
    await make.product({ title: "Titanium Prototype Bottle", status: "draft" });
    await make.product({ title: "Retired Classic Tumbler", status: "archived", images: "none" });
  });
  afterAll(async () => {
    await services?.close();
    make?.cleanup();
  });

  const feedNow = async () => {
    const answer = await serveGoogleFeed(services, null);
    expect(answer.notModified).toBe(false);
    return { answer, ...parseFeed(answer.body!) };
  };
  const bySku = (items: ParsedItem[]) => new Map(items.map((i) => [one(i, "id"), i]));

  it("parses as RSS 2.0 and carries, for every variant of every active product, what the product page shows", async () => {
    // One variant sold out, so both availabilities are checked against the page.
    const [soldOut] = await services.db.select({ id: productVariants.id, productId: productVariants.productId }).from(productVariants).innerJoin(products, eq(products.id, productVariants.productId)).where(eq(products.status, "active")).limit(1);
    await services.db.update(productVariants).set({ stockQuantity: 0 }).where(eq(productVariants.id, soldOut!.id));
    await notifyCatalogChanged(services.events, soldOut!.productId);
    const { answer, title, items } = await feedNow();
    expect(answer.headers["Content-Type"]).toBe("application/xml; charset=utf-8");
    expect(answer.headers.ETag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    expect(answer.headers["Cache-Control"]).toBe("public, no-cache");
    expect(title).toBe("GLACIAL");

    const shipping = await getSetting(services.db, "shipping");
    const active = await services.db.select({ slug: products.slug }).from(products).where(eq(products.status, "active"));
    const items_ = bySku(items);
    let variants = 0;
    for (const { slug } of active) {
      const page = (await getProductDetail(services.db, slug))!;
      const grouped = page.variants.length > 1;
      for (const variant of page.variants) {
        variants += 1;
        const item = items_.get(variant.sku)!;
        expect(item, variant.sku).toBeDefined();
        for (const name of REQUIRED) expect(item[name], `${variant.sku} ${name}`).toBeDefined();
        expect(Boolean(item.gtin) !== Boolean(item.identifier_exists), `${variant.sku}: gtin or identifier_exists`).toBe(true);
        expect(one(item, "title")).toBe(grouped ? `${page.title} - ${variant.title}` : page.title);
        expect(one(item, "description").length).toBeGreaterThan(0);
        expect(one(item, "link")).toBe(`${TEST_PUBLIC_URL}/product/${slug}${grouped ? `?variant=${variant.id}` : ""}`);
        // The price the shopper pays is the page's price; on sale, the regular price is the page's struck-out one.
        if (variant.compareAtPricePaise) {
          expect(one(item, "price")).toBe(`${(variant.compareAtPricePaise / 100).toFixed(2)} INR`);
          expect(one(item, "sale_price")).toBe(`${(variant.pricePaise / 100).toFixed(2)} INR`);
        } else {
          expect(one(item, "price")).toBe(`${(variant.pricePaise / 100).toFixed(2)} INR`);
          expect(item.sale_price).toBeUndefined();
        }
        expect(one(item, "availability")).toBe(variant.stock > 0 ? "in_stock" : "out_of_stock");
        // The first picture the page shows for this variant, as a large absolute JPEG.
        const shown = galleryFor(page.images, variant.id)[0]!;
        expect(one(item, "image_link")).toMatch(/^http:\/\/localhost:3000\/images\/.+[?&]fm=jpeg/);
        expect(pathOf(one(item, "image_link"))).toBe(pathOf(shown.src));
        expect(one(item, "brand")).toBe("GLACIAL");
        expect(one(item, "identifier_exists")).toBe("no");
        expect(one(item, "condition")).toBe("new");
        if (grouped) expect(one(item, "item_group_id")).toBe(page.id);
        else expect(item.item_group_id).toBeUndefined();
        expect(one(item, "color")).toBe(variant.optionValues.Color);
        if (variant.optionValues.Size) expect(one(item, "size")).toBe(variant.optionValues.Size);
        expect(one(item, "google_product_category")).toBe("Home & Garden > Kitchen & Dining > Food & Beverage Carriers > Water Bottles");
        expect(one(item, "shipping.country")).toBe("IN");
        expect(one(item, "shipping.price")).toBe(`${(shippingFor(variant.pricePaise, shipping) / 100).toFixed(2)} INR`);
      }
    }
    // Nothing else: drafts and archived products are not in the feed.
    expect(items).toHaveLength(variants);
    const hidden = await services.db
      .select({ sku: productVariants.sku })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(ne(products.status, "active"));
    expect(hidden.length).toBeGreaterThan(0);
    for (const { sku } of hidden) expect(items_.has(sku), sku).toBe(false);
    // Sale prices (made above) and a sold-out variant: both paths above were taken.
    expect(items.some((i) => i.sale_price)).toBe(true);
    expect(items.some((i) => one(i, "availability") === "out_of_stock")).toBe(true);
  });

  it("answers 304 to the current ETag, keeps one build until a change, and the same data gives the same ETag", async () => {
    const first = await serveGoogleFeed(services, null);
    const etag = first.headers.ETag!;
    const again = await serveGoogleFeed(services, etag);
    expect(again).toEqual({ notModified: true, body: null, headers: { ETag: etag, "Cache-Control": "public, no-cache", "X-Robots-Tag": "noindex" } });
    // The compressor weakens the ETag of a gzipped answer; that copy is current too.
    expect((await serveGoogleFeed(services, `W/${etag}`)).notModified).toBe(true);
    expect((await serveGoogleFeed(services, '"something-else"')).notModified).toBe(false);
    // Over HTTP: 304 with no body for the current copy, 200 with the XML otherwise.
    const fetchFeed = (ifNoneMatch?: string) =>
      feedLoader({ request: new Request(`${TEST_PUBLIC_URL}/feeds/google.xml`, { headers: ifNoneMatch ? { "If-None-Match": ifNoneMatch } : {} }), context: { services }, params: {} } as never);
    const current = await fetchFeed(etag);
    expect([current.status, await current.text(), current.headers.get("ETag")]).toEqual([304, "", etag]);
    const fresh = await fetchFeed();
    expect([fresh.status, fresh.headers.get("Content-Type")]).toEqual([200, "application/xml; charset=utf-8"]);
    expect(await googleFeed(services)).toBe(await googleFeed(services));

    storefrontCacheFor(services.events).clear();
    const rebuilt = await serveGoogleFeed(services, etag);
    expect(rebuilt.notModified).toBe(true);
  });

  it("has a saved price change in the very next fetch, as on the product page", async () => {
    const { answer: before, items } = await feedNow();
    const sku = one(items.find((i) => !i.sale_price && one(i, "availability") === "in_stock")!, "id");
    const [row] = await services.db.select({ productId: productVariants.productId }).from(productVariants).where(eq(productVariants.sku, sku));
    const values = editorValues((await loadProductForEditor(services.db, row!.productId))!);
    const input = productInput.parse({ ...values, variants: values.variants.map((v) => (v.sku === sku ? { ...v, price: "1234.50", compareAtPrice: "" } : v)) });
    const saved = await saveProductAsStaff(services, actor, input, { id: row!.productId, expectedVersion: values.version! });
    expect(saved.ok).toBe(true);

    const after = await serveGoogleFeed(services, before.headers.ETag!);
    expect(after.notModified).toBe(false);
    expect(after.headers.ETag).not.toBe(before.headers.ETag);
    const item = bySku(parseFeed(after.body!).items).get(sku)!;
    expect(one(item, "price")).toBe("1234.50 INR");
    const page = (await getProductDetail(services.db, values.slug))!;
    expect(page.variants.find((v) => v.sku === sku)!.pricePaise).toBe(123_450);
  });

  it("lists a product without a GTIN or a picture in the diagnostics; the picture-less one leaves the feed", async () => {
    const screen = await loadGoogleFeedScreen(services);
    expect(screen.feedUrl).toBe(`${TEST_PUBLIC_URL}/feeds/google.xml`);
    // The products were made without barcodes: every item is sent with a missing-GTIN warning.
    expect(screen.issues.filter((i) => i.attribute === "gtin" && i.severity === "warning")).toHaveLength(screen.itemCount);

    const [bottle] = await services.db.select({ id: products.id, title: products.title }).from(products).where(eq(products.slug, glacierSlug));
    const variants = await services.db.select({ id: productVariants.id, sku: productVariants.sku }).from(productVariants).where(eq(productVariants.productId, bottle!.id));
    expect(variants.length).toBeGreaterThan(1);
    const [withGtin, badGtin] = variants;
    await services.db.update(productVariants).set({ barcode: "8901030865237" }).where(eq(productVariants.id, withGtin!.id));
    await services.db.update(productVariants).set({ barcode: "8901030865238" }).where(eq(productVariants.id, badGtin!.id));
    await notifyCatalogChanged(services.events, bottle!.id);

    const [other] = await services.db
      .select({ id: products.id, title: products.title })
      .from(products)
      .where(and(eq(products.status, "active"), ne(products.id, bottle!.id)))
      .limit(1);
    const otherSkus = (await services.db.select({ sku: productVariants.sku }).from(productVariants).where(eq(productVariants.productId, other!.id))).map((v) => v.sku);
    await services.db.delete(media).where(eq(media.productId, other!.id));
    await notifyCatalogChanged(services.events, other!.id);

    const after = await loadGoogleFeedScreen(services);
    const issuesOf = (sku: string) => after.issues.filter((i) => i.sku === sku).map((i) => [i.attribute, i.severity]);
    expect(issuesOf(withGtin!.sku)).toEqual([]);
    expect(issuesOf(badGtin!.sku)).toEqual([["gtin", "warning"]]);
    expect(after.issues.find((i) => i.sku === badGtin!.sku)!.message).toMatch(/^Invalid GTIN "8901030865238"/);
    for (const sku of otherSkus) {
      expect(issuesOf(sku)).toContainEqual(["image_link", "error"]);
      expect(after.issues.find((i) => i.sku === sku && i.attribute === "image_link")).toMatchObject({ productId: other!.id, productTitle: other!.title, message: "Missing image: add a picture of the product." });
    }
    // Errors first.
    expect(after.issues[0]!.severity).toBe("error");
    expect(after.itemCount).toBe(screen.itemCount - otherSkus.length);

    const feed = bySku((await feedNow()).items);
    expect(feed.size).toBe(after.itemCount);
    expect(one(feed.get(withGtin!.sku)!, "gtin")).toBe("8901030865237");
    expect(feed.get(withGtin!.sku)!.identifier_exists).toBeUndefined();
    expect(feed.get(badGtin!.sku)!.gtin).toBeUndefined();
    expect(one(feed.get(badGtin!.sku)!, "identifier_exists")).toBe("no");
    for (const sku of otherSkus) expect(feed.has(sku)).toBe(false);
  });

  it("saves the settings with the version check and an audit row; the feed follows at once", async () => {
    const screen = await loadGoogleFeedScreen(services);
    const excludedProduct = screen.products[0]!;
    const skus = (await services.db.select({ sku: productVariants.sku }).from(productVariants).where(eq(productVariants.productId, excludedProduct.id))).map((v) => v.sku);
    const saved = await saveGoogleFeedSettings(services, actor, { brand: "Glacial Labs", googleProductCategory: "2169", excludedProductIds: [excludedProduct.id] }, screen.settings.version);
    expect(saved).toMatchObject({ ok: true, message: "Google feed settings saved." });

    const feed = await feedNow();
    expect(feed.items.every((i) => one(i, "brand") === "Glacial Labs" && one(i, "google_product_category") === "2169")).toBe(true);
    const ids = new Set(feed.items.map((i) => one(i, "id")));
    for (const sku of skus) expect(ids.has(sku)).toBe(false);
    const after = await loadGoogleFeedScreen(services);
    expect(after.settings.value).toEqual({ brand: "Glacial Labs", google_product_category: "2169", excluded_product_ids: [excludedProduct.id] });
    expect(after.issues.filter((i) => i.severity === "excluded")).toEqual([
      { productId: excludedProduct.id, productTitle: excludedProduct.title, sku: null, attribute: "excluded_destination", severity: "excluded", message: "Kept out of the feed in the settings below." },
    ]);
    const [audit] = await listAudit(services.db, { module: "google_feed" });
    expect(audit).toMatchObject({ action: "edit", targetId: "google_feed", actorEmail: "feed@glacial.in", changes: { before: { brand: "GLACIAL" }, after: { brand: "Glacial Labs" } } });

    // A second editor still holding the old version is refused; nothing changes.
    const stale = await saveGoogleFeedSettings(services, actor, { brand: "Overwrite", googleProductCategory: "", excludedProductIds: [] }, screen.settings.version);
    expect(stale).toEqual({ ok: false, status: 409, error: "The Google feed configuration was changed by someone else — reload to see their changes." });
    // An id that names no product is refused before anything is written.
    const unknown = await saveGoogleFeedSettings(services, actor, { brand: "Overwrite", googleProductCategory: "", excludedProductIds: ["00000000-0000-4000-8000-000000000000"] }, after.settings.version);
    expect(unknown).toMatchObject({ ok: false, status: 400, fieldErrors: { excludedProductIds: "A product you chose no longer exists." } });
    expect((await loadGoogleFeedScreen(services)).settings).toEqual(after.settings);
    expect(await listAudit(services.db, { module: "google_feed" })).toHaveLength(1);
  });

  it("keeps an excluded product excluded while it is a draft", async () => {
    const screen = await loadGoogleFeedScreen(services);
    const [excludedId] = screen.settings.value.excluded_product_ids;
    await services.db.update(products).set({ status: "draft" }).where(inArray(products.id, [excludedId!]));
    await notifyCatalogChanged(services.events, excludedId!);
    const after = await loadGoogleFeedScreen(services);
    expect(after.products.some((p) => p.id === excludedId)).toBe(false);
    expect(after.hiddenExcludedIds).toEqual([excludedId]);
  });
});
