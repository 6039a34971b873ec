import { ModuleUnavailable } from "~/components/admin/module-unavailable";
import { adminMeta } from "~/lib/admin-meta";
import { requirePagePermission } from "~/modules/staff/guard.server";
import type { Route } from "./+types/catalog-add";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePagePermission(context.services, request, "catalog", "create");
  return null;
}

export const meta: Route.MetaFunction = () => adminMeta("Add Product");

export default function CatalogAddPage() {
  return <ModuleUnavailable title="Add Product" what="Creating products (variants, media, prices) comes with the catalogue management module." />;
}
