import { useEffect, useState } from "react";
import { data, Form, Link, redirect, useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import { toast } from "sonner";
import { MediaPanel } from "~/components/admin/product-editor/media-panel";
import { ProductEditor } from "~/components/admin/product-editor/product-editor";
import { Button } from "~/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { adminMeta } from "~/lib/admin-meta";
import { fieldErrors } from "~/lib/form-errors";
import { deleteProducts, editorValues, loadProductForEditor, productFilterOptions, saveProductAsStaff } from "~/modules/catalog/catalog.server";
import { productFormValues, productInput } from "~/modules/catalog/catalog";
import { mediaUrl } from "~/modules/media/media";
import { getSetting } from "~/modules/settings/settings.server";
import { requireActionPermission, requirePagePermission, requireUuid } from "~/modules/staff/staff.server";
import { can } from "~/modules/staff/staff";
import type { Route } from "./+types/catalog-edit";
import { AdminPage, PageHeader } from "~/components/admin/kit/page-header";
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

export async function action({ request, context, params }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "save");
  const staff = await requireActionPermission(context.services, request, "catalog", intent === "delete" ? "delete" : "edit");
  const id = requireUuid(params.id, "product id");
  const actor = { id: staff.user.id, email: staff.user.email };
  if (intent === "delete") {
    await deleteProducts(context.services, actor, [id]);
    return redirect("/admin/catalog");
  }
  if (intent !== "save") return data({ fieldErrors: {}, error: "Unknown action.", saved: false }, { status: 400 });
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
  const { id, initial, collections, images, variants, canDelete, shopGstPercent } = loaderData;
  const [params, setParams] = useSearchParams();
  useEffect(() => {
    if (params.get("saved") === "created") {
      toast.success("Product created.");
      setParams({}, { replace: true, preventScrollReset: true });
    }
  }, [params, setParams]);
  useEffect(() => {
    if (actionData?.saved) toast.success("Product saved.");
  }, [actionData]);
  return (
    <AdminPage>
      <Link to="/admin/catalog" className="text-sm text-teal-800 underline dark:text-teal-300">Back to Products</Link>
      <PageHeader
        title={`Edit ${initial.title}`}
        actions={
          initial.status === "active" ? (
            <a href={`/product/${initial.slug}`} target="_blank" rel="noreferrer" className="text-sm text-teal-800 underline dark:text-teal-300">
              View on the storefront
            </a>
          ) : null
        }
      />
      {/* A new version (this save or another's) starts the form afresh from what is stored. */}
      <ProductEditor
        key={initial.version}
        initial={initial}
        collections={collections}
        shopGstPercent={shopGstPercent}
        serverErrors={actionData?.saved ? undefined : actionData?.fieldErrors}
        serverError={actionData?.saved ? null : actionData?.error}
        submitLabel="Save product"
      />
      <div className="mt-8">
        <MediaPanel productId={id} images={images} variants={variants} canDelete={canDelete} />
      </div>
      {canDelete ? <DeleteProduct title={initial.title} /> : null}
    </AdminPage>
  );
}

function DeleteProduct({ title }: { title: string }) {
  const [open, setOpen] = useState(false);
  return (
    <section aria-labelledby="danger-title" className="mt-8 rounded-xl border border-red-200 bg-white p-5 dark:border-red-900 dark:bg-slate-900">
      <h2 id="danger-title" className="text-lg font-semibold">Delete this product</h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">Its variants and images go too; orders keep their own copy of what was bought.</p>
      <Button variant="danger" className="mt-3" onClick={() => setOpen(true)}>Delete product</Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-w-md p-6 text-slate-900" closeLabel="Cancel">
          <DialogTitle className="text-lg font-semibold">Delete {title}?</DialogTitle>
          <DialogDescription className="mt-2 text-sm text-slate-700">This cannot be undone.</DialogDescription>
          <Form method="post" className="mt-6 flex justify-end gap-2">
            <DialogClose asChild>
              <Button>Cancel</Button>
            </DialogClose>
            <Button type="submit" name="intent" value="delete" variant="danger">Delete product</Button>
          </Form>
        </DialogContent>
      </Dialog>
    </section>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";
