import { ModuleUnavailable } from "~/components/admin/module-unavailable";
import { adminMeta } from "~/lib/admin-meta";
import { requirePagePermission } from "~/modules/staff/guard.server";
import type { Route } from "./+types/collections";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePagePermission(context.services, request, "collections");
  return null;
}

export const meta: Route.MetaFunction = () => adminMeta("Collections");

export default function CollectionsPage() {
  return <ModuleUnavailable title="Collections" what="Creating, ordering and publishing collections comes with the catalogue management module." />;
}
