import { ModuleUnavailable } from "~/components/admin/module-unavailable";
import { adminMeta } from "~/lib/admin-meta";
import { requirePagePermission } from "~/modules/staff/staff.server";
import type { Route } from "./+types/customers";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePagePermission(context.services, request, "customers");
  return null;
}

export const meta: Route.MetaFunction = () => adminMeta("Customers");

export default function CustomersPage() {
  return <ModuleUnavailable title="Customers" what="Customer accounts and their orders come with the customers module." />;
}
