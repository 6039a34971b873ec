import { Plus, Trash2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useFetcher, useNavigation } from "react-router";
import { toast } from "sonner";
import { OperationForm, useOperationAction } from "~/components/admin/kit/operation-form";
import { AdminPage, PageHeader } from "~/components/admin/kit/page-header";
import { Panel } from "~/components/admin/kit/panel";
import { SortableList } from "~/components/admin/sortable-list";
import { useSchemaForm } from "~/components/admin/use-schema-form";
import { Button } from "~/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { FormMessage, TextField } from "~/components/ui/field";
import { moveItem } from "~/lib/move-item";
import { collectionFormValues, collectionInput, suggestSlug } from "~/modules/catalog/catalog";
import type { listCollectionsForAdmin } from "~/modules/catalog/catalog.server";
import { mediaUrl } from "~/modules/media/media";

// /admin/collections: the collections in storefront order (drag or arrow buttons; saved as you
// go), a new-collection form that leads to the editor, and delete behind a question.

/** The new-collection form: name, slug and visibility; the rest is set in the editor it leads to. Checked by the browser and by the action. */
export const createCollectionInput = collectionInput.pick({ name: true, slug: true, isActive: true });

type Row = Awaited<ReturnType<typeof listCollectionsForAdmin>>[number];

/** What the collections action answered (a new collection redirects to its editor instead). */
export type CollectionsAnswer = { ok: boolean; message?: string; error?: string; fieldErrors?: Record<string, string> } | undefined;

export type CollectionsData = { collections: Row[]; can: { create: boolean; edit: boolean; delete: boolean } };

export function CollectionsScreen({ loaderData, actionData }: { loaderData: CollectionsData; actionData: CollectionsAnswer }) {
  const [order, setOrder] = useState(loaderData.collections);
  const reorder = useFetcher<CollectionsAnswer>();
  const remove = useFetcher<CollectionsAnswer>();
  const [confirming, setConfirming] = useState<Row | null>(null);
  const reorderAction = useOperationAction("reorder");
  const deleteAction = useOperationAction("delete");

  // Moves in quick succession (arrow presses) are saved once, when they stop.
  const saveTimer = useRef<number | undefined>(undefined);
  const unsaved = useRef(false);
  useEffect(() => () => window.clearTimeout(saveTimer.current), []);

  // The server's list wins whenever it changes (after a save, a delete, or another tab's change),
  // unless staff have moved rows that are not sent yet.
  useEffect(() => {
    if (!unsaved.current) setOrder(loaderData.collections);
  }, [loaderData.collections]);
  useEffect(() => {
    const result = reorder.data;
    if (!result || reorder.state !== "idle") return;
    if (result.ok) toast.success(result.message);
    else {
      toast.error("error" in result && result.error ? result.error : "The order could not be saved.");
      setOrder(loaderData.collections);
    }
    // Only a finished submission should toast, not a later loader change.
  }, [reorder.data, reorder.state]);
  useEffect(() => {
    const result = remove.data;
    if (!result || remove.state !== "idle") return;
    if (result.ok) toast.success(result.message);
    else toast.error("error" in result && result.error ? result.error : "The collection could not be deleted.");
  }, [remove.data, remove.state]);

  const move = (from: number, to: number) => {
    const next = moveItem(order, from, to);
    setOrder(next);
    unsaved.current = true;
    window.clearTimeout(saveTimer.current);
    saveTimer.current = window.setTimeout(() => {
      unsaved.current = false;
      const body = new FormData();
      for (const c of next) body.append("ids", c.id);
      void reorder.submit(body, { method: "post", action: reorderAction });
    }, 600);
  };

  return (
    <AdminPage width="medium">
      <PageHeader title="Collections" description="Active collections appear on the home page in this order and at /collections/<slug>. Drag a row, or use its arrow buttons, to change the order." />

      {loaderData.can.create ? <CreateCollection actionData={actionData} /> : null}

      <div>
        <h2 className="text-lg font-semibold">All collections ({order.length})</h2>
        {order.length === 0 ? (
          <p className="mt-3 text-slate-600 dark:text-slate-300">No collections yet.</p>
        ) : (
          <div className="mt-3">
            <SortableList
              label="Collections in storefront order"
              items={order}
              getKey={(c) => c.id}
              getLabel={(c) => c.name}
              onMove={move}
              disabled={!loaderData.can.edit}
              renderItem={(c) => (
                <div className="flex items-center gap-3">
                  {c.heroImageUrl ? (
                    <img src={mediaUrl(c.heroImageUrl, { width: 80, height: 60, format: "webp" })} alt="" width={80} height={60} className="h-12 w-16 shrink-0 rounded object-cover" />
                  ) : (
                    <span className="flex h-12 w-16 shrink-0 items-center justify-center rounded bg-slate-100 text-xs text-slate-600 dark:bg-slate-800 dark:text-slate-300">No image</span>
                  )}
                  <div className="min-w-0 flex-1">
                    {loaderData.can.edit ? (
                      <Link to={`/admin/collections/${c.id}`} className="font-medium text-teal-800 underline-offset-2 hover:underline dark:text-teal-300">
                        {c.name}
                      </Link>
                    ) : (
                      <span className="font-medium">{c.name}</span>
                    )}
                    <p className="truncate text-sm text-slate-600 dark:text-slate-300">
                      {`/collections/${c.slug} · ${c.productCount} ${c.productCount === 1 ? "product" : "products"} · ${c.isActive ? "Active" : "Hidden"}`}
                    </p>
                  </div>
                  {loaderData.can.delete ? (
                    <Button size="sm" variant="ghost" aria-label={`Delete ${c.name}`} onClick={() => setConfirming(c)}>
                      <Trash2 aria-hidden className="size-4" />
                    </Button>
                  ) : null}
                </div>
              )}
            />
          </div>
        )}
      </div>

      <Dialog open={confirming !== null} onOpenChange={(open) => !open && setConfirming(null)}>
        <DialogContent className="max-w-md p-6 text-slate-900">
          <DialogTitle className="text-lg font-semibold">Delete {confirming?.name}?</DialogTitle>
          <DialogDescription className="mt-2 text-slate-700">
            The collection and its page go away. Its {confirming?.productCount ?? 0} products stay in the shop; they are only taken out of this collection.
          </DialogDescription>
          <remove.Form method="post" action={deleteAction} className="mt-6 flex justify-end gap-2" onSubmit={() => setConfirming(null)}>
            <input type="hidden" name="id" value={confirming?.id ?? ""} />
            <DialogClose asChild>
              <Button>Cancel</Button>
            </DialogClose>
            <Button type="submit" variant="danger">
              Delete collection
            </Button>
          </remove.Form>
        </DialogContent>
      </Dialog>
    </AdminPage>
  );
}

