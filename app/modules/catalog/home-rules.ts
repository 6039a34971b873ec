// The home page's Best Seller list rules.
export const LOAD_MORE_BATCH = 6;

/** Premium Tumblers: active products whose title contains this (case-insensitive), at most TUMBLERS_LIMIT. */
export const TUMBLERS_TITLE_MATCH = "tumbler";
export const TUMBLERS_LIMIT = 8;

/** 'Load More Bottles' shows only when the setting allows it, more remain, and the last batch was not empty. */
export function showLoadMore(opts: { enabled: boolean; total: number; loaded: number; lastBatchEmpty?: boolean }): boolean {
  return opts.enabled && !opts.lastBatchEmpty && opts.total > opts.loaded;
}
