import { marked, type Token } from "marked";
import { isValidGtin } from "~/modules/catalog/catalog";
import type { FeedImageRow, FeedProductRow, FeedVariantRow } from "~/modules/catalog/catalog.server";
import { type ImageOptions, mediaUrl } from "~/modules/media/media";
import { shippingFor } from "~/modules/orders/orders";
import type { SettingValue } from "~/modules/settings/settings.server";
import { FEED_LIMITS, type FeedIssue, feedPrice } from "./google-feed";

// The catalogue turned into Merchant Center items, with the diagnostics Merchant Center would
// raise. Pure: the rows and settings come in, items and issues go out, so the rules are tested
// without a database. An item Merchant Center would disapprove is left out of the feed (and listed
// as an error); one it would only warn about is sent (and listed as a warning).

/** Feed pictures: large JPEG, the format every Merchant Center crawler accepts. */
export const FEED_IMAGE: ImageOptions = { width: 1200, height: 1200, quality: 85, format: "jpeg" };

export type FeedItem = {
  id: string;
  title: string;
  description: string;
  link: string;
  imageLink: string;
  additionalImageLinks: string[];
  availability: "in_stock" | "out_of_stock";
  /** The regular price: the compare-at price while the variant is on sale, else its price. */
  price: string;
  /** What the shopper pays while on sale (the product page's price beside the struck-out one). */
  salePrice?: string;
  brand: string;
  gtin?: string;
  identifierExists?: "no";
  condition: "new";
  /** The product's id, for products sold in more than one variant. */
  itemGroupId?: string;
  color?: string;
  size?: string;
  material?: string;
  pattern?: string;
  googleProductCategory?: string;
  shipping: { country: "IN"; service: string; price: string };
};

export type FeedContext = {
  /** The shop's public origin, e.g. https://glacial.in: every link and image is absolute. */
  publicUrl: string;
  settings: SettingValue<"google_feed">;
  shipping: SettingValue<"shipping">;
};

/** Product option names Merchant Center has an attribute for (case-insensitive). */
const VARIANT_ATTRIBUTES: { attribute: "color" | "size" | "material" | "pattern"; names: RegExp }[] = [
  { attribute: "color", names: /^colou?rs?$/i },
  { attribute: "size", names: /^(size|capacity|volume)$/i },
  { attribute: "material", names: /^materials?$/i },
  { attribute: "pattern", names: /^(pattern|print)$/i },
];

export function buildFeedItems(rows: FeedProductRow[], context: FeedContext): { items: FeedItem[]; issues: FeedIssue[] } {
  const items: FeedItem[] = [];
  const issues: FeedIssue[] = [];
  const excluded = new Set(context.settings.excluded_product_ids);
  for (const product of rows) {
    const issue = (sku: string | null, attribute: string, severity: FeedIssue["severity"], message: string) =>
      issues.push({ productId: product.id, productTitle: product.title, sku, attribute, severity, message });
    if (excluded.has(product.id)) {
      issue(null, "excluded_destination", "excluded", "Kept out of the feed in the settings below.");
      continue;
    }
    if (product.variants.length === 0) {
      issue(null, "id", "error", "No variants: there is nothing to sell, so there is no item.");
      continue;
    }
    const productTitle = xmlText(product.title).replace(/\s+/g, " ").trim();
    const description = plainText(product.description) || xmlText(product.seoDescription ?? "").trim();
    const grouped = product.variants.length > 1;
    const unmapped = grouped ? differingUnmappedOptions(product.variants) : [];

    for (const variant of product.variants) {
      const errors: [string, string][] = [];
      const warnings: [string, string][] = [];

      if (variant.sku.length > FEED_LIMITS.id) errors.push(["id", `The SKU is ${variant.sku.length} characters; Merchant Center takes at most ${FEED_LIMITS.id}.`]);

      if (!productTitle) errors.push(["title", "Missing title."]);
      else if (productTitle.length > FEED_LIMITS.title) errors.push(["title", `Title too long: ${productTitle.length} characters, at most ${FEED_LIMITS.title}.`]);
      const title = itemTitle(productTitle, variant, grouped);

      let itemDescription = description;
      if (!description) errors.push(["description", "Missing description."]);
      else if (description.length > FEED_LIMITS.description) {
        itemDescription = shorten(description, FEED_LIMITS.description);
        warnings.push(["description", `Description too long: ${description.length} characters; sent cut to ${FEED_LIMITS.description}.`]);
      }

      const gallery = galleryFor(product.images, variant.id);
      if (gallery.length === 0) errors.push(["image_link", "Missing image: add a picture of the product."]);

      if (variant.pricePaise <= 0) errors.push(["price", "The price is zero: Merchant Center does not list free items."]);

      const barcode = variant.barcode?.trim() ?? "";
      const gtin = barcode && isValidGtin(barcode) ? barcode : undefined;
      if (!barcode) warnings.push(["gtin", "Missing GTIN: sent with identifier_exists = no, which limits how often Google shows it."]);
      else if (!gtin) warnings.push(["gtin", `Invalid GTIN "${xmlText(barcode)}" (wrong length or check digit): sent without it, with identifier_exists = no.`]);

      for (const name of unmapped) {
        warnings.push(["item_group_id", `Variants differ by "${name}", which Merchant Center has no attribute for: they may look like duplicates.`]);
      }

      for (const [attribute, message] of errors) issue(variant.sku, attribute, "error", message);
      for (const [attribute, message] of warnings) issue(variant.sku, attribute, "warning", message);
      if (errors.length > 0) continue;

      const onSale = variant.compareAtPricePaise !== null && variant.compareAtPricePaise > variant.pricePaise;
      const absolute = (path: string) => new URL(path, context.publicUrl).toString();
      const item: FeedItem = {
        id: variant.sku,
        title,
        description: itemDescription,
        link: absolute(`/product/${encodeURIComponent(product.slug)}${grouped ? `?variant=${variant.id}` : ""}`),
        imageLink: absolute(mediaUrl(gallery[0]!.fileUrl, FEED_IMAGE)),
        additionalImageLinks: gallery.slice(1, 1 + FEED_LIMITS.additionalImages).map((image) => absolute(mediaUrl(image.fileUrl, FEED_IMAGE))),
        availability: variant.stock > 0 ? "in_stock" : "out_of_stock",
        price: feedPrice(onSale ? variant.compareAtPricePaise! : variant.pricePaise),
        ...(onSale ? { salePrice: feedPrice(variant.pricePaise) } : {}),
        brand: context.settings.brand,
        ...(gtin ? { gtin } : { identifierExists: "no" as const }),
        condition: "new",
        ...(grouped ? { itemGroupId: product.id } : {}),
        ...variantAttributes(variant.optionValues),
        ...(context.settings.google_product_category ? { googleProductCategory: context.settings.google_product_category } : {}),
        // What checkout charges for this one item on its own (free over the threshold).
        shipping: { country: "IN", service: "Standard", price: feedPrice(shippingFor(variant.pricePaise, context.shipping)) },
      };
      items.push(item);
    }
  }
  return { items, issues };
}

