import { useEffect, useRef, useState } from "react";
import { data, Form, Link, useNavigation, useSearchParams, useSubmit } from "react-router";
import { toast } from "sonner";
import { z } from "zod";
import { Button, buttonClass } from "~/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { controlClass, FormMessage } from "~/components/ui/field";
import { adminMeta } from "~/lib/admin-meta";
import { formatPaise } from "~/lib/money";
import { mediaUrl } from "~/modules/media/media";
import { bulkUpdateProducts, deleteProducts, listProductsForAdmin, productFilterOptions } from "~/modules/catalog/catalog.server";
import { PRODUCT_SORTS } from "~/modules/catalog/catalog";
import { can } from "~/modules/staff/staff";
import { requireActionPermission, requirePagePermission } from "~/modules/staff/staff.server";
import type { Route } from "./+types/catalog";
import { AdminPage, PageHeader } from "~/components/admin/kit/page-header";

const STATUSES = ["draft", "active", "archived"] as const;
const SORT_LABELS: Record<(typeof PRODUCT_SORTS)[number], string> = {
  updated: "Recently updated",
  title: "Title A–Z",
  "title-desc": "Title Z–A",
  created: "Newest first",
  "sort-order": "Sort order",
};

// The list's URL: anything unknown falls back to "no filter" rather than an error page.
const listQuery = z.object({
  q: z.string().trim().max(100).optional().catch(undefined),
  status: z.enum(STATUSES).optional().catch(undefined),
  tag: z.string().trim().toLowerCase().max(40).optional().catch(undefined),
  collection: z.string().uuid().optional().catch(undefined),
  best: z.enum(["yes", "no"]).optional().catch(undefined),
  sort: z.enum(PRODUCT_SORTS).catch("updated"),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requirePagePermission(context.services, request, "catalog");
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const query = listQuery.parse(Object.fromEntries(Object.entries(params).filter(([, v]) => v !== "")));
  const [list, filters] = await Promise.all([
    listProductsForAdmin(context.services.db, {
      q: query.q,
      status: query.status,
      tag: query.tag,
      collectionId: query.collection,
      bestSeller: query.best === undefined ? undefined : query.best === "yes",
      sort: query.sort,
      page: query.page,
    }),
    productFilterOptions(context.services.db),
  ]);
  return {
    query,
    filters,
    total: list.total,
    page: list.page,
    pageCount: list.pageCount,
    rows: list.rows.map((r) => ({ ...r, updatedAt: r.updatedAt.toISOString(), image: r.image ? mediaUrl(r.image, { width: 80, height: 80, format: "webp", quality: 80 }) : null })),
    may: { create: can(staff.roles, "catalog", "create"), edit: can(staff.roles, "catalog", "edit"), delete: can(staff.roles, "catalog", "delete") },
  };
}

// One schema for the bulk form; the permission asked for depends on the chosen action.
const bulkForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("status"), ids: z.array(z.string().uuid("Invalid product id.")).min(1, "Select at least one product."), status: z.enum(STATUSES, { message: "Choose a status." }) }),
  z.object({ intent: z.literal("add-tag"), ids: z.array(z.string().uuid("Invalid product id.")).min(1, "Select at least one product."), tag: z.string().trim().toLowerCase().min(1, "Enter a tag.").max(40).regex(/^[a-z0-9-]+$/, "Tags use lowercase letters, digits and dashes.") }),
  z.object({ intent: z.literal("remove-tag"), ids: z.array(z.string().uuid("Invalid product id.")).min(1, "Select at least one product."), tag: z.string().trim().toLowerCase().min(1, "Enter a tag.").max(40) }),
  z.object({ intent: z.literal("delete"), ids: z.array(z.string().uuid("Invalid product id.")).min(1, "Select at least one product.") }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const staff = await requireActionPermission(context.services, request, "catalog", intent === "delete" ? "delete" : "edit");
  const parsed = bulkForm.safeParse({ intent, ids: form.getAll("ids"), status: form.get("status") ?? undefined, tag: form.get("tag") ?? undefined });
  if (!parsed.success) return data({ ok: false as const, error: parsed.error.issues[0]!.message }, { status: 400 });
  const actor = { id: staff.user.id, email: staff.user.email };
  const input = parsed.data;
  const n = input.ids.length;
  const products = (count: number) => `${count} product${count === 1 ? "" : "s"}`;
  switch (input.intent) {
    case "delete": {
      const { deleted } = await deleteProducts(context.services, actor, input.ids);
      return { ok: true as const, message: `Deleted ${products(deleted)}.` };
    }
    case "status":
      await bulkUpdateProducts(context.services, actor, input.ids, { kind: "status", status: input.status });
      return { ok: true as const, message: `Set ${products(n)} to ${input.status}.` };
    default:
      await bulkUpdateProducts(context.services, actor, input.ids, { kind: input.intent, tag: input.tag });
      return { ok: true as const, message: `${input.intent === "add-tag" ? "Added" : "Removed"} tag ${input.tag} ${input.intent === "add-tag" ? "to" : "from"} ${products(n)}.` };
  }
}

