import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { toast } from "sonner";
import { AdminPage, PageHeader } from "~/components/admin/kit/page-header";
import { OperationForm, useOperationAction } from "~/components/admin/kit/operation-form";
import { Panel } from "~/components/admin/kit/panel";
import { MediaPanel, type PanelImage } from "~/components/admin/product-editor/media-panel";
import { ProductEditor } from "~/components/admin/product-editor/product-editor";
import { Button } from "~/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import type { EditorValues } from "~/modules/catalog/catalog";

// /admin/catalog/edit/:id: a product's editor, its images, and (for those allowed) its deletion.

export type ProductEditData = {
  id: string;
  initial: EditorValues;
  collections: { id: string; name: string }[];
  images: PanelImage[];
  variants: { id: string; title: string }[];
  canDelete: boolean;
  /** The shop's default GST rate, shown beside "Shop default" in the rate select. */
  shopGstPercent: number;
};

/** What a save answered: saved, or the field messages and a message for the whole form. */
export type ProductEditAnswer = { fieldErrors: Record<string, string>; error: string | null; saved: boolean } | undefined;

export function ProductEditScreen({ loaderData, actionData }: { loaderData: ProductEditData; actionData: ProductEditAnswer }) {
  const { id, initial, collections, images, variants, canDelete, shopGstPercent } = loaderData;
  const [params, setParams] = useSearchParams();
  const saveAction = useOperationAction("save");
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
        action={saveAction}
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
    <Panel title="Delete this product" description="Its variants and images go too; orders keep their own copy of what was bought." className="mt-8">
      <Button variant="danger" onClick={() => setOpen(true)}>Delete product</Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-w-md p-6 text-slate-900" closeLabel="Cancel">
          <DialogTitle className="text-lg font-semibold">Delete {title}?</DialogTitle>
          <DialogDescription className="mt-2 text-sm text-slate-700">This cannot be undone.</DialogDescription>
          <OperationForm op="delete" className="mt-6 flex justify-end gap-2">
            <DialogClose asChild>
              <Button>Cancel</Button>
            </DialogClose>
            <Button type="submit" variant="danger">Delete product</Button>
          </OperationForm>
        </DialogContent>
      </Dialog>
    </Panel>
  );
}
