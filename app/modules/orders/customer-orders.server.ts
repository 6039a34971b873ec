import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "~/db/types";
import { creditNotes, invoices, orderEvents, orderLines, orders, paymentEvents, type StoredAddress } from "./schema";

// What the customers module reads of orders (through this module's face): who bought, how much,
// and, for a person's data export or erasure, their orders themselves.

/**
 * The payment statuses whose orders count towards lifetime value: money was received (paid online,
 * or cash collected on delivery), including orders refunded since, whose refunds are subtracted
 * (`refunded_paise`, refunds made or under way). Unpaid orders (pending_payment, cod_pending,
 * failed) count as orders but not as value; a cancelled order that was paid counts until refunded.
 */
export const LIFETIME_VALUE_PAYMENT_STATUSES = ["paid", "cod_collected", "refunded", "partially_refunded"] as const;

const counted = sql`${orders.paymentStatus} in ('paid', 'cod_collected', 'refunded', 'partially_refunded')`;

/** One buyer as the orders table knows them: the account the orders belong to (null for a guest) and the address typed at checkout. */
export type BuyerRef = { userId: string | null; email: string };

export type BuyerStats = BuyerRef & {
  orderCount: number;
  /** Orders counted in lifetime value (see LIFETIME_VALUE_PAYMENT_STATUSES). */
  paidOrderCount: number;
  /** Paid orders' totals less their refunds, in paise. */
  lifetimeValuePaise: number;
  firstOrderAt: Date;
  lastOrderAt: Date;
  /** The billing name of the newest order. */
  latestName: string;
  phones: string[];
};

/** Orders summed per (account, lower-cased checkout email): the customers directory merges these rows. */
export async function buyerStats(db: DbOrTx): Promise<BuyerStats[]> {
  const rows = await db
    .select({
      userId: orders.userId,
      email: sql<string>`lower(${orders.email})`,
      orderCount: sql<number>`count(*)::int`,
      paidOrderCount: sql<number>`(count(*) filter (where ${counted}))::int`,
      lifetimeValuePaise: sql<number>`coalesce(sum(${orders.totalPaise} - ${orders.refundedPaise}) filter (where ${counted}), 0)::bigint`,
      firstOrderAt: sql<string>`min(${orders.createdAt})`,
      lastOrderAt: sql<string>`max(${orders.createdAt})`,
      latestName: sql<string>`(array_agg(${orders.billingAddress}->>'name' order by ${orders.createdAt} desc))[1]`,
      phones: sql<string[]>`array_agg(distinct ${orders.phone})`,
    })
    .from(orders)
    .groupBy(orders.userId, sql`lower(${orders.email})`);
  return rows.map((r) => ({
    ...r,
    orderCount: Number(r.orderCount),
    paidOrderCount: Number(r.paidOrderCount),
    lifetimeValuePaise: Number(r.lifetimeValuePaise),
    firstOrderAt: new Date(r.firstOrderAt),
    lastOrderAt: new Date(r.lastOrderAt),
    phones: r.phones ?? [],
  }));
}

function buyerCondition(refs: readonly BuyerRef[]): SQL | undefined {
  if (refs.length === 0) return undefined;
  return or(...refs.map((ref) => and(ref.userId ? eq(orders.userId, ref.userId) : isNull(orders.userId), sql`lower(${orders.email}) = ${ref.email.toLowerCase()}`)));
}

export type BuyerOrder = {
  id: string;
  number: string;
  createdAt: Date;
  status: string;
  paymentStatus: string;
  totalPaise: number;
  refundedPaise: number;
  /** Counted in lifetime value, and how much. */
  countsPaise: number | null;
};

/** The orders of these buyers, newest first. */
export async function ordersOfBuyers(db: DbOrTx, refs: readonly BuyerRef[]): Promise<BuyerOrder[]> {
  const where = buyerCondition(refs);
  if (!where) return [];
  const rows = await db
    .select({
      id: orders.id,
      number: orders.number,
      createdAt: orders.createdAt,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      totalPaise: orders.totalPaise,
      refundedPaise: orders.refundedPaise,
    })
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.number));
  const countedStatuses: readonly string[] = LIFETIME_VALUE_PAYMENT_STATUSES;
  return rows.map((r) => ({ ...r, countsPaise: countedStatuses.includes(r.paymentStatus) ? r.totalPaise - r.refundedPaise : null }));
}

