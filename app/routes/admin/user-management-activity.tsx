import { ModuleUnavailable } from "~/components/admin/module-unavailable";
import { adminMeta } from "~/lib/admin-meta";
import { requirePagePermission } from "~/modules/staff/guard.server";
import type { Route } from "./+types/user-management-activity";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePagePermission(context.services, request, "user_management");
  return null;
}

export const meta: Route.MetaFunction = () => adminMeta("Activity");

export default function ActivityPage() {
  return <ModuleUnavailable title="Activity" what="The audit log of staff changes is being built." />;
}