export const meta: Route.MetaFunction = () => adminMeta("Products");

const STATUS_STYLE: Record<(typeof STATUSES)[number], string> = {
  active: "bg-teal-100 text-teal-900 dark:bg-teal-900 dark:text-teal-50",
  draft: "bg-slate-200 text-slate-900 dark:bg-slate-700 dark:text-slate-50",
  archived: "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-50",
};

function priceRange(min: number | null, max: number | null) {
  if (min === null || max === null) return "—";
  return min === max ? formatPaise(min) : `${formatPaise(min)} – ${formatPaise(max)}`;
}

export default function CatalogPage({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, query, filters, total, page, pageCount, may } = loaderData;
  const [params] = useSearchParams();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [bulk, setBulk] = useState("status");
  const [confirmOpen, setConfirmOpen] = useState(false);
  const bulkRef = useRef<HTMLFormElement>(null);
  const submit = useSubmit();
  const busy = useNavigation().state === "submitting";

  useEffect(() => {
    if (!actionData) return;
    if (actionData.ok) {
      toast.success(actionData.message);
      setSelected(new Set());
    } else toast.error(actionData.error);
  }, [actionData]);
  // A new page or filter starts with nothing selected.
  useEffect(() => setSelected(new Set()), [rows]);

  const pageHref = (n: number) => {
    const next = new URLSearchParams(params);
    next.set("page", String(n));
    return `?${next.toString()}`;
  };
  const allChecked = rows.length > 0 && rows.every((r) => selected.has(r.id));
  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const count = selected.size;

  return (
    <AdminPage width="full">
      <PageHeader
        title="Products"
        actions={
          <>
            {may.create ? (
              <Link to="/admin/catalog/import" className={buttonClass("secondary")}>
                Import CSV
              </Link>
            ) : null}
            <Link to="/admin/catalog/export" className={buttonClass("secondary")} reloadDocument>
              Export CSV
            </Link>
            {may.create ? (
              <Link to="/admin/catalog/add" className={buttonClass("primary")}>
                Add product
              </Link>
            ) : null}
          </>
        }
      />

      <Form method="get" role="search" aria-label="Filter products" className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-7 dark:border-slate-800 dark:bg-slate-900">
        <div className="lg:col-span-2">
          <label htmlFor="filter-q" className="block text-sm font-medium">Search title or SKU</label>
          <input id="filter-q" name="q" type="search" defaultValue={query.q ?? ""} className={controlClass} />
        </div>
        <div>
          <label htmlFor="filter-status" className="block text-sm font-medium">Status</label>
          <select id="filter-status" name="status" defaultValue={query.status ?? ""} className={controlClass}>
            <option value="">Any</option>
            {STATUSES.map((s) => <option key={s} value={s}>{s[0]!.toUpperCase() + s.slice(1)}</option>)}
          </select>
        </div>
        <div>
          <label htmlFor="filter-tag" className="block text-sm font-medium">Tag</label>
          <select id="filter-tag" name="tag" defaultValue={query.tag ?? ""} className={controlClass}>
            <option value="">Any</option>
            {filters.tags.map((t) => <option key={t} value={t}>{t}</option>)}
          </select>
        </div>
        <div>
          <label htmlFor="filter-collection" className="block text-sm font-medium">Collection</label>
          <select id="filter-collection" name="collection" defaultValue={query.collection ?? ""} className={controlClass}>
            <option value="">Any</option>
            {filters.collections.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
          </select>
        </div>
        <div>
          <label htmlFor="filter-best" className="block text-sm font-medium">Best seller</label>
          <select id="filter-best" name="best" defaultValue={query.best ?? ""} className={controlClass}>
            <option value="">Any</option>
            <option value="yes">Best sellers</option>
            <option value="no">Not best sellers</option>
          </select>
        </div>
        <div>
          <label htmlFor="filter-sort" className="block text-sm font-medium">Sort</label>
          <select id="filter-sort" name="sort" defaultValue={query.sort} className={controlClass}>
            {PRODUCT_SORTS.map((s) => <option key={s} value={s}>{SORT_LABELS[s]}</option>)}
          </select>
        </div>
        <div className="flex items-end gap-2 lg:col-span-7">
          <Button type="submit" variant="primary">Apply</Button>
          <Link to="/admin/catalog" className={buttonClass("ghost")}>Clear</Link>
          <p className="ml-auto text-sm text-slate-700 dark:text-slate-300" aria-live="polite">
            {total} product{total === 1 ? "" : "s"}
          </p>
        </div>
      </Form>

      {actionData && !actionData.ok ? <div className="mt-4"><FormMessage error={actionData.error} /></div> : null}

      <Form
        method="post"
        ref={bulkRef}
        className="mt-4"
        onSubmit={(e) => {
          // Deleting asks first, naming how many products go.
          if (bulk === "delete" && !confirmOpen) {
            e.preventDefault();
            setConfirmOpen(true);
          }
        }}
      >
        {may.edit || may.delete ? (
          <fieldset className="flex flex-wrap items-end gap-2 rounded-xl border border-slate-200 bg-white p-3 dark:border-slate-800 dark:bg-slate-900" disabled={busy}>
            <legend className="sr-only">Bulk actions</legend>
            <span className="self-center text-sm font-medium" aria-live="polite">{count} selected</span>
            <div>
              <label htmlFor="bulk-intent" className="block text-sm font-medium">Action</label>
              <select id="bulk-intent" name="intent" value={bulk} onChange={(e) => setBulk(e.target.value)} className={controlClass}>
                {may.edit ? (
                  <>
                    <option value="status">Set status</option>
                    <option value="add-tag">Add tag</option>
                    <option value="remove-tag">Remove tag</option>
                  </>
                ) : null}
                {may.delete ? <option value="delete">Delete</option> : null}
              </select>
            </div>
            {bulk === "status" ? (
              <div>
                <label htmlFor="bulk-status" className="block text-sm font-medium">New status</label>
                <select id="bulk-status" name="status" className={controlClass}>
                  {STATUSES.map((s) => <option key={s} value={s}>{s}</option>)}
                </select>
              </div>
            ) : null}
            {bulk === "add-tag" || bulk === "remove-tag" ? (
              <div>
                <label htmlFor="bulk-tag" className="block text-sm font-medium">Tag</label>
                <input id="bulk-tag" name="tag" list="known-tags" required className={controlClass} />
                <datalist id="known-tags">
                  {["flash-sale", "new-arrival", "top-sale", ...filters.tags].filter((t, i, a) => a.indexOf(t) === i).map((t) => <option key={t} value={t} />)}
                </datalist>
              </div>
            ) : null}
            <Button type="submit" variant={bulk === "delete" ? "danger" : "primary"} disabled={count === 0}>
              Apply to selected
            </Button>
          </fieldset>
        ) : null}

        <div className="mt-4 overflow-x-auto rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Products, page {page} of {pageCount}</caption>
            <thead className="border-b border-slate-200 dark:border-slate-800">
              <tr>
                <th scope="col" className="w-10 px-3 py-3">
                  <input
                    type="checkbox"
                    aria-label="Select all products on this page"
                    checked={allChecked}
                    onChange={() => setSelected(allChecked ? new Set() : new Set(rows.map((r) => r.id)))}
                    className="size-4"
                  />
                </th>
                <th scope="col" className="px-3 py-3"><span className="sr-only">Image</span></th>
                <th scope="col" className="px-3 py-3">Title</th>
                <th scope="col" className="px-3 py-3">Status</th>
                <th scope="col" className="px-3 py-3">SKU</th>
                <th scope="col" className="px-3 py-3">Price</th>
                <th scope="col" className="px-3 py-3">Stock</th>
                <th scope="col" className="px-3 py-3">Tags</th>
              </tr>
            </thead>
            <tbody>
              {rows.length === 0 ? (
                <tr>
                  <td colSpan={8} className="px-3 py-8 text-center text-slate-700 dark:text-slate-300">No products match these filters.</td>
                </tr>
              ) : null}
              {rows.map((r) => (
                <tr key={r.id} className="border-b border-slate-100 last:border-0 dark:border-slate-800">
                  <td className="px-3 py-2">
                    <input type="checkbox" name="ids" value={r.id} checked={selected.has(r.id)} onChange={() => toggle(r.id)} aria-label={`Select ${r.title}`} className="size-4" />
                  </td>
                  <td className="px-3 py-2">
                    {r.image ? <img src={r.image} alt="" width={40} height={40} className="size-10 rounded object-cover" /> : <span className="block size-10 rounded bg-slate-100 dark:bg-slate-800" />}
                  </td>
                  <th scope="row" className="px-3 py-2 font-medium">
                    {may.edit ? (
                      <Link to={`/admin/catalog/edit/${r.id}`} className="text-teal-800 underline-offset-2 hover:underline dark:text-teal-300">{r.title}</Link>
                    ) : (
                      r.title
                    )}
                    {r.isBestSeller ? <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-800 dark:bg-slate-800 dark:text-slate-100">Best seller</span> : null}
                  </th>
                  <td className="px-3 py-2"><span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_STYLE[r.status]}`}>{r.status}</span></td>
                  <td className="px-3 py-2 font-mono text-xs">{r.sku ?? "—"}{r.variantCount > 1 ? <span className="ml-1 font-sans text-slate-700 dark:text-slate-300">(+{r.variantCount - 1})</span> : null}</td>
                  <td className="px-3 py-2 whitespace-nowrap">{priceRange(r.minPricePaise, r.maxPricePaise)}</td>
                  <td className="px-3 py-2">{r.stock}</td>
                  <td className="px-3 py-2">{r.tags.join(", ")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Form>

      <nav aria-label="Pages" className="mt-4 flex items-center justify-between text-sm">
        {page > 1 ? <Link to={pageHref(page - 1)} className={buttonClass("secondary", "sm")} rel="prev">Previous</Link> : <span />}
        <span>Page {page} of {pageCount}</span>
        {page < pageCount ? <Link to={pageHref(page + 1)} className={buttonClass("secondary", "sm")} rel="next">Next</Link> : <span />}
      </nav>

      <Dialog open={confirmOpen} onOpenChange={setConfirmOpen}>
        <DialogContent className="max-w-md p-6 text-slate-900" closeLabel="Cancel">
          <DialogTitle className="text-lg font-semibold">Delete {count} product{count === 1 ? "" : "s"}?</DialogTitle>
          <DialogDescription className="mt-2 text-sm text-slate-700">Their variants and images are deleted too. This cannot be undone.</DialogDescription>
          <div className="mt-6 flex justify-end gap-2">
            <DialogClose asChild>
              <Button>Cancel</Button>
            </DialogClose>
            <Button
              variant="danger"
              onClick={() => {
                setConfirmOpen(false);
                if (bulkRef.current) submit(bulkRef.current, { method: "post" });
              }}
            >
              Delete {count} product{count === 1 ? "" : "s"}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </AdminPage>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";
