import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgEnum, pgSequence, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt, version } from "~/db/columns";
import { users } from "~/modules/staff/schema";

/** Order numbers: GL- and six digits from this sequence (gaps after a failed placement are harmless). */
export const orderNumberSeq = pgSequence("order_number_seq", { startWith: 1, increment: 1 });

export const orderStatus = pgEnum("order_status", ["pending_payment", "processing", "shipped", "delivered", "cancelled"]);
export const paymentStatus = pgEnum("payment_status", ["pending", "paid", "cod_pending", "cod_collected", "failed", "refunded", "partially_refunded"]);

export type StoredAddress = { name: string; line1: string; line2?: string; city: string; stateCode: string; pin: string; landmark?: string };
export type StoredCharge = { totalPaise: number; gstRatePercent: number; taxablePaise: number; cgstPaise: number; sgstPaise: number; igstPaise: number };

/**
 * An order as placed: everything the invoice and the shopper were shown is frozen here (lines,
 * prices, tax, addresses), never recomputed from the catalogue later.
 */
export const orders = pgTable(
  "orders",
  {
    id: id(),
    number: text("number").notNull().unique(),
    status: orderStatus("status").notNull(),
    paymentMethod: text("payment_method").notNull(),
    paymentStatus: paymentStatus("payment_status").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    shippingAddress: jsonb("shipping_address").$type<StoredAddress>().notNull(),
    billingAddress: jsonb("billing_address").$type<StoredAddress>().notNull(),
    gstin: text("gstin"),
    supplierStateCode: text("supplier_state_code").notNull(),
    placeOfSupplyStateCode: text("place_of_supply_state_code").notNull(),
    subtotalPaise: integer("subtotal_paise").notNull(),
    shipping: jsonb("shipping").$type<StoredCharge>().notNull(),
    codFee: jsonb("cod_fee").$type<StoredCharge>().notNull(),
    taxablePaise: integer("taxable_paise").notNull(),
    cgstPaise: integer("cgst_paise").notNull(),
    sgstPaise: integer("sgst_paise").notNull(),
    igstPaise: integer("igst_paise").notNull(),
    roundOffPaise: integer("round_off_paise").notNull(),
    totalPaise: integer("total_paise").notNull(),
    /** One per checkout attempt: the same key again is the same order. */
    idempotencyKey: text("idempotency_key").notNull(),
    /** The cart the key was used with (variants, quantities, engravings). */
    cartDigest: text("cart_digest").notNull(),
    /** SHA-256 of the secret in the shopper's thank-you link. */
    accessTokenHash: text("access_token_hash").notNull(),
    carrier: text("carrier"),
    trackingNumber: text("tracking_number"),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("orders_idempotency_key_idx").on(t.idempotencyKey),
    index("orders_created_idx").on(t.createdAt.desc()),
    index("orders_status_idx").on(t.status, t.createdAt.desc()),
    index("orders_email_idx").on(sql`lower(${t.email})`),
    index("orders_user_idx").on(t.userId),
  ],
);

export const orderLines = pgTable(
  "order_lines",
  {
    id: id(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    /** The catalogue's ids when placed; the line keeps its own copy of everything shown. */
    variantId: uuid("variant_id"),
    productId: uuid("product_id"),
    title: text("title").notNull(),
    variantTitle: text("variant_title").notNull(),
    sku: text("sku").notNull(),
    hsnCode: text("hsn_code").notNull(),
    engraving: text("engraving"),
    quantity: integer("quantity").notNull(),
    unitPricePaise: integer("unit_price_paise").notNull(),
    gstRatePercent: integer("gst_rate_percent").notNull(),
    taxablePaise: integer("taxable_paise").notNull(),
    cgstPaise: integer("cgst_paise").notNull(),
    sgstPaise: integer("sgst_paise").notNull(),
    igstPaise: integer("igst_paise").notNull(),
    totalPaise: integer("total_paise").notNull(),
  },
  (t) => [index("order_lines_order_idx").on(t.orderId, t.position)],
);

/** The order's timeline: placed, each status change, notes; who did it when staff did. */
export const orderEvents = pgTable(
  "order_events",
  {
    id: id(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    message: text("message").notNull(),
    actorEmail: text("actor_email"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("order_events_order_idx").on(t.orderId, t.createdAt)],
);

/** The last serial used in each financial year; incremented in the transaction that issues an invoice. */
export const invoiceCounters = pgTable("invoice_counters", {
  financialYear: text("financial_year").primaryKey(),
  lastSerial: integer("last_serial").notNull(),
});

/** One tax invoice per order, issued when the goods leave (the order ships). */
export const invoices = pgTable(
  "invoices",
  {
    id: id(),
    orderId: uuid("order_id")
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: "restrict" }),
    number: text("number").notNull().unique(),
    financialYear: text("financial_year").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("invoices_year_idx").on(t.financialYear, t.number)],
);
