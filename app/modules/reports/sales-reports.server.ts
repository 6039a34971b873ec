import { stringify } from "csv-stringify/sync";
import type { DbOrTx } from "~/db/types";
import { csvSafeCell } from "~/lib/csv-safe";
import { stateByCode } from "~/lib/india";
import { collectionsOfProducts } from "~/modules/catalog/catalog.server";
import { discountUse, gstFigures, refundsIn, salesByPaymentMethod, salesByPeriod, salesByProduct, salesByState, type SalesTotals } from "~/modules/orders/orders.server";
import { STATUS_LABELS, type OrderStatus } from "~/modules/orders/orders";
import { type DayRange, istDateTime, windowOf } from "./ranges";
import { type PeriodUnitValue, REPORT_KINDS, type Report, type ReportColumn, type ReportRow, type ReportSlug, type ReportTable } from "./report-kinds";

// Each report: the orders module's sums for the range, laid out as typed tables. The CSV is made
// from the same rows (money as rupees with two decimals, which a spreadsheet sums as numbers).

const money = (key: string, header: string): ReportColumn => ({ key, header, kind: "money" });
const int = (key: string, header: string): ReportColumn => ({ key, header, kind: "int" });
const text = (key: string, header: string): ReportColumn => ({ key, header, kind: "text" });

const SALES_COLUMNS: ReportColumn[] = [
  int("orders", "Orders"),
  money("grossPaise", "Gross sales"),
  money("discountPaise", "Discounts"),
  money("refundedPaise", "Refunds"),
  money("netPaise", "Net sales"),
  money("totalPaise", "Charged (incl. shipping)"),
];
const salesCells = (t: SalesTotals): ReportRow => ({ orders: t.orders, grossPaise: t.grossPaise, discountPaise: t.discountPaise, refundedPaise: t.refundedPaise, netPaise: t.netPaise, totalPaise: t.totalPaise });

const PAYMENT_LABELS: Record<string, string> = { cod: "Cash on delivery", razorpay: "Online (Razorpay)" };

/** Sums every numeric column (text columns stay empty; the first column says "Total"). */
function totalsOf(columns: ReportColumn[], rows: ReportRow[], skip: string[] = []): ReportRow | null {
  if (rows.length === 0) return null;
  const total: ReportRow = {};
  columns.forEach((c, i) => {
    if (i === 0) total[c.key] = "Total";
    else if ((c.kind === "money" || c.kind === "int") && !skip.includes(c.key)) total[c.key] = rows.reduce((n, r) => n + Number(r[c.key] ?? 0), 0);
    else total[c.key] = "";
  });
  return total;
}

function table(id: string, caption: string, columns: ReportColumn[], rows: ReportRow[], skipTotals: string[] = []): ReportTable {
  return { id, caption, columns, rows, totals: totalsOf(columns, rows, skipTotals), };
}

const meta = (slug: ReportSlug) => REPORT_KINDS.find((k) => k.slug === slug)!;

export type ReportOptions = { unit?: PeriodUnitValue };

