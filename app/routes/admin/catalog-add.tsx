import { data, Link, redirect } from "react-router";
import { ProductEditor } from "~/components/admin/product-editor/product-editor";
import { adminMeta } from "~/lib/admin-meta";
import { fieldErrors } from "~/lib/form-errors";
import { productFilterOptions, saveProductAsStaff } from "~/modules/catalog/catalog.server";
import { EMPTY_PRODUCT, productFormValues, productInput } from "~/modules/catalog/catalog";
import { getSetting } from "~/modules/settings/settings.server";
import { requireActionPermission, requirePagePermission } from "~/modules/staff/staff.server";
import type { Route } from "./+types/catalog-add";
import { AdminPage, PageHeader } from "~/components/admin/kit/page-header";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePagePermission(context.services, request, "catalog", "create");
  const [{ collections }, gst] = await Promise.all([productFilterOptions(context.services.db), getSetting(context.services.db, "gst_settings")]);
  return { collections, shopGstPercent: gst.percentage };
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireActionPermission(context.services, request, "catalog", "create");
  const parsed = productInput.safeParse(productFormValues(await request.formData()));
  if (!parsed.success) return data({ fieldErrors: fieldErrors(parsed.error), error: null }, { status: 400 });
  const result = await saveProductAsStaff(context.services, { id: staff.user.id, email: staff.user.email }, parsed.data, {});
  if (result.ok) return redirect(`/admin/catalog/edit/${result.id}?saved=created`);
  return result.status === 400 ? data({ fieldErrors: result.fieldErrors ?? {}, error: null }, { status: 400 }) : data({ fieldErrors: {}, error: result.error }, { status: result.status });
}

export const meta: Route.MetaFunction = () => adminMeta("Add Product");

export default function CatalogAddPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AdminPage>
      <Link to="/admin/catalog" className="text-sm text-teal-800 underline dark:text-teal-300">Back to Products</Link>
      <PageHeader title="Add product" />
      <ProductEditor initial={EMPTY_PRODUCT} collections={loaderData.collections} shopGstPercent={loaderData.shopGstPercent} serverErrors={actionData?.fieldErrors} serverError={actionData?.error} submitLabel="Create product" />
      <p className="mt-6 rounded-xl border border-dashed border-slate-300 p-5 text-sm text-slate-700 dark:border-slate-700 dark:text-slate-300">Images can be added once the product is created.</p>
    </AdminPage>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";
