// The home page's Best Seller list rules (spec sections 4, 9).
export const LOAD_MORE_BATCH = 6;

/** 'Load More Bottles' shows only when the setting allows it, more remain, and the last batch was not empty. */
export function showLoadMore(opts: { enabled: boolean; total: number; loaded: number; lastBatchEmpty?: boolean }): boolean {
  return opts.enabled && !opts.lastBatchEmpty && opts.total > opts.loaded;
}
