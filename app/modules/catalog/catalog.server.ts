// The catalog module's face for server code: the only file of it that code outside the module imports
// (besides catalog.ts, its browser-safe face).
export { catalogCounts, discountTargetChoices, searchProductsForStaff, unknownDiscountTargets } from "./admin-search.server";
export { loadBestSellerEditor, saveBestSellers } from "./best-sellers-editor.server";
export { currentCartPrices, MAX_CART_LINES } from "./cart-prices.server";
export { notifyCatalogChanged } from "./catalog-events.server";
export { deleteCollection, getCollectionForAdmin, listCollectionsForAdmin, reorderCollections, saveCollection } from "./collection-editor.server";
export { getActiveCollection, listActiveCollectionsForSitemap, listActiveProductsForSitemap, listCategoryProducts, listCollectionProducts } from "./collection-listing.server";
export { existingProductIds, type FeedImageRow, type FeedProductRow, type FeedVariantRow, listFeedProducts } from "./feed-rows.server";
export { listCollectionCards } from "./home-collections.server";
export { discardStagedImport, MAX_IMPORT_BYTES, readStagedImport, stageImport, stagingDir } from "./import-staging.server";
export { parseListingParams } from "./listing-query.server";
export { listBestSellers, listTumblers } from "./listing.server";
export { bulkUpdateProducts, deleteProducts, editorValues, listProductsForAdmin, loadProductForEditor, productFilterOptions, type ProductListRow, saveProductAsStaff } from "./product-admin.server";
export { getProductDetail } from "./product-detail.server";
export { saveProduct } from "./product-editor.server";
export { listActiveCollectionFacts, listActiveProductFacts, type ProductFacts } from "./product-facts.server";
export { deleteImageAsStaff, type ImageChange, reorderImagesAsStaff, setPrimaryImageAsStaff, updateImageAsStaff, uploadImageAsStaff } from "./product-images.server";
export { products } from "./schema";
export { searchProducts } from "./search.server";
export { commitShopifyImport, CsvFormatError, exportShopifyCsv, type ImportPlan, planShopifyImport } from "./shopify-csv.server";
export { collectionIdsOfProducts, collectionsOfProducts, type LowStockVariant, lowStockVariants, returnStock, type SellableVariant, sellableVariants, takeStock } from "./stock.server";
export { listProductVariants, type ProductVariantRow } from "./variants.server";
