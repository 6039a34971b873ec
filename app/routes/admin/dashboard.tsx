import { DashboardScreen } from "~/components/admin/reports/dashboard-screen";
import { adminMeta } from "~/lib/admin-meta";
import { catalogCounts } from "~/modules/catalog/catalog.server";
import { dashboardFigures } from "~/modules/reports/reports.server";
import { DASHBOARD_PRESETS, istDay, parseRange } from "~/modules/reports/reports";
import { requireStaffPage } from "~/modules/staff/staff.server";
import { can } from "~/modules/staff/staff";
import type { Route } from "./+types/dashboard";

/** GET /admin/dashboard?range=today|7d|30d|custom&from=&to=: the shop at a glance, each card only for a role that may see it. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.services;
  // Everyone signed in lands here (the guard's fallback), so a user without dashboard access gets
  // an explanation instead of a redirect loop.
  const staff = await requireStaffPage(context.services, request);
  const allowed = can(staff.roles, "dashboard", "view");
  const now = new Date();
  const { range, error } = parseRange(new URL(request.url).searchParams, { today: istDay(now), presets: DASHBOARD_PRESETS, fallback: "7d" });
  const [figures, catalog] = await Promise.all([
    allowed ? dashboardFigures(db, staff.roles, range) : null,
    allowed && (can(staff.roles, "catalog", "view") || can(staff.roles, "collections", "view")) ? catalogCounts(db) : null,
  ]);
  const counts: { label: string; value: number }[] = [];
  if (catalog && can(staff.roles, "catalog", "view")) counts.push({ label: "Products", value: catalog.products }, { label: "Active products", value: catalog.activeProducts });
  if (catalog && can(staff.roles, "collections", "view")) counts.push({ label: "Collections", value: catalog.collections });
  return { name: staff.user.name || staff.user.email, allowed, range, error, figures, counts, greeting: greetingFor(now) };
}

function greetingFor(now: Date): string {
  const hour = Number(new Intl.DateTimeFormat("en-IN", { hour: "numeric", hourCycle: "h23", timeZone: "Asia/Kolkata" }).format(now));
  return hour < 12 ? "Good morning" : hour < 17 ? "Good afternoon" : "Good evening";
}

export const meta: Route.MetaFunction = () => adminMeta("Dashboard");

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  return <DashboardScreen {...loaderData} />;
}
