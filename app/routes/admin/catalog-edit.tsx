import { data, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { ProductEditScreen } from "~/components/admin/catalog/product-edit-screen";
import { adminMeta } from "~/lib/admin-meta";
import { fieldErrors } from "~/lib/form-errors";
import { deleteProducts, editorValues, loadProductForEditor, productFilterOptions, saveProductAsStaff } from "~/modules/catalog/catalog.server";
import { productFormValues, productInput } from "~/modules/catalog/catalog";
import { mediaUrl } from "~/modules/media/media";
import { getSetting } from "~/modules/settings/settings.server";
import { requireOperation, requirePagePermission, requireUuid } from "~/modules/staff/staff.server";
import { can } from "~/modules/staff/staff";
import type { Route } from "./+types/catalog-edit";
import { versionField } from "~/lib/version-field";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = await requirePagePermission(context.services, request, "catalog", "edit");
  const id = requireUuid(params.id, "product id");
  const [loaded, { collections }, gst] = await Promise.all([
    loadProductForEditor(context.services.db, id),
    productFilterOptions(context.services.db),
    getSetting(context.services.db, "gst_settings"),
  ]);
  if (!loaded) throw data({ error: "No product with that id." }, { status: 404 });
  return {
    id,
    initial: editorValues(loaded),
    collections,
    images: loaded.media.map((m) => ({ id: m.id, src: mediaUrl(m.fileUrl, { width: 192, height: 192, format: "webp", quality: 80 }), alt: m.alt, variantId: m.variantId, isPrimary: m.isPrimary })),
    variants: loaded.variants.map((v) => ({ id: v.id, title: v.title })),
    canDelete: can(staff.roles, "catalog", "delete"),
    shopGstPercent: gst.percentage,
  };
}

// Each form posts to ?do=<operation>; the permission it needs is checked before the body is read.
const OPERATIONS = { save: "edit", delete: "delete" } as const;

export async function action({ request, context, params }: Route.ActionArgs) {
  // 401 without a session, 403 without the right, 400 for an unknown operation: all before the body.
  const { op, actor } = await requireOperation(context.services, request, "catalog", OPERATIONS);
  const id = requireUuid(params.id, "product id");
  if (op === "delete") {
    await deleteProducts(context.services, actor, [id]);
    return redirect("/admin/catalog");
  }
  const form = await request.formData();
  const version = versionField.safeParse(form.get("version"));
  const parsed = productInput.safeParse(productFormValues(form));
  if (!parsed.success || !version.success) {
    const errors = parsed.success ? {} : fieldErrors(parsed.error);
    return data({ fieldErrors: errors, error: version.success ? null : version.error.issues[0]!.message, saved: false }, { status: 400 });
  }
  const result = await saveProductAsStaff(context.services, actor, parsed.data, { id, expectedVersion: version.data });
  if (result.ok) return { fieldErrors: {}, error: null, saved: true };
  return result.status === 400 ? data({ fieldErrors: result.fieldErrors ?? {}, error: null, saved: false }, { status: 400 }) : data({ fieldErrors: {}, error: result.error, saved: false }, { status: result.status });
}

// A refused save keeps what the user typed on screen: reloading the form now would replace it.
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (actionStatus === 400 || actionStatus === 409) return false;
  return defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ data }) => adminMeta(data ? `Edit ${data.initial.title}` : "Edit product");

export default function CatalogEditPage({ loaderData, actionData }: Route.ComponentProps) {
  return <ProductEditScreen loaderData={loaderData} actionData={actionData} />;
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";
