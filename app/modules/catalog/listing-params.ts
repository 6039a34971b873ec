// Sorting and paging of product grids, read from plain GET parameters (?sort=price-asc&page=2) so
// they work without JavaScript. Anything malformed falls back to the default, never an error.
export const PAGE_SIZE = 24;
/** Far beyond any real catalogue; keeps offsets sane for absurd input like page=999999999999. */
export const MAX_PAGE = 10_000;

export const SORTS = [
  { value: "featured", label: "Featured" },
  { value: "price-asc", label: "Price: low to high" },
  { value: "price-desc", label: "Price: high to low" },
  { value: "newest", label: "Newest" },
] as const;
export type SortKey = (typeof SORTS)[number]["value"];

export type ListingParams = { sort: SortKey; page: number };

export function pageCount(total: number, pageSize = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** A requested page beyond the last one shows the last one. */
export function clampPage(page: number, total: number, pageSize = PAGE_SIZE): number {
  return Math.min(Math.max(1, page), pageCount(total, pageSize));
}

/** The link to another page, keeping the other parameters (sort, q) and dropping page=1. */
export function pageHref(pathname: string, params: Record<string, string | undefined>, page: number): string {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v && k !== "page") query.set(k, v);
  if (page > 1) query.set("page", String(page));
  const s = query.toString();
  return s ? `${pathname}?${s}` : pathname;
}
