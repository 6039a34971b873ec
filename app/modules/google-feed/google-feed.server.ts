import { createHash } from "node:crypto";
import { create } from "xmlbuilder2";
import type { Db } from "~/db/types";
import { outcomeOf, RejectedInputError, type SaveOutcome } from "~/lib/save-outcome";
import type { AuditActor } from "~/modules/audit/audit.server";
import { existingProductIds, listFeedProducts } from "~/modules/catalog/catalog.server";
import { type EventBus, READ_KEYS, storefrontCacheFor } from "~/modules/events/events.server";
import { publishSettingChanged, readSettingForEdit, saveSettingChecked, getSetting, type SettingValue } from "~/modules/settings/settings.server";
import { buildFeedItems, type FeedItem, xmlText } from "./feed-items.server";
import { etagMatches, type FeedIssue, GOOGLE_FEED_PATH, type GoogleFeedSettingsForm, sortIssues } from "./google-feed";

// The Google Merchant feed (RSS 2.0 with Google's g: namespace, one item per variant of every
// active product) and its back-office screen. The built feed is kept in the storefront read
// cache, which catalogue, settings and content events empty on every server process: a price
// saved in the back office is in the next fetch of the feed, and an unchanged feed keeps its
// ETag (the bytes depend only on the data), so a conditional fetch is answered "not modified".

const G = "http://base.google.com/ns/1.0";

type FeedServices = { db: Db; events: EventBus; config: { publicUrl: string } };

export type GoogleFeed = {
  xml: string;
  /** Strong validator of the XML bytes, quoted as a header carries it. */
  etag: string;
  itemCount: number;
  /** Diagnostics, errors first. */
  issues: FeedIssue[];
  /** Active products (for the exclusion list), in the catalogue's order. */
  products: { id: string; title: string }[];
};

/** The feed as served now: from the read cache, built when a change emptied it. */
export function googleFeed(services: FeedServices): Promise<GoogleFeed> {
  return storefrontCacheFor(services.events).get(READ_KEYS.googleFeed(), () => buildGoogleFeed(services.db, services.config.publicUrl));
}

async function buildGoogleFeed(db: Db, publicUrl: string): Promise<GoogleFeed> {
  const [rows, settings, shipping, store] = await Promise.all([
    listFeedProducts(db),
    getSetting(db, "google_feed"),
    getSetting(db, "shipping"),
    getSetting(db, "store_contact"),
  ]);
  const { items, issues } = buildFeedItems(rows, { publicUrl, settings, shipping });
  const xml = feedXml(items, { title: store.store_name, link: `${publicUrl}/` });
  return {
    xml,
    etag: `"${createHash("sha256").update(xml).digest("base64url").slice(0, 32)}"`,
    itemCount: items.length,
    issues: sortIssues(issues),
    products: rows.map((r) => ({ id: r.id, title: r.title })),
  };
}

function feedXml(items: FeedItem[], channel: { title: string; link: string }): string {
  const rss = create({ version: "1.0", encoding: "UTF-8" }).ele("rss", { version: "2.0", "xmlns:g": G });
  const ch = rss.ele("channel");
  ch.ele("title").txt(xmlText(channel.title) || "GLACIAL");
  ch.ele("link").txt(channel.link);
  ch.ele("description").txt(`Products of ${xmlText(channel.title) || "GLACIAL"} for Google Merchant Center`);
  for (const item of items) {
    const el = ch.ele("item");
    const g = (name: string, value: string | undefined) => {
      if (value !== undefined) el.ele(G, `g:${name}`).txt(value);
    };
    g("id", item.id);
    g("title", item.title);
    g("description", item.description);
    g("link", item.link);
    g("image_link", item.imageLink);
    for (const link of item.additionalImageLinks) g("additional_image_link", link);
    g("availability", item.availability);
    g("price", item.price);
    g("sale_price", item.salePrice);
    g("brand", item.brand);
    g("gtin", item.gtin);
    g("identifier_exists", item.identifierExists);
    g("condition", item.condition);
    g("item_group_id", item.itemGroupId);
    g("color", item.color);
    g("size", item.size);
    g("material", item.material);
    g("pattern", item.pattern);
    g("google_product_category", item.googleProductCategory);
    const shipping = el.ele(G, "g:shipping");
    shipping.ele(G, "g:country").txt(item.shipping.country);
    shipping.ele(G, "g:service").txt(item.shipping.service);
    shipping.ele(G, "g:price").txt(item.shipping.price);
  }
  return rss.end({ prettyPrint: true });
}

