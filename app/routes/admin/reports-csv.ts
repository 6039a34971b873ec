import { buildReport, reportCsv } from "~/modules/reports/reports.server";
import { istDay, parseReportQuery } from "~/modules/reports/reports";
import { requireActionPermission } from "~/modules/staff/staff.server";
import type { Route } from "./+types/reports-csv";

/** GET /admin/reports.csv?report=&range=&from=&to=&unit=&table=: one table of a report as a CSV download. */
export async function loader({ request, context }: Route.LoaderArgs) {
  // A download, not a page: refuse with 401/403 rather than redirecting into HTML.
  await requireActionPermission(context.services, request, "reports", "view");
  const query = parseReportQuery(new URL(request.url).searchParams, istDay(new Date()));
  const report = await buildReport(context.services.db, query.slug, query.range, { unit: query.unit });
  const table = report.tables[query.table] ?? report.tables[0]!;
  return new Response(reportCsv(table), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="glacial-${table.id}-${query.range.fromDay}-to-${query.range.toDay}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
