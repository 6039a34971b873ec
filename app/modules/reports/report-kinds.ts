// The reports the back office offers and the shape every report comes in: tables of typed
// columns (money in paise), the first one drawn as a chart. The page and the CSV are both made
// from these rows, so a download equals the table on screen. Client-safe.

export const REPORT_KINDS = [
  { slug: "sales", title: "Sales over time", description: "Gross sales, discounts, refunds and net sales per day, week or month." },
  { slug: "products", title: "Sales by product", description: "Units and sales per product." },
  { slug: "variants", title: "Sales by variant", description: "Units and sales per variant (SKU)." },
  { slug: "collections", title: "Sales by collection", description: "Sales of the products in each collection. A product in several collections counts in each." },
  { slug: "states", title: "Sales by state", description: "Sales and tax per place of supply (the state shipped to)." },
  { slug: "payments", title: "Sales by payment method", description: "Cash on delivery and online payment." },
  { slug: "gst", title: "GST (GSTR-1)", description: "Invoices issued in the period per HSN code and rate, intra-state (CGST + SGST) and inter-state (IGST), and credit notes issued." },
  { slug: "discounts", title: "Discount use", description: "Orders per discount code and what each took off." },
  { slug: "refunds", title: "Refunds", description: "Refunds made in the period, by the day they were made." },
] as const;

export type ReportSlug = (typeof REPORT_KINDS)[number]["slug"];

export function isReportSlug(value: string): value is ReportSlug {
  return REPORT_KINDS.some((k) => k.slug === value);
}

export const PERIOD_UNITS = [
  { value: "day", label: "Day" },
  { value: "week", label: "Week (from Monday)" },
  { value: "month", label: "Month" },
] as const;
export type PeriodUnitValue = (typeof PERIOD_UNITS)[number]["value"];

export type ColumnKind = "text" | "int" | "money" | "percent";
export type ReportColumn = { key: string; header: string; kind: ColumnKind };
export type ReportCell = string | number;
export type ReportRow = Record<string, ReportCell>;

export type ReportChart = { type: "bar" | "line"; x: string; series: { key: string; label: string }[] };

export type ReportTable = {
  /** Names the table and its CSV file. */
  id: string;
  caption: string;
  columns: ReportColumn[];
  rows: ReportRow[];
  /** Column sums (for the columns that add up), or null. */
  totals: ReportRow | null;
};

export type Report = {
  slug: ReportSlug;
  title: string;
  description: string;
  tables: ReportTable[];
  /** Drawn from the first table's rows. */
  chart: ReportChart | null;
  notes: string[];
};
