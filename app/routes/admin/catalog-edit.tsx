import { data, Link } from "react-router";
import { ModuleUnavailable } from "~/components/admin/module-unavailable";
import { adminMeta } from "~/lib/admin-meta";
import { productSummary } from "~/modules/catalog/admin-search.server";
import { requirePagePermission, requireUuid } from "~/modules/staff/guard.server";
import type { Route } from "./+types/catalog-edit";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requirePagePermission(context.services, request, "catalog", "edit");
  const id = requireUuid(params.id, "product id");
  const product = await productSummary(context.services.db, id);
  if (!product) throw data({ error: "No product with that id." }, { status: 404 });
  return { product };
}

export const meta: Route.MetaFunction = ({ data }) => adminMeta(data ? `Edit ${data.product.title}` : "Edit product");

export default function CatalogEditPage({ loaderData }: Route.ComponentProps) {
  const { product } = loaderData;
  return (
    <ModuleUnavailable title="Edit Product" what="Editing products comes with the catalogue management module.">
      <p className="mt-4 text-slate-700 dark:text-slate-200">
        Product: <strong>{product.title}</strong> ({product.status})
      </p>
      <Link to="/admin/catalog" className="mt-4 inline-block text-teal-700 underline dark:text-teal-400">
        Back to Products
      </Link>
    </ModuleUnavailable>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";
