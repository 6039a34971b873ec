// The catalog module's browser-safe face: its rules and types for code outside the module, browser
// code included. Server code of the module is reached through catalog.server.ts.
export { MEANINGFUL_TAGS, TOP_SALE_BANNER } from "./badges";
export type { CollectionCardView, HomeCardView, ProductCardView } from "./card-types";
export { CATEGORIES, CATEGORY_SLUGS, isCategorySlug } from "./categories";
export { collectionFormValues, collectionInput, collectionOrderInput } from "./collection-form";
export { isValidGtin } from "./gtin";
export { LOAD_MORE_BATCH, showLoadMore, TUMBLERS_LIMIT, TUMBLERS_TITLE_MATCH } from "./home-rules";
export { PAGE_SIZE, pageHref, type SortKey, SORTS } from "./listing-params";
export { PRODUCT_SORTS, PRODUCT_STATUSES, type ProductStatus } from "./product-admin-sorts";
export { type EditorValues, type EditorVariant, EMPTY_PRODUCT } from "./product-editor-state";
export { productInput } from "./product-form";
export { productFormValues, slugify } from "./product-form-data";
export { clampQuantity, quantityCap, DEFAULT_WARRANTY, defaultVariant, ENGRAVING_MAX_LENGTH, findVariant, FREE_SHIPPING_THRESHOLD_PAISE, galleryFor, type ImageView, isValueAvailable, normaliseEngraving, optionDisplay, productJsonLd, type ProductOptionView, stockState, type VariantView } from "./product-view";
export type { ProductOption } from "./schema";
export { MAX_QUERY_LENGTH, type TextPart } from "./search-text";
export { suggestSlug } from "./slug-suggest";
export { SWATCH_COLOURS } from "./swatches";
export { baseSku, combinationKey, combineOptions, type VariantCombination } from "./variant-rules";
