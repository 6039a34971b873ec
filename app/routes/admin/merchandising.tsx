import { ModuleUnavailable } from "~/components/admin/module-unavailable";
import { adminMeta } from "~/lib/admin-meta";
import { requirePagePermission } from "~/modules/staff/guard.server";
import type { Route } from "./+types/merchandising";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePagePermission(context.services, request, "merchandising");
  return null;
}

export const meta: Route.MetaFunction = () => adminMeta("Merchandising");

export default function MerchandisingPage() {
  return <ModuleUnavailable title="Merchandising" what="Arranging best sellers and home page sections comes with the merchandising module." />;
}
