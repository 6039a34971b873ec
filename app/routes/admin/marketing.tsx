import { ModuleUnavailable } from "~/components/admin/module-unavailable";
import { adminMeta } from "~/lib/admin-meta";
import { requirePagePermission } from "~/modules/staff/guard.server";
import type { Route } from "./+types/marketing";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePagePermission(context.services, request, "marketing");
  return null;
}

export const meta: Route.MetaFunction = () => adminMeta("Marketing");

export default function MarketingPage() {
  return <ModuleUnavailable title="Marketing" what="Popups and newsletter subscribers come with the marketing module." />;
}
