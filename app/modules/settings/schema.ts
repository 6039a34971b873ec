import { jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { updatedAt, version } from "~/db/columns";

/** Key/value settings (spec section 3): gst_settings, hero_carousel_images, collection_sections, homepage_products, ... */
export const siteSettings = pgTable("site_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").$type<unknown>().notNull(),
  version: version(),
  updatedAt: updatedAt(),
});
