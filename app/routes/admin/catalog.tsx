import { ModuleUnavailable } from "~/components/admin/module-unavailable";
import { adminMeta } from "~/lib/admin-meta";
import { requirePagePermission } from "~/modules/staff/guard.server";
import type { Route } from "./+types/catalog";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePagePermission(context.services, request, "catalog");
  return null;
}

export const meta: Route.MetaFunction = () => adminMeta("Products");

export default function CatalogPage() {
  return <ModuleUnavailable title="Products" what="Listing, filtering and bulk-editing products comes with the catalogue management module." />;
}
