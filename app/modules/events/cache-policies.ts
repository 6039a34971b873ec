import { TOPICS } from "./topics";

// Every cache of the shop, named in one place: what it holds, how it is keyed, what empties it,
// and how long an entry may live if an emptying event were ever missed (a dropped LISTEN
// connection). Events are the freshness mechanism; the lifetime is only the safety net.

export type CachePolicy = {
  /** What the cache holds, for the reader of this table. */
  holds: string;
  /** How an entry is keyed. */
  key: string;
  /** Topics whose events empty the whole cache, on every server process. */
  invalidatedBy: readonly string[];
  ttlMs: number;
  maxEntries: number;
};

/** What any storefront read can depend on: the catalogue, a setting, staff-edited content. */
export const STOREFRONT_TOPICS = [TOPICS.catalogChanged, TOPICS.settingChanged, TOPICS.contentChanged] as const;

export const CACHE_POLICIES = {
  /** server/page-cache.ts */
  storefrontPage: {
    holds: "whole rendered storefront pages that hold nothing per visitor (home, product, collection and category pages, and their .data twins)",
    key: "path and query string",
    invalidatedBy: STOREFRONT_TOPICS,
    ttlMs: 60_000,
    maxEntries: 300,
  },
  /** app/modules/events/read-cache.server.ts: storefrontCacheFor */
  storefrontRead: {
    holds: "storefront read models: header menu, settings the storefront reads, home lists, product and listing data, the Google Merchant feed",
    key: "READ_KEYS (read-cache.server.ts)",
    invalidatedBy: STOREFRONT_TOPICS,
    ttlMs: 60_000,
    maxEntries: 2000,
  },
  /** app/modules/support/retrieval.server.ts */
  supportCorpus: {
    holds: "the support bot's passages (FAQ, pages, product facts, settings) with their search vectors",
    key: "one corpus per database",
    invalidatedBy: STOREFRONT_TOPICS,
    ttlMs: 60_000,
    maxEntries: 1,
  },
} as const satisfies Record<string, CachePolicy>;