export async function buildReport(db: DbOrTx, slug: ReportSlug, range: DayRange, opts: ReportOptions = {}): Promise<Report> {
  const w = windowOf(range);
  const { title, description } = meta(slug);
  const base = { slug, title, description, notes: [] as string[] };
  switch (slug) {
    case "sales": {
      const unit = opts.unit ?? "day";
      const rows = (await salesByPeriod(db, w, unit)).map((r) => ({ period: r.period, ...salesCells(r) }));
      const columns = [text("period", unit === "day" ? "Day" : unit === "week" ? "Week from" : "Month from"), ...SALES_COLUMNS];
      return {
        ...base,
        tables: [table("sales", `Sales per ${unit}`, columns, rows)],
        chart: { type: "bar", x: "period", series: [{ key: "grossPaise", label: "Gross sales" }, { key: "netPaise", label: "Net sales" }] },
        notes: ["An order counts on the day it was placed (India time); cancelled orders and unpaid online orders are not sales. Refunds count against the order they refund."],
      };
    }
    case "products":
    case "variants": {
      const byVariant = slug === "variants";
      const found = await salesByProduct(db, w, { byVariant });
      const rows = found.map((r) => ({
        product: r.title,
        ...(byVariant ? { variant: r.variantTitle, sku: r.sku } : {}),
        quantity: r.quantity,
        grossPaise: r.grossPaise,
        discountPaise: r.discountPaise,
        netPaise: r.netPaise,
      }));
      const columns = [text("product", "Product"), ...(byVariant ? [text("variant", "Variant"), text("sku", "SKU")] : []), int("quantity", "Units"), money("grossPaise", "Gross sales"), money("discountPaise", "Discounts"), money("netPaise", "After discounts")];
      return {
        ...base,
        tables: [table(slug, byVariant ? "Sales per variant" : "Sales per product", columns, rows)],
        chart: { type: "bar", x: "product", series: [{ key: "netPaise", label: "After discounts" }] },
        notes: ["Refunds are made on orders, not on lines, so they are not taken off here (see Sales over time)."],
      };
    }
    case "collections": {
      const [found, membership] = await Promise.all([salesByProduct(db, w, { byVariant: false }), collectionsOfProducts(db)]);
      const byProduct = new Map(found.map((p) => [p.productId, p]));
      const sums = new Map<string, ReportRow & { quantity: number; grossPaise: number; discountPaise: number; netPaise: number; products: number }>();
      for (const m of membership) {
        const p = byProduct.get(m.productId);
        if (!p) continue;
        const s = sums.get(m.collectionId) ?? { collection: m.name, products: 0, quantity: 0, grossPaise: 0, discountPaise: 0, netPaise: 0 };
        s.products += 1;
        s.quantity += p.quantity;
        s.grossPaise += p.grossPaise;
        s.discountPaise += p.discountPaise;
        s.netPaise += p.netPaise;
        sums.set(m.collectionId, s);
      }
      const rows = [...sums.values()].sort((a, b) => b.netPaise - a.netPaise || String(a.collection).localeCompare(String(b.collection)));
      const columns = [text("collection", "Collection"), int("products", "Products sold"), int("quantity", "Units"), money("grossPaise", "Gross sales"), money("discountPaise", "Discounts"), money("netPaise", "After discounts")];
      return {
        ...base,
        // A product in two collections is in both rows: a sum over collections would count it twice.
        tables: [{ ...table("collections", "Sales per collection", columns, rows), totals: null }],
        chart: { type: "bar", x: "collection", series: [{ key: "netPaise", label: "After discounts" }] },
        notes: ["A product in several collections counts in each, so the rows do not add up to the shop's sales."],
      };
    }
    case "states": {
      const rows = (await salesByState(db, w)).map((r) => ({
        state: stateByCode(r.stateCode)?.name ?? r.stateCode,
        code: r.stateCode,
        ...salesCells(r),
        taxablePaise: r.taxablePaise,
        cgstPaise: r.cgstPaise,
        sgstPaise: r.sgstPaise,
        igstPaise: r.igstPaise,
      }));
      const columns = [text("state", "State"), text("code", "State code"), ...SALES_COLUMNS, money("taxablePaise", "Taxable value"), money("cgstPaise", "CGST"), money("sgstPaise", "SGST"), money("igstPaise", "IGST")];
      return { ...base, tables: [table("states", "Sales per state (place of supply)", columns, rows)], chart: { type: "bar", x: "state", series: [{ key: "netPaise", label: "Net sales" }] } };
    }
    case "payments": {
      const rows = (await salesByPaymentMethod(db, w)).map((r) => ({ method: PAYMENT_LABELS[r.method] ?? r.method, ...salesCells(r) }));
      return { ...base, tables: [table("payments", "Sales per payment method", [text("method", "Payment method"), ...SALES_COLUMNS], rows)], chart: { type: "bar", x: "method", series: [{ key: "netPaise", label: "Net sales" }] } };
    }
    case "gst": {
      const gst = await gstFigures(db, w);
      const rows = gst.rows.map((r) => ({
        hsn: r.kind === "goods" ? r.hsnCode : r.kind === "shipping" ? "Shipping" : "COD fee",
        rate: r.ratePercent,
        supply: r.intraState ? "Intra-state" : "Inter-state",
        invoices: r.invoices,
        quantity: r.quantity,
        taxablePaise: r.taxablePaise,
        cgstPaise: r.cgstPaise,
        sgstPaise: r.sgstPaise,
        igstPaise: r.igstPaise,
        totalPaise: r.totalPaise,
      }));
      const columns = [text("hsn", "HSN / charge"), { key: "rate", header: "GST rate (%)", kind: "percent" as const }, text("supply", "Supply"), int("invoices", "Invoices"), int("quantity", "Units"), money("taxablePaise", "Taxable value"), money("cgstPaise", "CGST"), money("sgstPaise", "SGST"), money("igstPaise", "IGST"), money("totalPaise", "Invoice value")];
      const notes = gst.creditNotes.map((n) => ({
        number: n.number,
        invoice: n.invoiceNumber,
        issued: istDateTime(n.issuedAt),
        taxablePaise: n.taxablePaise,
        cgstPaise: n.cgstPaise,
        sgstPaise: n.sgstPaise,
        igstPaise: n.igstPaise,
        amountPaise: n.amountPaise,
      }));
      const noteColumns = [text("number", "Credit note"), text("invoice", "Against invoice"), text("issued", "Issued (IST)"), money("taxablePaise", "Taxable value"), money("cgstPaise", "CGST"), money("sgstPaise", "SGST"), money("igstPaise", "IGST"), money("amountPaise", "Amount")];
      return {
        ...base,
        // Invoices are counted per row; one invoice with two HSN codes is in two rows.
        tables: [table("gst", "Outward supplies per HSN code and rate", columns, rows, ["invoices"]), table("gst-credit-notes", "Credit notes issued", noteColumns, notes)],
        chart: { type: "bar", x: "hsn", series: [{ key: "taxablePaise", label: "Taxable value" }] },
        notes: ["Invoices count in the month they were issued (when the order shipped, India time), not when the order was placed. Shipping and the cash-on-delivery fee are taxed at the rate stored with each order."],
      };
    }
    case "discounts": {
      const rows = (await discountUse(db, w)).map((r) => ({ code: r.code, kind: r.kind, ...salesCells(r) }));
      return {
        ...base,
        tables: [table("discounts", "Orders per discount code", [text("code", "Code"), text("kind", "Kind"), ...SALES_COLUMNS], rows)],
        chart: { type: "bar", x: "code", series: [{ key: "discountPaise", label: "Discounts" }] },
        notes: ["A free-shipping code takes nothing off the goods, so its discount is ₹0 here."],
      };
    }
    case "refunds": {
      const rows = (await refundsIn(db, w)).map((r) => ({
        made: istDateTime(r.createdAt),
        order: r.orderNumber,
        orderStatus: STATUS_LABELS[r.orderStatus as OrderStatus] ?? r.orderStatus,
        method: r.method === "manual" ? "Recorded by hand" : "Razorpay",
        status: r.status,
        reason: r.reason,
        amountPaise: r.amountPaise,
      }));
      const columns = [text("made", "Made (IST)"), text("order", "Order"), text("orderStatus", "Order status"), text("method", "How"), text("status", "Refund status"), text("reason", "Reason"), money("amountPaise", "Amount")];
      return { ...base, tables: [table("refunds", "Refunds made", columns, rows)], chart: { type: "bar", x: "order", series: [{ key: "amountPaise", label: "Amount" }] } };
    }
  }
}

/** Paise as plain rupees with two decimals: 129900 -> "1299.00". */
function rupees(paise: number): string {
  const sign = paise < 0 ? "-" : "";
  const abs = Math.abs(paise);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** The table as CSV: its headers, its rows and its totals row; money in rupees, text through the formula guard. */
export function reportCsv(t: ReportTable): string {
  const cell = (c: ReportColumn, v: ReportRow[string] | undefined) => {
    if (v === undefined || v === "") return "";
    if (c.kind === "money" && typeof v === "number") return rupees(v);
    return typeof v === "number" ? String(v) : csvSafeCell(v);
  };
  const lines = [t.columns.map((c) => c.header), ...[...t.rows, ...(t.totals ? [t.totals] : [])].map((r) => t.columns.map((c) => cell(c, r[c.key])))];
  return stringify(lines);
}
