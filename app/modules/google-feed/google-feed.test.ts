import { describe, expect, it } from "vitest";
import type { FeedProductRow } from "~/modules/catalog/feed-rows.server";
import { SETTINGS } from "~/modules/settings/settings.server";
import { buildFeedItems, plainText, type FeedContext } from "./feed-items.server";
import { etagMatches, feedPrice, googleFeedSettingsForm, sortIssues, type FeedIssue } from "./google-feed";

const PRODUCT_ID = "6f1c2a52-6d0e-4c1e-9a0b-1a2b3c4d5e6f";
const RED = "0a1b2c3d-0000-4000-8000-000000000001";
const BLUE = "0a1b2c3d-0000-4000-8000-000000000002";

const context = (over: Partial<FeedContext["settings"]> = {}): FeedContext => ({
  publicUrl: "https://shop.example.in",
  settings: { ...SETTINGS.google_feed.fallback, ...over },
  shipping: { free_over_paise: 499_900, flat_fee_paise: 9_900 },
});

function product(over: Partial<FeedProductRow> = {}): FeedProductRow {
  return {
    id: PRODUCT_ID,
    slug: "summit-bottle",
    title: "Summit Bottle",
    description: "Keeps water **cold** for 24 hours.",
    seoDescription: null,
    variants: [
      { id: RED, sku: "SUM-RED", title: "Red / 500ml", optionValues: { Color: "Red", Size: "500ml" }, pricePaise: 129_900, compareAtPricePaise: 159_900, stock: 4, barcode: "8901030865237" },
      { id: BLUE, sku: "SUM-BLU", title: "Blue / 500ml", optionValues: { Color: "Blue", Size: "500ml" }, pricePaise: 549_900, compareAtPricePaise: null, stock: 0, barcode: null },
    ],
    images: [
      { fileUrl: "products/1-summit.webp", variantIds: [] },
      { fileUrl: "products/2-summit-blue.webp", variantIds: [BLUE] },
    ],
    ...over,
  };
}

describe("feed values", () => {
  it("writes prices as rupees with two decimals and INR", () => {
    expect(feedPrice(129_900)).toBe("1299.00 INR");
    expect(feedPrice(129_905)).toBe("1299.05 INR");
    expect(feedPrice(99)).toBe("0.99 INR");
    expect(feedPrice(0)).toBe("0.00 INR");
  });

  it("matches If-None-Match weakly, in lists and with *", () => {
    const etag = '"abc"';
    expect(etagMatches('"abc"', etag)).toBe(true);
    expect(etagMatches('W/"abc"', etag)).toBe(true);
    expect(etagMatches('"x", W/"abc"', etag)).toBe(true);
    expect(etagMatches("*", etag)).toBe(true);
    expect(etagMatches('"abd"', etag)).toBe(false);
    expect(etagMatches(null, etag)).toBe(false);
    expect(etagMatches("", etag)).toBe(false);
  });

  it("checks the settings form: brand required and short, a category number or path, real ids", () => {
    const ok = googleFeedSettingsForm.safeParse({ version: "3", brand: " GLACIAL ", googleProductCategory: "Home & Garden > Kitchen & Dining", excludedProductIds: [PRODUCT_ID] });
    expect(ok.success && ok.data).toEqual({ version: 3, brand: "GLACIAL", googleProductCategory: "Home & Garden > Kitchen & Dining", excludedProductIds: [PRODUCT_ID] });
    expect(googleFeedSettingsForm.safeParse({ version: "0", brand: "G", googleProductCategory: "2169", excludedProductIds: [] }).success).toBe(true);
    expect(googleFeedSettingsForm.safeParse({ version: "0", brand: "G", googleProductCategory: "", excludedProductIds: [] }).success).toBe(true);
    const bad = googleFeedSettingsForm.safeParse({ version: "0", brand: "  ", googleProductCategory: "Home >> Kitchen", excludedProductIds: ["nope"] });
    expect(bad.success).toBe(false);
    const messages = bad.error!.issues.map((i) => i.message);
    expect(messages).toContain("Brand is required.");
    expect(messages).toContain("Enter a Google category number or its full path with ' > ' between levels, or leave it empty.");
    expect(messages).toContain("Unknown product.");
    expect(googleFeedSettingsForm.safeParse({ version: "0", brand: "x".repeat(71), googleProductCategory: "", excludedProductIds: [] }).success).toBe(false);
  });

  it("lists errors first, then warnings, then exclusions, keeping the catalogue's order", () => {
    const issue = (sku: string, severity: FeedIssue["severity"]): FeedIssue => ({ productId: "p", productTitle: "P", sku, attribute: "a", severity, message: "m" });
    expect(sortIssues([issue("1", "warning"), issue("2", "excluded"), issue("3", "error"), issue("4", "warning"), issue("5", "error")]).map((i) => i.sku)).toEqual(["3", "5", "1", "4", "2"]);
  });
});