/** Everything stored about these buyers' orders, for a personal-data export. */
export async function exportBuyerOrders(db: DbOrTx, refs: readonly BuyerRef[]) {
  const where = buyerCondition(refs);
  if (!where) return [];
  const rows = await db.select().from(orders).where(where).orderBy(asc(orders.createdAt));
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [lines, invoiceRows] = await Promise.all([
    db.select().from(orderLines).where(inArray(orderLines.orderId, ids)).orderBy(asc(orderLines.position)),
    db.select().from(invoices).where(inArray(invoices.orderId, ids)),
  ]);
  return rows.map((o) => ({
    number: o.number,
    placedAt: o.createdAt.toISOString(),
    status: o.status,
    paymentMethod: o.paymentMethod,
    paymentStatus: o.paymentStatus,
    email: o.email,
    phone: o.phone,
    shippingAddress: o.shippingAddress,
    billingAddress: o.billingAddress,
    gstin: o.gstin,
    totalPaise: o.totalPaise,
    discountCode: o.discountCode,
    discountPaise: o.discountPaise,
    refundedPaise: o.refundedPaise,
    carrier: o.carrier,
    trackingNumber: o.trackingNumber,
    invoiceNumber: invoiceRows.find((i) => i.orderId === o.id)?.number ?? null,
    lines: lines
      .filter((l) => l.orderId === o.id)
      .map((l) => ({ title: l.title, variant: l.variantTitle, sku: l.sku, quantity: l.quantity, unitPricePaise: l.unitPricePaise, totalPaise: l.totalPaise, engraving: l.engraving })),
  }));
}

/** What erasure left on the orders. */
export type OrderErasure = { orders: number; invoicedKept: number };

/**
 * Erasure on the orders side (docs/decisions/0011-customer-erasure.md), inside the caller's
 * transaction. Every order keeps its figures, lines, numbers and state codes (the books and GST
 * returns need them). An order with a tax invoice or credit note also keeps the invoice's buyer
 * fields (billing name and address, delivery address, GSTIN): the invoice must stay as issued
 * (CGST Act s. 36, Rule 46). Everything else that names the person goes: the checkout email and
 * mobile become the pseudonym, uninvoiced orders' addresses become placeholders, engraving texts,
 * the payment provider's payloads (they repeat email and contact), and the person's contact
 * details in the timeline's messages. The erased account's guest orders are attached to it.
 */
export async function pseudonymiseBuyerOrders(
  tx: DbOrTx,
  refs: readonly BuyerRef[],
  pseudonym: { email: string; phone: string; name: string },
  personal: { names: string[]; phones: string[] },
  /** The erased account: its guest orders join it (as confirming the address would have), so they stay one person's. */
  accountId: string | null = null,
): Promise<OrderErasure> {
  const where = buyerCondition(refs);
  if (!where) return { orders: 0, invoicedKept: 0 };
  const rows = await tx.select({ id: orders.id, email: orders.email, phone: orders.phone, billing: orders.billingAddress, shipping: orders.shippingAddress }).from(orders).where(where);
  if (rows.length === 0) return { orders: 0, invoicedKept: 0 };
  const ids = rows.map((r) => r.id);
  const invoiced = new Set([
    ...(await tx.select({ id: invoices.orderId }).from(invoices).where(inArray(invoices.orderId, ids))).map((r) => r.id),
    ...(await tx.select({ id: creditNotes.orderId }).from(creditNotes).where(inArray(creditNotes.orderId, ids))).map((r) => r.id),
  ]);
  const placeholder = (a: StoredAddress): StoredAddress => ({ name: pseudonym.name, line1: "Erased", city: "Erased", stateCode: a.stateCode, pin: "000000" });
  for (const row of rows) {
    const keep = invoiced.has(row.id);
    await tx
      .update(orders)
      .set({
        email: pseudonym.email,
        phone: pseudonym.phone,
        ...(keep ? {} : { billingAddress: placeholder(row.billing), shippingAddress: placeholder(row.shipping), gstin: null }),
        ...(accountId ? { userId: accountId } : {}),
        version: sql`${orders.version} + 1`,
      })
      .where(eq(orders.id, row.id));
  }
  await tx.update(orderLines).set({ engraving: "[erased]" }).where(and(inArray(orderLines.orderId, ids), sql`${orderLines.engraving} is not null`));
  await tx.update(paymentEvents).set({ payload: null }).where(inArray(paymentEvents.orderId, ids));
  // The timeline's messages may quote the person's email, mobile or name (a staff note, a mail sent).
  const needles = [...new Set([...rows.flatMap((r) => [r.email, r.phone, r.billing.name, r.shipping.name]), ...personal.names, ...personal.phones])].filter((s) => s.trim().length >= 3);
  if (needles.length > 0) {
    const events = await tx.select({ id: orderEvents.id, message: orderEvents.message }).from(orderEvents).where(inArray(orderEvents.orderId, ids));
    for (const event of events) {
      let message = event.message;
      for (const needle of needles) message = message.split(needle).join("[erased]");
      if (message !== event.message) await tx.update(orderEvents).set({ message }).where(eq(orderEvents.id, event.id));
    }
  }
  return { orders: rows.length, invoicedKept: rows.filter((r) => invoiced.has(r.id)).length };
}
