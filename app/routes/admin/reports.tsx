import { ModuleUnavailable } from "~/components/admin/module-unavailable";
import { adminMeta } from "~/lib/admin-meta";
import { requirePagePermission } from "~/modules/staff/staff.server";
import type { Route } from "./+types/reports";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePagePermission(context.services, request, "reports");
  return null;
}

export const meta: Route.MetaFunction = () => adminMeta("Reports");

export default function ReportsPage() {
  return <ModuleUnavailable title="Reports" what="Sales and traffic reports come with the reports module." />;
}