describe("feed items", () => {
  it("makes one complete item per variant, with the page's price, stock and picture", () => {
    const { items, issues } = buildFeedItems([product()], context());
    expect(items).toHaveLength(2);
    const [red, blue] = items;
    expect(red).toEqual({
      id: "SUM-RED",
      title: "Summit Bottle - Red / 500ml",
      description: "Keeps water cold for 24 hours.",
      link: `https://shop.example.in/product/summit-bottle?variant=${RED}`,
      imageLink: expect.stringMatching(/^https:\/\/shop\.example\.in\/images\/products\/1-summit\.webp\?w=1200&h=1200&q=85&fm=jpeg&v=/),
      additionalImageLinks: [expect.stringMatching(/^https:\/\/shop\.example\.in\/images\/products\/2-summit-blue\.webp\?/)],
      availability: "in_stock",
      // On sale: the regular (compare-at) price, and what the shopper pays.
      price: "1599.00 INR",
      salePrice: "1299.00 INR",
      brand: "GLACIAL",
      gtin: "8901030865237",
      condition: "new",
      itemGroupId: PRODUCT_ID,
      color: "Red",
      size: "500ml",
      googleProductCategory: "Home & Garden > Kitchen & Dining > Food & Beverage Carriers > Water Bottles",
      shipping: { country: "IN", service: "Standard", price: "99.00 INR" },
    });
    // Its own picture first; out of stock; no sale; over the free-shipping threshold; no GTIN.
    expect(blue!.imageLink).toMatch(/2-summit-blue\.webp/);
    expect(blue!.availability).toBe("out_of_stock");
    expect(blue!.price).toBe("5499.00 INR");
    expect(blue!.salePrice).toBeUndefined();
    expect(blue!.shipping.price).toBe("0.00 INR");
    expect(blue!.gtin).toBeUndefined();
    expect(blue!.identifierExists).toBe("no");
    expect(issues).toEqual([
      { productId: PRODUCT_ID, productTitle: "Summit Bottle", sku: "SUM-BLU", attribute: "gtin", severity: "warning", message: expect.stringMatching(/^Missing GTIN/) },
    ]);
  });

  it("sends a single-variant product under its own title and plain link, without a group", () => {
    const single = product({ variants: [{ ...product().variants[0]!, title: "Default", optionValues: {} }] });
    const [item] = buildFeedItems([single], context()).items;
    expect(item!.title).toBe("Summit Bottle");
    expect(item!.link).toBe("https://shop.example.in/product/summit-bottle");
    expect(item!.itemGroupId).toBeUndefined();
  });

  it("leaves out what Merchant Center would disapprove, naming each problem", () => {
    const rows = [
      product({ id: "a", images: [], variants: [{ ...product().variants[1]!, pricePaise: 0 }] }),
      product({ id: "b", title: "T".repeat(151), description: "", seoDescription: null, variants: [product().variants[1]!] }),
      product({ id: "c", variants: [{ ...product().variants[1]!, sku: "S".repeat(51) }] }),
      product({ id: "d", variants: [] }),
    ];
    const { items, issues } = buildFeedItems(rows, context());
    expect(items).toEqual([]);
    const errors = issues.filter((i) => i.severity === "error").map((i) => [i.productId, i.attribute]);
    expect(errors).toEqual([
      ["a", "image_link"],
      ["a", "price"],
      ["b", "title"],
      ["b", "description"],
      ["c", "id"],
      ["d", "id"],
    ]);
    expect(issues.find((i) => i.attribute === "image_link")!.message).toBe("Missing image: add a picture of the product.");
  });

  it("sends an invalid GTIN as none, cuts a long description, warns of options Google has no name for", () => {
    const lidded = product({
      description: `${"word ".repeat(1200)}end`,
      variants: [
        { ...product().variants[0]!, barcode: "8901030865238", optionValues: { Color: "Red", Lid: "Straw" } },
        { ...product().variants[1]!, optionValues: { Color: "Red", Lid: "Flip" } },
      ],
    });
    const { items, issues } = buildFeedItems([lidded], context());
    expect(items).toHaveLength(2);
    expect(items[0]!.gtin).toBeUndefined();
    expect(items[0]!.identifierExists).toBe("no");
    expect(items[0]!.description.length).toBeLessThanOrEqual(5000);
    expect(items[0]!.description.endsWith("…")).toBe(true);
    const red = issues.filter((i) => i.sku === "SUM-RED").map((i) => [i.attribute, i.severity]);
    expect(red).toEqual([
      ["description", "warning"],
      ["gtin", "warning"],
      ["item_group_id", "warning"],
    ]);
    expect(issues.find((i) => i.sku === "SUM-RED" && i.attribute === "gtin")!.message).toMatch(/^Invalid GTIN "8901030865238"/);
  });

  it("keeps excluded products out, listed once", () => {
    const { items, issues } = buildFeedItems([product()], context({ excluded_product_ids: [PRODUCT_ID] }));
    expect(items).toEqual([]);
    expect(issues).toEqual([{ productId: PRODUCT_ID, productTitle: "Summit Bottle", sku: null, attribute: "excluded_destination", severity: "excluded", message: "Kept out of the feed in the settings below." }]);
  });

  it("uses the settings' brand and leaves the category out when it is empty", () => {
    const [item] = buildFeedItems([product()], context({ brand: "Glacial Labs", google_product_category: "" })).items;
    expect(item!.brand).toBe("Glacial Labs");
    expect(item!.googleProductCategory).toBeUndefined();
  });

  it("drops characters XML cannot carry", () => {
    const [item] = buildFeedItems([product({ title: "Sum\u0001mit\u0008 Bottle", description: "Cold\u0000 water \uFFFE" })], context()).items;
    expect(item!.title).toBe("Summit Bottle - Red / 500ml");
    expect(item!.description).toBe("Cold water");
  });
});

describe("plain-text descriptions", () => {
  it("keeps the words of Markdown, one block a line, without markup or raw HTML", () => {
    const markdown = "# Summit &amp; Co\n\nKeeps **cold** for 24 h & more. \\*Really\\* [see more](https://x.in) <b>bold</b> `18/8`\n\n- one\n- two &lt;3\n";
    expect(plainText(markdown)).toBe("Summit & Co\nKeeps cold for 24 h & more. *Really* see more bold 18/8\none\ntwo <3");
  });
});
