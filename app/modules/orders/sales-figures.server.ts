import { and, asc, count, desc, eq, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { DbOrTx } from "~/db/types";
import { creditNotes, invoices, orderLines, orderRefunds, orders } from "./schema";

// The orders' figures for the dashboard and the reports, summed by the database. One rule decides
// which orders are sales: placed and not cancelled, and not waiting for an online payment
// (processing, shipped, delivered). An order counts on the India (IST) day it was placed; what was
// refunded on it counts against that same order (so every figure is the sum of the orders it
// covers). The GST figures follow the tax documents instead: invoices by the day they were issued,
// credit notes by theirs, as GSTR-1 is filed.

/** The statuses whose orders are sales. */
export const SALE_STATUSES = ["processing", "shipped", "delivered"] as const;

/** A half-open window of instants: from <= placed < to. */
export type SalesWindow = { from: Date; to: Date };
export type PeriodUnit = "day" | "week" | "month";

const IST = sql.raw(`'Asia/Kolkata'`);
const sum = (col: SQL | AnyPgColumn) => sql<number>`coalesce(sum(${col}), 0)`.mapWith(Number);
const counted = (w: SalesWindow) => and(inArray(orders.status, [...SALE_STATUSES]), gte(orders.createdAt, w.from), lt(orders.createdAt, w.to));

export type SalesTotals = { orders: number; grossPaise: number; discountPaise: number; refundedPaise: number; netPaise: number; totalPaise: number };

const totalsColumns = {
  orders: sql<number>`count(*)`.mapWith(Number),
  grossPaise: sum(orders.subtotalPaise),
  discountPaise: sum(orders.discountPaise),
  refundedPaise: sum(orders.refundedPaise),
  totalPaise: sum(orders.totalPaise),
};
const withNet = <T extends Omit<SalesTotals, "netPaise">>(r: T): T & { netPaise: number } => ({ ...r, netPaise: r.grossPaise - r.discountPaise - r.refundedPaise });

/** Gross sales (goods at their GST-inclusive prices), discounts, refunds, net sales and what was charged. */
export async function salesTotals(db: DbOrTx, w: SalesWindow): Promise<SalesTotals> {
  const [row] = await db.select(totalsColumns).from(orders).where(counted(w));
  return withNet(row!);
}

/** The same figures per India day, ISO week (from Monday) or month; `period` is the period's first day, YYYY-MM-DD. */
export async function salesByPeriod(db: DbOrTx, w: SalesWindow, unit: PeriodUnit): Promise<(SalesTotals & { period: string })[]> {
  const period = sql<string>`to_char(date_trunc(${sql.raw(`'${unit}'`)}, ${orders.createdAt} at time zone ${IST}), 'YYYY-MM-DD')`;
  const rows = await db
    .select({ period, ...totalsColumns })
    .from(orders)
    .where(counted(w))
    .groupBy(sql`1`)
    .orderBy(sql`1`);
  return rows.map(withNet);
}

export type ProductSales = { productId: string | null; variantId: string | null; title: string; variantTitle: string; sku: string; quantity: number; grossPaise: number; discountPaise: number; netPaise: number };

/** Goods sold per product (or per variant): quantity, value at list price, the discount spread onto them, and after it. Refunds are per order, not per line, so they are not here. */
export async function salesByProduct(db: DbOrTx, w: SalesWindow, opts: { byVariant: boolean; limit?: number }): Promise<ProductSales[]> {
  const gross = sum(orderLines.totalPaise);
  const key = opts.byVariant ? [orderLines.productId, orderLines.variantId, orderLines.sku] : [orderLines.productId];
  const query = db
    .select({
      productId: orderLines.productId,
      variantId: opts.byVariant ? orderLines.variantId : sql<string | null>`null`,
      // The newest name a product sold under, so a renamed product is one row.
      title: sql<string>`(array_agg(${orderLines.title} order by ${orders.createdAt} desc))[1]`,
      variantTitle: opts.byVariant ? sql<string>`(array_agg(${orderLines.variantTitle} order by ${orders.createdAt} desc))[1]` : sql<string>`''`,
      sku: opts.byVariant ? orderLines.sku : sql<string>`''`,
      quantity: sum(orderLines.quantity),
      grossPaise: gross,
      discountPaise: sum(orderLines.discountPaise),
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(counted(w))
    .groupBy(...key)
    .orderBy(desc(gross), asc(sql`2`));
  const rows = opts.limit ? await query.limit(opts.limit) : await query;
  return rows.map((r) => ({ ...r, netPaise: r.grossPaise - r.discountPaise }));
}

/** Sales per place of supply (the shipping state), with the tax charged there. */
export async function salesByState(db: DbOrTx, w: SalesWindow) {
  const rows = await db
    .select({
      stateCode: orders.placeOfSupplyStateCode,
      ...totalsColumns,
      taxablePaise: sum(orders.taxablePaise),
      cgstPaise: sum(orders.cgstPaise),
      sgstPaise: sum(orders.sgstPaise),
      igstPaise: sum(orders.igstPaise),
    })
    .from(orders)
    .where(counted(w))
    .groupBy(orders.placeOfSupplyStateCode)
    .orderBy(desc(sum(orders.subtotalPaise)), asc(orders.placeOfSupplyStateCode));
  return rows.map(withNet);
}

/** Sales per payment method (cod, razorpay). */
export async function salesByPaymentMethod(db: DbOrTx, w: SalesWindow) {
  const rows = await db.select({ method: orders.paymentMethod, ...totalsColumns }).from(orders).where(counted(w)).groupBy(orders.paymentMethod).orderBy(asc(orders.paymentMethod));
  return rows.map(withNet);
}

/** Each discount code used on sales in the window: orders, what it took off, and the sales it came with. */
export async function discountUse(db: DbOrTx, w: SalesWindow) {
  const rows = await db
    .select({ code: sql<string>`${orders.discountCode}`, kind: sql<string>`max(${orders.discountKind})`, ...totalsColumns })
    .from(orders)
    .where(and(counted(w), sql`${orders.discountCode} is not null`))
    .groupBy(orders.discountCode)
    .orderBy(desc(sum(orders.discountPaise)), asc(orders.discountCode));
  return rows.map(withNet);
}

/** Refunds recorded in the window (by the day they were made), whatever became of the order since. */
export async function refundsIn(db: DbOrTx, w: SalesWindow) {
  return db
    .select({
      id: orderRefunds.id,
      createdAt: orderRefunds.createdAt,
      orderNumber: orders.number,
      orderStatus: orders.status,
      amountPaise: orderRefunds.amountPaise,
      method: orderRefunds.method,
      status: orderRefunds.status,
      reason: orderRefunds.reason,
    })
    .from(orderRefunds)
    .innerJoin(orders, eq(orders.id, orderRefunds.orderId))
    .where(and(gte(orderRefunds.createdAt, w.from), lt(orderRefunds.createdAt, w.to)))
    .orderBy(asc(orderRefunds.createdAt), asc(orders.number));
}

export type GstRow = { kind: "goods" | "shipping" | "cod_fee"; hsnCode: string; ratePercent: number; intraState: boolean; invoices: number; quantity: number; taxablePaise: number; cgstPaise: number; sgstPaise: number; igstPaise: number; totalPaise: number };

/**
 * Outward supplies invoiced in the window, per HSN code and rate, split intra-state (CGST + SGST)
 * and inter-state (IGST); shipping and the cash-on-delivery fee are rows of their own (their tax
 * is charged at the rate stored with them). Plus the credit notes issued in the window.
 */
export async function gstFigures(db: DbOrTx, w: SalesWindow): Promise<{ rows: GstRow[]; creditNotes: { number: string; invoiceNumber: string; issuedAt: Date; amountPaise: number; taxablePaise: number; cgstPaise: number; sgstPaise: number; igstPaise: number }[] }> {
  const inWindow = and(gte(invoices.issuedAt, w.from), lt(invoices.issuedAt, w.to));
  const intra = sql<boolean>`${orders.placeOfSupplyStateCode} = ${orders.supplierStateCode}`;
  const goods = await db
    .select({
      hsnCode: orderLines.hsnCode,
      ratePercent: orderLines.gstRatePercent,
      intraState: intra,
      invoices: sql<number>`count(distinct ${orders.id})`.mapWith(Number),
      quantity: sum(orderLines.quantity),
      taxablePaise: sum(orderLines.taxablePaise),
      cgstPaise: sum(orderLines.cgstPaise),
      sgstPaise: sum(orderLines.sgstPaise),
      igstPaise: sum(orderLines.igstPaise),
      totalPaise: sum(sql`${orderLines.totalPaise} - ${orderLines.discountPaise}`),
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .innerJoin(invoices, eq(invoices.orderId, orders.id))
    .where(inWindow)
    .groupBy(orderLines.hsnCode, orderLines.gstRatePercent, sql`3`)
    .orderBy(asc(orderLines.hsnCode), asc(orderLines.gstRatePercent), asc(sql`3`));
  const charge = (col: typeof orders.shipping | typeof orders.codFee) => {
    const f = (name: string) => sum(sql`(${col}->>${name})::integer`);
    return db
      .select({
        ratePercent: sql<number>`(${col}->>'gstRatePercent')::integer`.mapWith(Number),
        intraState: intra,
        invoices: sql<number>`count(*)`.mapWith(Number),
        taxablePaise: f("taxablePaise"),
        cgstPaise: f("cgstPaise"),
        sgstPaise: f("sgstPaise"),
        igstPaise: f("igstPaise"),
        totalPaise: f("totalPaise"),
      })
      .from(orders)
      .innerJoin(invoices, eq(invoices.orderId, orders.id))
      .where(and(inWindow, sql`(${col}->>'totalPaise')::integer > 0`))
      .groupBy(sql`1`, sql`2`)
      .orderBy(sql`1`, sql`2`);
  };
  const [shipping, codFee, notes] = await Promise.all([
    charge(orders.shipping),
    charge(orders.codFee),
    db
      .select({
        number: creditNotes.number,
        invoiceNumber: creditNotes.invoiceNumber,
        issuedAt: creditNotes.issuedAt,
        amountPaise: creditNotes.amountPaise,
        taxablePaise: creditNotes.taxablePaise,
        cgstPaise: creditNotes.cgstPaise,
        sgstPaise: creditNotes.sgstPaise,
        igstPaise: creditNotes.igstPaise,
      })
      .from(creditNotes)
      .where(and(gte(creditNotes.issuedAt, w.from), lt(creditNotes.issuedAt, w.to)))
      .orderBy(asc(creditNotes.issuedAt), asc(creditNotes.number)),
  ]);
  const rows: GstRow[] = [
    ...goods.map((g) => ({ kind: "goods" as const, ...g, intraState: Boolean(g.intraState) })),
    ...shipping.map((s) => ({ kind: "shipping" as const, hsnCode: "", quantity: 0, ...s, intraState: Boolean(s.intraState) })),
    ...codFee.map((s) => ({ kind: "cod_fee" as const, hsnCode: "", quantity: 0, ...s, intraState: Boolean(s.intraState) })),
  ];
  return { rows, creditNotes: notes };
}

/** Orders paid (or cash on delivery) and not yet shipped. */
export async function ordersToShip(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(orders).where(eq(orders.status, "processing"));
  return row?.n ?? 0;
}

/** The IST days of orders changed after `since` (placed, moved, refunded), and the latest change seen. */
export async function salesDaysChangedSince(db: DbOrTx, since: Date): Promise<{ days: string[]; latest: Date | null }> {
  const rows = await db
    .select({ day: sql<string>`to_char(${orders.createdAt} at time zone ${IST}, 'YYYY-MM-DD')`, latest: sql<string>`max(${orders.updatedAt})` })
    .from(orders)
    .where(sql`${orders.updatedAt} > ${since.toISOString()}`)
    .groupBy(sql`1`)
    .orderBy(sql`1`);
  const latest = rows.reduce<Date | null>((m, r) => {
    const d = new Date(r.latest);
    return m === null || d > m ? d : m;
  }, null);
  return { days: rows.map((r) => r.day), latest };
}

/** Goods sold per IST day and product in the window (for the reports' daily roll-up). */
export async function salesByDayAndProduct(db: DbOrTx, w: SalesWindow) {
  return db
    .select({
      day: sql<string>`to_char(${orders.createdAt} at time zone ${IST}, 'YYYY-MM-DD')`,
      productId: orderLines.productId,
      title: sql<string>`(array_agg(${orderLines.title} order by ${orders.createdAt} desc))[1]`,
      quantity: sum(orderLines.quantity),
      grossPaise: sum(orderLines.totalPaise),
      discountPaise: sum(orderLines.discountPaise),
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(counted(w))
    .groupBy(sql`1`, orderLines.productId);
}
