import { z } from "zod";
import { parseRange, REPORT_PRESETS, type DayRange } from "./ranges";
import { PERIOD_UNITS, REPORT_KINDS, type PeriodUnitValue, type ReportSlug } from "./report-kinds";

// The reports page's GET parameters (the page and its CSV downloads read the same ones):
// report, range/from/to, unit (sales over time) and table (which table a CSV holds). Client-safe.

const query = z.object({
  report: z.enum(REPORT_KINDS.map((k) => k.slug) as [ReportSlug, ...ReportSlug[]]).catch("sales"),
  unit: z.enum(PERIOD_UNITS.map((u) => u.value) as [PeriodUnitValue, ...PeriodUnitValue[]]).catch("day"),
  table: z.coerce.number().int().min(0).max(5).catch(0),
});

export type ReportQuery = { slug: ReportSlug; unit: PeriodUnitValue; table: number; range: DayRange; error: string | null };

export function parseReportQuery(params: URLSearchParams, today: string): ReportQuery {
  const q = query.parse({ report: params.get("report") ?? undefined, unit: params.get("unit") ?? undefined, table: params.get("table") ?? undefined });
  // The GST return is filed per month: its report opens on last month.
  const { range, error } = parseRange(params, { today, presets: REPORT_PRESETS, fallback: q.report === "gst" ? "last_month" : "30d" });
  return { slug: q.report, unit: q.unit, table: q.table, range, error };
}

/** The address of a report's CSV download for the same range. */
export function reportCsvHref(q: Pick<ReportQuery, "slug" | "unit" | "range">, table: number): string {
  const p = new URLSearchParams({ report: q.slug, range: q.range.preset, from: q.range.fromDay, to: q.range.toDay, unit: q.unit, table: String(table) });
  return `/admin/reports.csv?${p.toString()}`;
}
