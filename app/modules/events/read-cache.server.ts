import type { EventBus } from "./event-bus.server";
import { CACHE_POLICIES } from "./cache-policies";

/**
 * A read-through cache of storefront read models (the header's menu, a product page, a listing),
 * emptied whenever a change that could affect them is published on the event bus, which on
 * PostgreSQL reaches every server process. The TTL is a safety net for a lost notification
 * (a dropped LISTEN connection), not the freshness mechanism.
 */
export type ReadCache = {
  /** The cached value of `key`, or `load()`'s, shared by concurrent callers. A failed load is not kept. */
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  clear(): void;
  size(): number;
};

type Entry = { value: Promise<unknown>; expiresAt: number };

export type ReadCacheOptions = { topics: readonly string[]; ttlMs: number; maxEntries: number; now?: () => number };

export function createReadCache(events: EventBus, options: ReadCacheOptions): ReadCache {
  const now = options.now ?? Date.now;
  let entries = new Map<string, Entry>();
  const clear = () => {
    // A fresh map: a load started before the change can no longer land in the new one.
    entries = new Map();
  };
  for (const topic of options.topics) events.subscribe(topic, clear);
  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      const hit = entries.get(key);
      if (hit && hit.expiresAt > now()) return hit.value as Promise<T>;
      const map = entries;
      const value = load();
      map.delete(key);
      map.set(key, { value, expiresAt: now() + options.ttlMs });
      if (map.size > options.maxEntries) map.delete(map.keys().next().value!);
      value.catch(() => {
        if (map.get(key)?.value === value) map.delete(key);
      });
      return value;
    },
    clear,
    size: () => entries.size,
  };
}


/** The storefront read cache's keys, made here rather than in each loader, so two reads never collide or drift apart. */
export const READ_KEYS = {
  setting: (key: string) => `setting:${key}`,
  headerMenu: () => "header-menu",
  faq: () => "faq",
  bestSellers: (limit: number) => `best-sellers:${limit}`,
  collectionCards: () => "collection-cards",
  tumblers: () => "tumblers",
  product: (slug: string) => `product:${slug}`,
  collection: (slug: string) => `collection:${slug}`,
  collectionListing: (collectionId: string, params: unknown) => `collection-listing:${collectionId}:${JSON.stringify(params)}`,
  categoryListing: (slug: string, params: unknown) => `category-listing:${slug}:${JSON.stringify(params)}`,
  /** The Google Merchant feed: its XML, ETag and diagnostics (google-feed.server.ts). */
  googleFeed: () => "google-feed",
} as const;

const caches = new WeakMap<EventBus, ReadCache>();

/** The process's storefront read cache (policy `storefrontRead`) for this event bus, created on first use. */
export function storefrontCacheFor(events: EventBus): ReadCache {
  let cache = caches.get(events);
  if (!cache) {
    const { invalidatedBy, ttlMs, maxEntries } = CACHE_POLICIES.storefrontRead;
    caches.set(events, (cache = createReadCache(events, { topics: invalidatedBy, ttlMs, maxEntries })));
  }
  return cache;
}
