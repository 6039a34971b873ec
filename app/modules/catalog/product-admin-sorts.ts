/** The orders the back office's product list offers (client-safe: the list's sort menu shows them). */
export const PRODUCT_SORTS = ["updated", "title", "title-desc", "created", "sort-order"] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/** A product's publishing states, in the order the back office lists them. */
export const PRODUCT_STATUSES = ["draft", "active", "archived"] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];
