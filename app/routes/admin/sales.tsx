import { ModuleUnavailable } from "~/components/admin/module-unavailable";
import { adminMeta } from "~/lib/admin-meta";
import { requirePagePermission } from "~/modules/staff/guard.server";
import type { Route } from "./+types/sales";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePagePermission(context.services, request, "sales");
  return null;
}

export const meta: Route.MetaFunction = () => adminMeta("Orders");

export default function SalesPage() {
  return <ModuleUnavailable title="Orders" what="Orders appear here once checkout and the sales module are built." />;
}