/** The product's title, with the variant's values when they fit: Google shows one title per item. */
function itemTitle(productTitle: string, variant: FeedVariantRow, grouped: boolean): string {
  const values = xmlText(variant.title).trim();
  if (!grouped || !values || values === "Default") return productTitle;
  const full = `${productTitle} - ${values}`;
  return full.length <= FEED_LIMITS.title ? full : productTitle;
}

/** The product page's gallery for a variant: its own pictures first, then the rest in stored order. */
function galleryFor(images: FeedImageRow[], variantId: string): FeedImageRow[] {
  const own = images.filter((i) => i.variantIds.includes(variantId));
  return own.length ? [...own, ...images.filter((i) => !own.includes(i))] : images;
}

function variantAttributes(optionValues: Record<string, string>): Partial<Pick<FeedItem, "color" | "size" | "material" | "pattern">> {
  const out: Partial<Pick<FeedItem, "color" | "size" | "material" | "pattern">> = {};
  for (const [name, raw] of Object.entries(optionValues)) {
    const target = VARIANT_ATTRIBUTES.find((a) => a.names.test(name.trim()));
    const value = xmlText(raw).trim();
    if (!target || !value || out[target.attribute]) continue;
    const limit = target.attribute === "size" ? FEED_LIMITS.size : FEED_LIMITS.color;
    out[target.attribute] = value.slice(0, limit);
  }
  return out;
}

/** Options whose values differ between a product's variants but map to no Merchant Center attribute. */
function differingUnmappedOptions(variants: FeedVariantRow[]): string[] {
  const names = new Set(variants.flatMap((v) => Object.keys(v.optionValues)));
  return [...names].filter((name) => {
    if (VARIANT_ATTRIBUTES.some((a) => a.names.test(name.trim()))) return false;
    return new Set(variants.map((v) => v.optionValues[name] ?? "")).size > 1;
  });
}

/** Cut at a word boundary to at most `max` characters, ending with an ellipsis. */
function shorten(text: string, max: number): string {
  const room = text.slice(0, max - 1);
  const space = room.lastIndexOf(" ");
  return `${(space > max / 2 ? room.slice(0, space) : room).trimEnd()}…`;
}

// Characters XML 1.0 cannot carry at all (control characters, lone surrogates, U+FFFE/FFFF): an
// imported description holding one would make the whole feed unreadable, so they are dropped.
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export function xmlText(text: string): string {
  return text.replace(NOT_XML, "");
}

/**
 * Markdown as plain text, as Merchant Center wants descriptions (no markup): paragraphs and list
 * items on lines of their own, links as their text, raw HTML dropped.
 */
export function plainText(markdown: string): string {
  const blocks: string[] = [];
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === "list") {
        for (const item of token.items) blocks.push(inline(item.tokens ?? []));
      } else if (token.type === "code") {
        blocks.push(token.text);
      } else if (token.type === "blockquote") {
        walk(token.tokens ?? []);
      } else if (token.type === "table") {
        for (const row of [token.header, ...token.rows]) blocks.push(row.map((cell: { tokens: Token[] }) => inline(cell.tokens)).join(" | "));
      } else if ("tokens" in token && Array.isArray(token.tokens)) {
        blocks.push(inline(token.tokens));
      }
    }
  };
  walk(marked.lexer(markdown));
  return blocks
    .map((b) => xmlText(b).replace(/[ \t]+/g, " ").trim())
    .filter(Boolean)
    .join("\n");
}

function inline(tokens: Token[]): string {
  return tokens
    .map((t): string => {
      if (t.type === "html") return "";
      if (t.type === "br") return "\n";
      if ("tokens" in t && Array.isArray(t.tokens) && t.tokens.length) return inline(t.tokens);
      if (t.type === "text" || t.type === "codespan" || t.type === "escape") return decodeEntities(t.text);
      return "";
    })
    .join("");
}

/** Marked keeps entities as written in the source; the feed writes its own escapes. */
function decodeEntities(text: string): string {
  const named: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith("#x") || name.startsWith("#X")) return safeCodePoint(parseInt(name.slice(2), 16)) ?? whole;
    if (name.startsWith("#")) return safeCodePoint(parseInt(name.slice(1), 10)) ?? whole;
    return named[name.toLowerCase()] ?? whole;
  });
}

function safeCodePoint(n: number): string | undefined {
  return Number.isInteger(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : undefined;
}
