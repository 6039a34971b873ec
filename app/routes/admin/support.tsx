import { ModuleUnavailable } from "~/components/admin/module-unavailable";
import { adminMeta } from "~/lib/admin-meta";
import { requirePagePermission } from "~/modules/staff/guard.server";
import type { Route } from "./+types/support";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePagePermission(context.services, request, "support");
  return null;
}

export const meta: Route.MetaFunction = () => adminMeta("Support");

export default function SupportPage() {
  return <ModuleUnavailable title="Support" what="The support inbox (conversations with shoppers) comes with the support chat module." />;
}