function CreateCollection({ actionData }: { actionData: CollectionsAnswer }) {
  const busy = useNavigation().state === "submitting";
  const [name, setName] = useState("");
  const [slug, setSlug] = useState("");
  const [slugEdited, setSlugEdited] = useState(false);
  // The server checks again with the same schema (and the slug against the database).
  const { errors, onSubmit } = useSchemaForm(createCollectionInput, actionData && !actionData.ok ? actionData.fieldErrors : undefined, collectionFormValues);
  return (
    <Panel title="New collection">
      <OperationForm op="create" noValidate onSubmit={onSubmit}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Name"
            name="name"
            value={name}
            error={errors.name}
            onChange={(e) => {
              setName(e.target.value);
              if (!slugEdited) setSlug(suggestSlug(e.target.value));
            }}
          />
          <TextField
            label="Slug"
            name="slug"
            value={slug}
            error={errors.slug}
            hint="Lowercase letters, digits and dashes; the page is /collections/<slug>."
            onChange={(e) => {
              setSlugEdited(true);
              setSlug(e.target.value);
            }}
          />
        </div>
        <label className="mt-4 inline-flex items-center gap-2 text-sm">
          <input type="checkbox" name="isActive" defaultChecked className="size-4" />
          Active (shown on the storefront)
        </label>
        {actionData && !actionData.ok && "error" in actionData && actionData.error ? (
          <div className="mt-3">
            <FormMessage error={actionData.error} />
          </div>
        ) : null}
        <div className="mt-4">
          <Button type="submit" variant="primary" disabled={busy}>
            <Plus aria-hidden className="size-4" />
            Create collection
          </Button>
        </div>
      </OperationForm>
    </Panel>
  );
}
