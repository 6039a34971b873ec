import { index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt, version } from "~/db/columns";

/** Key/value settings: gst_settings, hero_carousel_images, collection_sections, homepage_products, ... */
export const siteSettings = pgTable("site_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").$type<unknown>().notNull(),
  version: version(),
  updatedAt: updatedAt(),
});

/**
 * Links that let a visitor through the maintenance gate (/maintenance?bypass=TOKEN).
 * Only the SHA-256 of the token is stored; the raw token is shown once, when created.
 */
export const maintenanceBypassTokens = pgTable(
  "maintenance_bypass_tokens",
  {
    id: id(),
    tokenHash: text("token_hash").notNull().unique(),
    label: text("label").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("maintenance_bypass_tokens_expires_idx").on(t.expiresAt)],
);
