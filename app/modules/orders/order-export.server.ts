import { stringify } from "csv-stringify/sync";
import { count, desc, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/types";
import { csvSafeCell } from "~/lib/csv-safe";
import { stateByCode } from "~/lib/india";
import { orderListCondition, type OrderListFilter } from "./order-admin.server";
import { PAYMENT_STATUS_LABELS, STATUS_LABELS } from "./order-rules";
import { invoices, orderLines, orders } from "./schema";

// The back office's orders list as a CSV file: the same filter as the list (without its pages),
// one row per order, for accounts and spreadsheets. Amounts are rupees with two decimals (a
// spreadsheet sums them as numbers; the ₹ sign and Indian digit grouping of the shop's pages would
// make them text). Every cell that came from a shopper passes the formula guard.

/** More than this is not one download: the staff member is asked to narrow the dates. */
export const MAX_EXPORT_ROWS = 20_000;

export const ORDER_CSV_HEADER = [
  "order_number",
  "placed_at_ist",
  "status",
  "payment_method",
  "payment_status",
  "customer_name",
  "email",
  "phone",
  "items",
  "ship_city",
  "ship_state",
  "ship_pin",
  "gstin",
  "subtotal_inr",
  "shipping_inr",
  "cod_fee_inr",
  "taxable_inr",
  "cgst_inr",
  "sgst_inr",
  "igst_inr",
  "round_off_inr",
  "total_inr",
  "invoice_number",
  "carrier",
  "tracking_number",
];

const istFormat = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });

/** "2026-11-25 14:05" in India's time. */
function ist(date: Date): string {
  const p = Object.fromEntries(istFormat.formatToParts(date).map((part) => [part.type, part.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

/** Paise as plain rupees with two decimals: 129900 -> "1299.00", -40 -> "-0.40". */
export function rupeesCell(paise: number): string {
  const sign = paise < 0 ? "-" : "";
  const abs = Math.abs(paise);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

export type OrdersCsv = { ok: true; csv: string; rows: number } | { ok: false; message: string };

export async function ordersCsv(db: Db, filter: Omit<OrderListFilter, "page">): Promise<OrdersCsv> {
  const condition = orderListCondition(filter);
  const [total] = await db.select({ n: count() }).from(orders).where(condition);
  if ((total?.n ?? 0) > MAX_EXPORT_ROWS) {
    return { ok: false, message: `${total!.n} orders match: more than ${MAX_EXPORT_ROWS} in one file. Narrow the dates and export in parts.` };
  }
  const items = db
    .select({ orderId: orderLines.orderId, n: sql<number>`sum(${orderLines.quantity})::int`.as("n") })
    .from(orderLines)
    .groupBy(orderLines.orderId)
    .as("items");
  const rows = await db
    .select({ order: orders, items: items.n, invoice: invoices.number })
    .from(orders)
    .leftJoin(items, eq(items.orderId, orders.id))
    .leftJoin(invoices, eq(invoices.orderId, orders.id))
    .where(condition)
    .orderBy(desc(orders.createdAt), desc(orders.number));
  const text = (v: string | null | undefined) => csvSafeCell(v ?? "");
  const records = rows.map(({ order: o, items: n, invoice }) => [
    text(o.number),
    ist(o.createdAt),
    STATUS_LABELS[o.status],
    o.paymentMethod === "cod" ? "Cash on delivery" : "Online",
    PAYMENT_STATUS_LABELS[o.paymentStatus] ?? o.paymentStatus,
    text(o.shippingAddress.name),
    text(o.email),
    text(o.phone),
    String(Number(n ?? 0)),
    text(o.shippingAddress.city),
    stateByCode(o.shippingAddress.stateCode)?.name ?? text(o.shippingAddress.stateCode),
    text(o.shippingAddress.pin),
    text(o.gstin),
    rupeesCell(o.subtotalPaise),
    rupeesCell(o.shipping.totalPaise),
    rupeesCell(o.codFee.totalPaise),
    rupeesCell(o.taxablePaise),
    rupeesCell(o.cgstPaise),
    rupeesCell(o.sgstPaise),
    rupeesCell(o.igstPaise),
    rupeesCell(o.roundOffPaise),
    rupeesCell(o.totalPaise),
    text(invoice),
    text(o.carrier),
    text(o.trackingNumber),
  ]);
  // A byte-order mark, so Excel reads the UTF-8 names (Devanagari, accents) rightly.
  return { ok: true, rows: records.length, csv: `\uFEFF${stringify([ORDER_CSV_HEADER, ...records], { record_delimiter: "windows" })}` };
}