/**
 * Google fetches on its own schedule, and anything in between (a CDN, a proxy) may keep a copy but
 * must ask again each time (no-cache): with the ETag that costs a "not modified", and a price change reaches
 * the next fetch at once rather than after some max-age.
 */
export const FEED_CACHE_CONTROL = "public, no-cache";

/** The feed for a fetcher: its XML, or `notModified` (no body) when the fetcher's copy is current; the route picks the status. */
export type FeedAnswer = { notModified: true; body: null; headers: Record<string, string> } | { notModified: false; body: string; headers: Record<string, string> };

/** The feed's answer for a request carrying `ifNoneMatch` (the ETag of the copy the fetcher holds). */
export async function serveGoogleFeed(services: FeedServices, ifNoneMatch: string | null): Promise<FeedAnswer> {
  const feed = await googleFeed(services);
  const headers = { ETag: feed.etag, "Cache-Control": FEED_CACHE_CONTROL, "X-Robots-Tag": "noindex" };
  if (etagMatches(ifNoneMatch, feed.etag)) return { notModified: true, body: null, headers };
  return { notModified: false, body: feed.xml, headers: { ...headers, "Content-Type": "application/xml; charset=utf-8" } };
}

export type GoogleFeedScreen = {
  feedUrl: string;
  itemCount: number;
  issues: FeedIssue[];
  settings: { value: SettingValue<"google_feed">; version: number };
  products: { id: string; title: string }[];
  /** Excluded ids that are not active products now (drafts, archived): kept excluded when the form is saved. */
  hiddenExcludedIds: string[];
};

/** Everything /admin/google-feed shows: the same build the feed serves, so its count and diagnostics match it. */
export async function loadGoogleFeedScreen(services: FeedServices): Promise<GoogleFeedScreen> {
  const [feed, settings] = await Promise.all([googleFeed(services), readSettingForEdit(services.db, "google_feed")]);
  const active = new Set(feed.products.map((p) => p.id));
  return {
    feedUrl: `${services.config.publicUrl}${GOOGLE_FEED_PATH}`,
    itemCount: feed.itemCount,
    issues: feed.issues,
    settings,
    products: feed.products,
    hiddenExcludedIds: settings.value.excluded_product_ids.filter((id) => !active.has(id)),
  };
}

/** Saves the feed's settings if still at `expectedVersion`, audited; the feed is rebuilt on the next fetch. */
export async function saveGoogleFeedSettings(
  services: FeedServices,
  actor: AuditActor,
  input: Omit<GoogleFeedSettingsForm, "version">,
  expectedVersion: number,
): Promise<SaveOutcome> {
  const excluded = [...new Set(input.excludedProductIds)];
  const outcome = await outcomeOf(async () => {
    const known = await existingProductIds(services.db, excluded);
    if (known.size !== excluded.length) {
      throw new RejectedInputError({ excludedProductIds: "A product you chose no longer exists." }, "A product you chose no longer exists: reload the page and choose again.");
    }
    return services.db.transaction(async (tx) => {
      const value = { brand: input.brand, google_product_category: input.googleProductCategory, excluded_product_ids: excluded };
      const version = await saveSettingChecked(tx, { key: "google_feed", value, expectedVersion, actor, module: "google_feed", what: "The Google feed configuration" });
      return { message: "Google feed settings saved.", version };
    });
  });
  if (outcome.ok) await publishSettingChanged(services.events, "google_feed");
  return outcome;
}
