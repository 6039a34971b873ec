import { ReportsScreen } from "~/components/admin/reports/reports-screen";
import { adminMeta } from "~/lib/admin-meta";
import { buildReport } from "~/modules/reports/reports.server";
import { istDay, parseReportQuery } from "~/modules/reports/reports";
import { requirePagePermission } from "~/modules/staff/staff.server";
import type { Route } from "./+types/reports";

/** GET /admin/reports?report=&range=&from=&to=&unit=: one report for a range (view-only: admin and super_admin). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePagePermission(context.services, request, "reports");
  const query = parseReportQuery(new URL(request.url).searchParams, istDay(new Date()));
  const report = await buildReport(context.services.db, query.slug, query.range, { unit: query.unit });
  return { query, report };
}

export const meta: Route.MetaFunction = () => adminMeta("Reports");

export default function ReportsPage({ loaderData }: Route.ComponentProps) {
  return <ReportsScreen {...loaderData} />;
}
