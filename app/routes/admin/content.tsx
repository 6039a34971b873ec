import { NavLink, Outlet } from "react-router";
import { adminMeta } from "~/lib/admin-meta";
import { cn } from "~/lib/cn";
import { requirePagePermission } from "~/modules/staff/staff.server";
import type { Route } from "./+types/content";
import { AdminPage, PageHeader } from "~/components/admin/kit/page-header";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePagePermission(context.services, request, "content");
  return null;
}

export const meta: Route.MetaFunction = () => adminMeta("Content");

const TABS = [
  { to: "/admin/content/menu", label: "Header menu" },
  { to: "/admin/content/pages", label: "Pages" },
  { to: "/admin/content/faq", label: "FAQ and warranty" },
];

export default function ContentLayout() {
  return (
    <AdminPage>
      <PageHeader title="Content" />
      <nav aria-label="Content sections" className="border-b border-slate-200 dark:border-slate-800">
        <ul className="-mb-px flex flex-wrap gap-1">
          {TABS.map((tab) => (
            <li key={tab.to}>
              <NavLink
                to={tab.to}
                className={({ isActive }) =>
                  cn(
                    "inline-block rounded-t-md border-b-2 px-4 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-teal-600",
                    isActive ? "border-teal-700 text-teal-900 dark:border-teal-400 dark:text-teal-200" : "border-transparent text-slate-700 hover:border-slate-300 dark:text-slate-300",
                  )
                }
              >
                {tab.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div>
        <Outlet />
      </div>
    </AdminPage>
  );
}
