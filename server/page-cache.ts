import type { MiddlewareHandler } from "hono";
import { pagePathOf, pathKindOf } from "~/lib/path-kinds";
import { CACHE_POLICIES } from "~/modules/events/events";
import type { RenderFlags } from "~/load-context";
import type { AppServices } from "~/services.server";

/**
 * Whole-page cache for the storefront's most visited, shopper-independent pages (home, product,
 * collection and category pages, and their client-navigation `.data` twins). The pages hold
 * nothing per visitor: the cart lives in browser storage and the header links to /login for
 * everyone. The cache is emptied by the same catalog, settings and content events that make open
 * home pages refresh, on every server process; the TTL only bounds a lost notification.
 *
 * Each response keeps its own CSP nonce: the page is stored as UTF-8 bytes cut wherever the
 * rendering's nonce stood, and a hit puts its own nonce between the pieces. Bytes, not a string:
 * a response made from a string is checked character by character and encoded again on every
 * request (about a fifth of a hit's time on a 60 KB product page, measured 2026-11-28).
 */
export type PageCache = {
  middleware: MiddlewareHandler;
  clear(): void;
  size(): number;
};

type Stored = { status: number; headers: [string, string][]; parts: Buffer<ArrayBuffer>[]; expiresAt: number };

const CACHED_PAGE = /^\/(?:$|product\/[^/]+$|collections?\/[^/]+$|bottles$|tumblers$|accessories$|all-products$|category\/(?:tumblers|accessories|all-products)$)/;

/** Whether `pathname` (without a `.data` suffix) is a page this cache may hold. */
export function isCachedPage(pathname: string): boolean {
  return pathKindOf(pathname) === "storefront" && CACHED_PAGE.test(pagePathOf(pathname));
}

export function createPageCache(
  services: Pick<AppServices, "events">,
  options: { ttlMs?: number; maxEntries?: number; now?: () => number } = {},
): PageCache {
  const policy = CACHE_POLICIES.storefrontPage;
  const ttlMs = options.ttlMs ?? policy.ttlMs;
  const maxEntries = options.maxEntries ?? policy.maxEntries;
  const now = options.now ?? Date.now;
  let entries = new Map<string, Stored>();
  // Renders begun before a change must not be stored after it.
  let generation = 0;
  const clear = () => {
    entries = new Map();
    generation += 1;
  };
  for (const topic of policy.invalidatedBy) services.events.subscribe(topic, clear);

  const middleware: MiddlewareHandler = async (c, next) => {
    const url = new URL(c.req.url);
    if (c.req.method !== "GET" || !isCachedPage(url.pathname)) return next();
    const key = url.pathname + url.search;
    const nonce = c.get("secureHeadersNonce") as string | undefined;
    const hit = entries.get(key);
    if (hit && hit.expiresAt > now()) {
      const headers = new Headers(hit.headers);
      headers.set("X-Page-Cache", "hit");
      return new Response(joinParts(hit.parts, nonce), { status: hit.status, headers });
    }
    const startedAt = generation;
    const flags: RenderFlags = { degraded: false };
    c.set("renderFlags", flags);
    await next();
    const res = c.res;
    if (res.status !== 200 || !res.body || res.headers.has("set-cookie") || /no-store|private/.test(res.headers.get("cache-control") ?? "")) return;
    const [forClient, forCache] = res.body.tee();
    c.res = new Response(forClient, res);
    c.res.headers.set("X-Page-Cache", "miss");
    void new Response(forCache)
      .text()
      .then((body) => {
        if (flags.degraded || generation !== startedAt) return;
        const parts = (nonce ? body.split(nonce) : [body]).map((part) => Buffer.from(part, "utf8"));
        const headers = [...res.headers].filter(([name]) => name !== "content-length");
        entries.delete(key);
        entries.set(key, { status: res.status, headers, parts, expiresAt: now() + ttlMs });
        if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      })
      .catch(() => {});
  };

  return { middleware, clear, size: () => entries.size };
}

/** The stored page with this response's nonce wherever the rendering's nonce stood. */
function joinParts(parts: Buffer<ArrayBuffer>[], nonce: string | undefined): Buffer<ArrayBuffer> {
  if (parts.length === 1) return parts[0]!;
  // A page rendered with a nonce is only served with one (the secure-headers middleware makes one
  // for every request); were it missing, an empty one still leaves the inline scripts blocked.
  const between = Buffer.from(nonce ?? "", "utf8");
  const pieces: Buffer<ArrayBuffer>[] = [];
  parts.forEach((part, i) => {
    if (i > 0) pieces.push(between);
    pieces.push(part);
  });
  return Buffer.concat(pieces);
}
