import { boolean, index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, id } from "~/db/columns";
import { productVariants, products } from "~/modules/catalog/schema";

/**
 * Stored images. file_url is either a full http(s) URL (used as is) or an object name
 * in the shop's own storage ("{folder}/{timestamp}-{sanitised name}").
 */
export const media = pgTable(
  "media",
  {
    id: id(),
    fileUrl: text("file_url").notNull(),
    productId: uuid("product_id").references(() => products.id, { onDelete: "cascade" }),
    /** Null means the image belongs to the product as a whole. */
    variantId: uuid("variant_id").references(() => productVariants.id, { onDelete: "set null" }),
    isPrimary: boolean("is_primary").notNull().default(false),
    sortOrder: integer("sort_order").notNull().default(0),
    alt: text("alt").notNull().default(""),
    mimeType: text("mime_type"),
    width: integer("width"),
    height: integer("height"),
    bytes: integer("bytes"),
    createdAt: createdAt(),
  },
  (t) => [index("media_product_order_idx").on(t.productId, t.isPrimary.desc(), t.sortOrder)],
);
