import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt, version } from "~/db/columns";

export const popups = pgTable(
  "popups",
  {
    id: id(),
    isActive: boolean("is_active").notNull().default(false),
    title: text("title").notNull(),
    description: text("description"),
    emailCollection: boolean("email_collection").notNull().default(false),
    consentText: text("consent_text"),
    ctaText: text("cta_text").notNull(),
    ctaLink: text("cta_link"),
    imageUrl: text("image_url"),
    /** once_per_session | once_per_day; anything else means always. */
    showFrequency: text("show_frequency").notNull().default("once_per_session"),
    delaySeconds: integer("delay_seconds").notNull().default(5),
    showOnPages: text("show_on_pages").array().notNull().default(sql`ARRAY['all']::text[]`),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("popups_active_idx").on(t.isActive)],
);

export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: id(),
    email: text("email").notNull(),
    source: text("source").notNull(),
    consentText: text("consent_text"),
    consentedAt: timestamp("consented_at", { withTimezone: true }),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("newsletter_subscribers_email_idx").on(sql`lower(${t.email})`)],
);
