import { ModuleUnavailable } from "~/components/admin/module-unavailable";
import { adminMeta } from "~/lib/admin-meta";
import { requirePagePermission } from "~/modules/staff/guard.server";
import type { Route } from "./+types/user-management";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePagePermission(context.services, request, "user_management");
  return null;
}

export const meta: Route.MetaFunction = () => adminMeta("User Management");

export default function UserManagementPage() {
  return <ModuleUnavailable title="User Management" what="Inviting staff and changing their roles is being built." />;
}
