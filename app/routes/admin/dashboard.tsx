import { PageTitle } from "~/components/admin/module-unavailable";
import { adminMeta } from "~/lib/admin-meta";
import { catalogCounts } from "~/modules/catalog/catalog.server";
import { requireStaffPage } from "~/modules/staff/staff.server";
import { can } from "~/modules/staff/staff";
import { countOpenConversations } from "~/modules/support/support.server";
import type { Route } from "./+types/dashboard";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.services;
  // Everyone signed in lands here (the guard's fallback), so a user without dashboard access gets
  // an explanation instead of a redirect loop.
  const staff = await requireStaffPage(context.services, request);
  const allowed = can(staff.roles, "dashboard", "view");
  const counts: { label: string; value: number }[] = [];
  if (allowed) {
    const [catalog, openConversations] = await Promise.all([
      can(staff.roles, "catalog", "view") || can(staff.roles, "collections", "view") ? catalogCounts(db) : null,
      can(staff.roles, "support", "view") ? countOpenConversations(db) : null,
    ]);
    if (catalog && can(staff.roles, "catalog", "view")) {
      counts.push({ label: "Products", value: catalog.products }, { label: "Active products", value: catalog.activeProducts });
    }
    if (catalog && can(staff.roles, "collections", "view")) counts.push({ label: "Collections", value: catalog.collections });
    if (openConversations !== null) counts.push({ label: "Open support conversations", value: openConversations });
  }
  return { name: staff.user.name || staff.user.email, allowed, counts, greeting: greetingFor(new Date()) };
}

function greetingFor(now: Date): string {
  const hour = Number(new Intl.DateTimeFormat("en-IN", { hour: "numeric", hourCycle: "h23", timeZone: "Asia/Kolkata" }).format(now));
  return hour < 12 ? "Good morning" : hour < 17 ? "Good afternoon" : "Good evening";
}

export const meta: Route.MetaFunction = () => adminMeta("Dashboard");

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { name, allowed, counts, greeting } = loaderData;
  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-5xl">
      <PageTitle>Dashboard</PageTitle>
      <p className="mt-2 text-lg text-slate-700 dark:text-slate-200">
        {greeting}, {name}.
      </p>
      {allowed ? (
        <dl className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {counts.map((c) => (
            <div key={c.label} className="rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
              <dt className="text-sm text-slate-600 dark:text-slate-300">{c.label}</dt>
              <dd className="mt-2 text-3xl font-semibold">{c.value.toLocaleString("en-IN")}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="mt-8 rounded-xl border border-amber-300 bg-amber-50 p-5 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
          Your account has no roles yet, so there is nothing to show. Ask a super admin to assign you a role.
        </p>
      )}
    </section>
  );
}
