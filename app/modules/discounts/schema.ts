import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt, version } from "~/db/columns";
import { orders } from "~/modules/orders/schema";

export const discountKind = pgEnum("discount_kind", ["percentage", "fixed", "free_shipping"]);

/**
 * Discount codes. `code` is kept upper-case, so the unique index makes codes unique without
 * regard to case. `used_count` is the number of orders that used the code; it only grows inside
 * the transaction that places such an order, by a conditional update under the row's lock.
 */
export const discounts = pgTable(
  "discounts",
  {
    id: id(),
    code: text("code").notNull(),
    kind: discountKind("kind").notNull(),
    /** Percentage codes: 100 = 1 %. */
    percentBasisPoints: integer("percent_basis_points"),
    /** Fixed codes: taken off the goods (GST-inclusive). */
    amountPaise: integer("amount_paise"),
    minOrderPaise: integer("min_order_paise").notNull().default(0),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    /** Null: no limit. */
    usageLimit: integer("usage_limit"),
    /** Uses per customer (per checkout email); null: no limit. */
    perCustomerLimit: integer("per_customer_limit"),
    usedCount: integer("used_count").notNull().default(0),
    active: boolean("active").notNull().default(true),
    /** Applied at checkout without typing; `code` is then its name on the order, and typing it does nothing. */
    automatic: boolean("automatic").notNull().default(false),
    /** Targeting: both empty, the whole order; otherwise only lines of these products or of products in these collections. */
    productIds: uuid("product_ids").array().notNull().default(sql`'{}'::uuid[]`),
    collectionIds: uuid("collection_ids").array().notNull().default(sql`'{}'::uuid[]`),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("discounts_code_idx").on(t.code),
    check("discounts_code_upper", sql`${t.code} = upper(${t.code})`),
    check("discounts_percent_range", sql`${t.percentBasisPoints} is null or ${t.percentBasisPoints} between 1 and 10000`),
    check("discounts_amount_positive", sql`${t.amountPaise} is null or ${t.amountPaise} > 0`),
    // The database's own guard: however a write reaches it, a code is never used past its limit.
    check("discounts_within_limit", sql`${t.usageLimit} is null or ${t.usedCount} <= ${t.usageLimit}`),
  ],
);

/**
 * Bulk codes: many codes sharing one discount's rules (and its total limit, counted on the
 * discount's row). Each bulk code is good for one order. Unique among themselves here; a new
 * bulk code or a discount's own code is also checked against the other table when it is made.
 */
export const discountCodes = pgTable(
  "discount_codes",
  {
    id: id(),
    discountId: uuid("discount_id")
      .notNull()
      .references(() => discounts.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    usedCount: integer("used_count").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("discount_codes_code_idx").on(t.code),
    index("discount_codes_discount_idx").on(t.discountId),
    check("discount_codes_code_upper", sql`${t.code} = upper(${t.code})`),
    check("discount_codes_once", sql`${t.usedCount} between 0 and 1`),
  ],
);

/** One row per order that used a code: the per-customer count and the back office's revenue figure. */
export const discountRedemptions = pgTable(
  "discount_redemptions",
  {
    id: id(),
    discountId: uuid("discount_id")
      .notNull()
      .references(() => discounts.id, { onDelete: "restrict" }),
    orderId: uuid("order_id")
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** The checkout email, lower-case. */
    email: text("email").notNull(),
    /** Taken off the goods, plus any shipping waived. */
    discountPaise: integer("discount_paise").notNull(),
    /** The order's total as placed. */
    orderTotalPaise: integer("order_total_paise").notNull(),
    /** The code as used: the discount's own, or one of its bulk codes. */
    code: text("code"),
    /** Set once, when the order is paid (online payment captured, or cash collected): revenue counts these. */
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** Set once, when the order is cancelled or its hold runs out: the use was given back. */
    releasedAt: timestamp("released_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("discount_redemptions_customer_idx").on(t.discountId, t.email)],
);
