import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgEnum, pgSequence, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt, version } from "~/db/columns";
import { users } from "~/modules/staff/schema";
import { PAYMENT_STATUSES } from "./order-rules";

/** Order numbers: GL- and six digits from this sequence (gaps after a failed placement are harmless). */
export const orderNumberSeq = pgSequence("order_number_seq", { startWith: 1, increment: 1 });

export const orderStatus = pgEnum("order_status", ["pending_payment", "processing", "shipped", "delivered", "cancelled"]);
// The list of payment states lives with the rules (the back office's filter offers the same ones).
export const paymentStatus = pgEnum("payment_status", PAYMENT_STATUSES);

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
    /** The discount code used (upper-case), its kind, and what it took off the goods (0 for free shipping). */
    discountCode: text("discount_code"),
    discountKind: text("discount_kind"),
    discountPaise: integer("discount_paise").notNull().default(0),
    /** One per checkout attempt: the same key again is the same order. */
    idempotencyKey: text("idempotency_key").notNull(),
    /** The cart the key was used with (variants, quantities, engravings). */
    cartDigest: text("cart_digest").notNull(),
    /** SHA-256 of the secret in the shopper's thank-you link. */
    accessTokenHash: text("access_token_hash").notNull(),
    carrier: text("carrier"),
    trackingNumber: text("tracking_number"),
    /** Online payment: the Razorpay order created for this order (the only one its payment is checked against). */
    razorpayOrderId: text("razorpay_order_id").unique(),
    /** The Razorpay payment that paid for it. */
    razorpayPaymentId: text("razorpay_payment_id"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** Online payment: until when the stock taken for an unpaid order stays held. */
    holdExpiresAt: timestamp("hold_expires_at", { withTimezone: true }),
    /** Refunds made or under way (never more than what was paid). */
    refundedPaise: integer("refunded_paise").notNull().default(0),
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
    // The reports' roll-up reads the orders changed since its last refresh.
    index("orders_updated_idx").on(t.updatedAt),
    // The sweeper's question: unpaid online orders whose hold has run out.
    index("orders_hold_idx").on(t.holdExpiresAt).where(sql`${t.status} = 'pending_payment'`),
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
    /** This line's share of the order's discount; taxable value and tax are of total less this. */
    discountPaise: integer("discount_paise").notNull().default(0),
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
  (t) => [index("invoices_year_idx").on(t.financialYear, t.number), index("invoices_issued_idx").on(t.issuedAt)],
);

/**
 * Everything the payment provider told us about an order (webhooks, the checkout's signed answer,
 * checks the shop made), each once: `event_key` is Razorpay's event id for a webhook, so a
 * repeated delivery is recognised and changes nothing.
 */
export const paymentEvents = pgTable(
  "payment_events",
  {
    id: id(),
    /** Null when the event names no order of ours (kept for the record all the same). */
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "cascade" }),
    source: text("source").notNull(),
    eventKey: text("event_key").notNull(),
    type: text("type").notNull(),
    razorpayOrderId: text("razorpay_order_id"),
    razorpayPaymentId: text("razorpay_payment_id"),
    razorpayRefundId: text("razorpay_refund_id"),
    amountPaise: integer("amount_paise"),
    /** What the shop did with it, in words staff read. */
    outcome: text("outcome").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("payment_events_key_idx").on(t.eventKey), index("payment_events_order_idx").on(t.orderId, t.createdAt)],
);

export const refundStatus = pgEnum("refund_status", ["pending", "submitting", "accepted", "processed", "failed"]);

/**
 * Money given back: through Razorpay's refund API for online payments, or recorded by hand (with
 * the staff's reference) for cash on delivery. `pending` is reserved but not yet sent; `submitting`
 * is being sent (one sender only); `accepted` Razorpay took it; `processed` the money went back.
 */
export const orderRefunds = pgTable(
  "order_refunds",
  {
    id: id(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    amountPaise: integer("amount_paise").notNull(),
    method: text("method").notNull(),
    razorpayPaymentId: text("razorpay_payment_id"),
    razorpayRefundId: text("razorpay_refund_id").unique(),
    reference: text("reference"),
    reason: text("reason").notNull(),
    /** True when the shop refunds on its own (a payment for an order already cancelled). */
    automatic: boolean("automatic").notNull().default(false),
    status: refundStatus("status").notNull(),
    failure: text("failure"),
    actorEmail: text("actor_email"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("order_refunds_order_idx").on(t.orderId, t.createdAt), index("order_refunds_created_idx").on(t.createdAt)],
);

/** The last credit-note serial used in each financial year (a series of its own, like invoices). */
export const creditNoteCounters = pgTable("credit_note_counters", {
  financialYear: text("financial_year").primaryKey(),
  lastSerial: integer("last_serial").notNull(),
});

/**
 * A credit note per refund of an invoiced order: it reduces that invoice by the refund, its taxable
 * value and tax reversed in proportion. Its figures are frozen here as issued.
 */
export const creditNotes = pgTable(
  "credit_notes",
  {
    id: id(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    refundId: uuid("refund_id")
      .notNull()
      .unique()
      .references(() => orderRefunds.id, { onDelete: "restrict" }),
    number: text("number").notNull().unique(),
    financialYear: text("financial_year").notNull(),
    invoiceNumber: text("invoice_number").notNull(),
    amountPaise: integer("amount_paise").notNull(),
    taxablePaise: integer("taxable_paise").notNull(),
    cgstPaise: integer("cgst_paise").notNull(),
    sgstPaise: integer("sgst_paise").notNull(),
    igstPaise: integer("igst_paise").notNull(),
    roundOffPaise: integer("round_off_paise").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("credit_notes_order_idx").on(t.orderId, t.issuedAt), index("credit_notes_issued_idx").on(t.issuedAt)],
);

/**
 * A checkout where the shopper typed an email and has not placed the order yet: one row per
 * checkout attempt (its idempotency key), for the one reminder mail sent if no order follows.
 */
export const checkoutReminders = pgTable(
  "checkout_reminders",
  {
    id: id(),
    checkoutKey: text("checkout_key").notNull().unique(),
    /** Lower-case, as checkout stores it. */
    email: text("email").notNull(),
    name: text("name"),
    /** The cart's lines as the checkout page had them: [{ variantId, quantity, engraving? }]. */
    lines: jsonb("lines").$type<{ variantId: string; quantity: number; engraving?: string }[]>().notNull(),
    /**
     * The secret in the reminder's links (restore the cart, stop reminders): random, so a link
     * cannot be guessed from another, and never shown anywhere but in that mail.
     */
    linkToken: uuid("link_token").notNull().defaultRandom().unique(),
    remindAt: timestamp("remind_at", { withTimezone: true }).notNull(),
    /** Set once: the reminder was sent, or found not needed (an order followed). */
    settledAt: timestamp("settled_at", { withTimezone: true }),
    outcome: text("outcome"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("checkout_reminders_email_idx").on(t.email)],
);

/**
 * Addresses that asked for no more cart reminders, kept as the SHA-256 of the lower-case address:
 * the wish is honoured for every later checkout, and it outlives an erasure without keeping the
 * address itself.
 */
export const cartReminderOptOuts = pgTable("cart_reminder_opt_outs", {
  emailHash: text("email_hash").primaryKey(),
  createdAt: createdAt(),
});
