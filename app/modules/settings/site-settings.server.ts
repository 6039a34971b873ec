import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { DbOrTx } from "~/db/types";
import { isGstRate } from "~/lib/india";
import { siteSettings } from "./schema";

/** Every known setting with its shape and the default used when it is missing or malformed. */
export const SETTINGS = {
  /** The GST rate of every product that names none of its own: one of the slabs (GST_RATES), as order lines store whole percents. */
  gst_settings: { schema: z.object({ percentage: z.number().refine(isGstRate) }), fallback: { percentage: 18 } },
  homepage_products: {
    schema: z.object({ bottles: z.number().int().min(1).max(48), tumblers: z.number().int().min(0).max(24).optional(), show_load_more: z.boolean() }),
    fallback: { bottles: 8, tumblers: 8, show_load_more: true },
  },
  hero_carousel_images: {
    schema: z.array(z.object({ url: z.string().min(1), alt: z.string() })),
    fallback: [] as { url: string; alt: string }[],
  },
  collection_sections: {
    schema: z.object({ bottles: z.object({ image_url: z.string() }), tumblers: z.object({ image_url: z.string() }) }),
    fallback: { bottles: { image_url: "" }, tumblers: { image_url: "" } },
  },
  store_contact: {
    schema: z.object({ store_name: z.string(), phone: z.string(), email: z.string() }),
    fallback: { store_name: "GLACIAL", phone: "+91 80 4718 2200", email: "care@glacial.in" },
  },
  /** Cart and checkout shipping: free over the threshold, a flat fee up to and at it (₹4999 unless the shop changes it). */
  shipping: {
    schema: z.object({ free_over_paise: z.number().int().min(0), flat_fee_paise: z.number().int().min(0) }),
    fallback: { free_over_paise: 499_900, flat_fee_paise: 9_900 },
  },
  /** The storefront maintenance gate (see maintenance.server.ts). */
  maintenance: {
    schema: z.object({ enabled: z.boolean(), message: z.string().max(2000) }),
    fallback: { enabled: false, message: "" },
  },
  /**
   * The one warranty statement (the FAQ once said "lifetime" and the service strip "2 years"):
   * the service strip and the FAQ answer both print it (see content/warranty.ts).
   */
  warranty: { schema: z.object({ period: z.string().trim().min(1).max(60) }), fallback: { period: "2 years" } },
  /**
   * The seller on tax invoices, and where supply starts (CGST + SGST to the same state, IGST
   * elsewhere); the GST rate and HSN code products have unless they name their own.
   */
  store_tax: {
    schema: z.object({
      legal_name: z.string().min(1).max(200),
      gstin: z.string().max(15),
      state_code: z.string().regex(/^\d{2}$/),
      address: z.string().max(500),
      default_hsn: z.string().regex(/^\d{4,8}$/),
    }),
    // The same company and registered office the Contact page names, so an invoice and the shop agree.
    fallback: { legal_name: "GLACIAL Drinkware Pvt. Ltd.", gstin: "", state_code: "29", address: "3rd Floor, 12 Residency Road, Bengaluru, Karnataka 560025", default_hsn: "7323" },
  },
  /** The dashboard's low-stock card: variants of active products with fewer than this many in stock. */
  reports: { schema: z.object({ low_stock_threshold: z.number().int().min(1).max(100_000) }), fallback: { low_stock_threshold: 5 } },
  /** Cash on delivery: offered up to a maximum order value, for a fee. */
  cod: {
    schema: z.object({ enabled: z.boolean(), fee_paise: z.number().int().min(0), max_order_paise: z.number().int().min(0) }),
    fallback: { enabled: true, fee_paise: 4_900, max_order_paise: 2_000_000 },
  },
  /**
   * The Google Merchant feed (/feeds/google.xml): the brand every item carries, Google's product
   * category for the whole catalogue (an id or a taxonomy path; empty lets Google choose), and the
   * products kept out of the feed.
   */
  google_feed: {
    schema: z.object({
      brand: z.string().trim().min(1).max(70),
      google_product_category: z.string().trim().max(250),
      excluded_product_ids: z.array(z.string().uuid()).max(2000),
    }),
    fallback: {
      brand: "GLACIAL",
      google_product_category: "Home & Garden > Kitchen & Dining > Food & Beverage Carriers > Water Bottles",
      excluded_product_ids: [] as string[],
    },
  },
  /**
   * The support chat's limits. Thousands of shoppers on one mobile network share a public address
   * (carrier-grade NAT), so new chats are limited per visitor (a signed cookie); the per-address
   * number is only a ceiling against floods. Messages are limited per conversation, and so are
   * wrong order lookups in the chat (on top of order tracking's own limits).
   */
  support_limits: {
    schema: z.object({
      conversations_per_visitor_per_hour: z.number().int().min(1).max(1000),
      conversations_per_ip_per_hour: z.number().int().min(1).max(1_000_000),
      messages_per_conversation_per_minute: z.number().int().min(1).max(1000),
      order_lookups_per_conversation: z.number().int().min(1).max(100),
    }),
    fallback: { conversations_per_visitor_per_hour: 5, conversations_per_ip_per_hour: 300, messages_per_conversation_per_minute: 10, order_lookups_per_conversation: 5 },
  },
  /**
   * Online payment: how long the stock of an unpaid order stays held for its shopper before the
   * order is cancelled and the stock goes back on sale.
   */
  payment_hold: { schema: z.object({ minutes: z.number().int().min(1).max(24 * 60) }), fallback: { minutes: 15 } },
  /** Staff sign-in policy: the super_admin may require a second factor (TOTP) for all staff. */
  staff_security: { schema: z.object({ require_mfa: z.boolean() }), fallback: { require_mfa: false } },
} as const;

export type SettingKey = keyof typeof SETTINGS;
export type SettingValue<K extends SettingKey> = z.infer<(typeof SETTINGS)[K]["schema"]>;

export async function getSetting<K extends SettingKey>(db: DbOrTx, key: K): Promise<SettingValue<K>> {
  const def = SETTINGS[key];
  const [row] = await db.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, key));
  const parsed = def.schema.safeParse(row?.value);
  return (parsed.success ? parsed.data : def.fallback) as SettingValue<K>;
}

/** Validates and stores a setting; returns the value it replaced (for the audit log). */
export async function setSetting<K extends SettingKey>(db: DbOrTx, key: K, value: SettingValue<K>): Promise<SettingValue<K>> {
  const parsed = SETTINGS[key].schema.parse(value);
  const before = await getSetting(db, key);
  await db
    .insert(siteSettings)
    .values({ key, value: parsed })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value: parsed, version: sql`${siteSettings.version} + 1`, updatedAt: new Date() } });
  return before;
}
