import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, emptyTextArray, id, updatedAt, version } from "~/db/columns";
import { media } from "~/modules/media/schema";

/** PostgreSQL's tsvector; read only through SQL (search), never mapped into rows by hand. */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

export const productStatus = pgEnum("product_status", ["draft", "active", "archived"]);

export type ProductOption = { name: string; values: string[] };

export const products = pgTable(
  "products",
  {
    id: id(),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    status: productStatus("status").notNull().default("draft"),
    isBestSeller: boolean("is_best_seller").notNull().default(false),
    sortOrder: integer("sort_order").notNull().default(0),
    tags: text("tags").array().notNull().default(emptyTextArray),
    /** Option sets the variant generator combines. */
    options: jsonb("options").$type<ProductOption[]>().notNull().default([]),
    vendor: text("vendor").notNull().default("GLACIAL"),
    seoTitle: text("seo_title"),
    seoDescription: text("seo_description"),
    hsnCode: text("hsn_code"),
    /** The product's GST rate in percent; null: the shop's default rate (settings). */
    gstRatePercent: integer("gst_rate_percent"),
    /** Full-text document over title (A), tags (B) and description (C); see drizzle/0001 for the function. */
    searchVector: tsvector("search_vector")
      .notNull()
      .generatedAlwaysAs(sql`glacial_product_search_vector(title, tags, description)`),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The home page's best-seller query: status + best seller, ordered by sort order then newest.
    index("products_listing_idx").on(t.status, t.isBestSeller, t.sortOrder, t.createdAt.desc()),
    index("products_status_sort_idx").on(t.status, t.sortOrder, t.createdAt.desc()),
    index("products_tags_idx").using("gin", t.tags),
    index("products_search_idx").using("gin", t.searchVector),
    // The GST slabs a product may carry (GST_RATES in ~/lib/india): a rate outside them never reaches an invoice.
    check("products_gst_rate_check", sql`${t.gstRatePercent} is null or ${t.gstRatePercent} in (0, 3, 5, 12, 18, 28)`),
  ],
);

export const productVariants = pgTable(
  "product_variants",
  {
    id: id(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    sku: text("sku").notNull().unique(),
    title: text("title").notNull().default("Default"),
    /** Option name -> value, e.g. { Color: "Red", Size: "500ml" }. */
    optionValues: jsonb("option_values").$type<Record<string, string>>().notNull().default({}),
    /** Integer paise. */
    pricePaise: integer("price_paise").notNull(),
    compareAtPricePaise: integer("compare_at_price_paise"),
    stockQuantity: integer("stock_quantity").notNull().default(0),
    weightGrams: integer("weight_grams"),
    barcode: text("barcode"),
    sortOrder: integer("sort_order").notNull().default(0),
    /** SKU tokens for search ('simple': no stemming, so "GLC-BLA-500" matches as typed). */
    skuVector: tsvector("sku_vector")
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('simple'::regconfig, sku)`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("product_variants_sku_search_idx").using("gin", t.skuVector),
    index("product_variants_product_idx").on(t.productId, t.sortOrder),
    check("product_variants_price_nonneg", sql`${t.pricePaise} >= 0`),
    check(
      "product_variants_compare_at_gt_price",
      sql`${t.compareAtPricePaise} IS NULL OR ${t.compareAtPricePaise} > ${t.pricePaise}`,
    ),
    check("product_variants_stock_nonneg", sql`${t.stockQuantity} >= 0`),
  ],
);

export const collections = pgTable(
  "collections",
  {
    id: id(),
    name: text("name").notNull(),
    slug: text("slug").notNull().unique(),
    description: text("description").notNull().default(""),
    isActive: boolean("is_active").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
    heroImageId: uuid("hero_image_id").references(() => media.id, { onDelete: "set null" }),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("collections_active_sort_idx").on(t.isActive, t.sortOrder)],
);

/** Membership of products in collections, each with its own order inside the collection. */
export const productCollections = pgTable(
  "product_collections",
  {
    collectionId: uuid("collection_id")
      .notNull()
      .references(() => collections.id, { onDelete: "cascade" }),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.collectionId, t.productId] }),
    index("product_collections_order_idx").on(t.collectionId, t.sortOrder),
    index("product_collections_product_idx").on(t.productId),
  ],
);
