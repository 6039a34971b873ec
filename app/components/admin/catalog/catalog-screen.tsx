import { useEffect, useRef, useState, type Dispatch, type SetStateAction } from "react";
import { Form, Link, useNavigation, useSearchParams, useSubmit } from "react-router";
import { toast } from "sonner";
import { DataTable, type Column } from "~/components/admin/kit/data-table";
import { EmptyState } from "~/components/admin/kit/empty-state";
import { useOperationAction } from "~/components/admin/kit/operation-form";
import { AdminPage, PageHeader } from "~/components/admin/kit/page-header";
import { Pager, withParams } from "~/components/admin/kit/pager";
import { panelClass } from "~/components/admin/kit/panel";
import { Button, buttonClass } from "~/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { controlClass, FormMessage } from "~/components/ui/field";
import { cn } from "~/lib/cn";
import { formatPaise } from "~/lib/money";
import { PRODUCT_SORTS, PRODUCT_STATUSES, type ProductStatus } from "~/modules/catalog/catalog";
import type { ProductListRow } from "~/modules/catalog/catalog.server";

// /admin/catalog: the product list with its filters (a GET form), bulk actions on the ticked
// rows (delete asks first) and server paging.

/** A row of the list as the loader sends it (a thumbnail URL in `image`, dates left out). */
export type CatalogRow = Omit<ProductListRow, "slug" | "updatedAt">;

type May = { create: boolean; edit: boolean; delete: boolean };

export type CatalogScreenProps = {
  rows: CatalogRow[];
  query: { q?: string; status?: ProductStatus; tag?: string; collection?: string; best?: "yes" | "no"; sort: (typeof PRODUCT_SORTS)[number] };
  filters: { tags: string[]; collections: { id: string; name: string }[] };
  total: number;
  page: number;
  pageCount: number;
  may: May;
  actionData: { ok: true; message: string } | { ok: false; error: string } | undefined;
};

const SORT_LABELS: Record<(typeof PRODUCT_SORTS)[number], string> = {
  updated: "Recently updated",
  title: "Title A–Z",
  "title-desc": "Title Z–A",
  created: "Newest first",
  "sort-order": "Sort order",
};

const STATUS_STYLE: Record<ProductStatus, string> = {
  active: "bg-teal-100 text-teal-900 dark:bg-teal-900 dark:text-teal-50",
  draft: "bg-slate-200 text-slate-900 dark:bg-slate-700 dark:text-slate-50",
  archived: "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-50",
};

function priceRange(min: number | null, max: number | null) {
  if (min === null || max === null) return "—";
  return min === max ? formatPaise(min) : `${formatPaise(min)} – ${formatPaise(max)}`;
}

type Selection = { may: May; rows: CatalogRow[]; selected: Set<string>; allChecked: boolean; toggle: (id: string) => void; setSelected: Dispatch<SetStateAction<Set<string>>> };

/** One filter of the list: a labelled select whose first choice (unless `any` is false) is no filter at all. */
function FilterSelect({ name, label, value, options, any = true }: { name: string; label: string; value: string | undefined; options: { value: string; label: string }[]; any?: boolean }) {
  return (
    <div>
      <label htmlFor={`filter-${name}`} className="block text-sm font-medium">
        {label}
      </label>
      <select id={`filter-${name}`} name={name} defaultValue={value ?? ""} className={controlClass}>
        {any ? <option value="">Any</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The columns: a tick box, the image, the title (the row's header), then the figures. */
const columns = ({ may, rows, selected, allChecked, toggle, setSelected }: Selection): Column<CatalogRow>[] => [
  {
    key: "select",
    header: (
      <input
        type="checkbox"
        aria-label="Select all products on this page"
        checked={allChecked}
        onChange={() => setSelected(allChecked ? new Set() : new Set(rows.map((r) => r.id)))}
        className="size-4"
      />
    ),
    cell: (r) => <input type="checkbox" name="ids" value={r.id} checked={selected.has(r.id)} onChange={() => toggle(r.id)} aria-label={`Select ${r.title}`} className="size-4" />,
  },
  {
    key: "image",
    header: <span className="sr-only">Image</span>,
    cell: (r) => (r.image ? <img src={r.image} alt="" width={40} height={40} className="size-10 rounded object-cover" /> : <span className="block size-10 rounded bg-slate-100 dark:bg-slate-800" />),
  },
  {
    key: "title",
    header: "Title",
    rowHeader: true,
    cell: (r) => (
      <>
        {may.edit ? (
          <Link to={`/admin/catalog/edit/${r.id}`} className="text-teal-800 underline-offset-2 hover:underline dark:text-teal-300">
            {r.title}
          </Link>
        ) : (
          r.title
        )}
        {r.isBestSeller ? <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-800 dark:bg-slate-800 dark:text-slate-100">Best seller</span> : null}
      </>
    ),
  },
  { key: "status", header: "Status", cell: (r) => <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_STYLE[r.status]}`}>{r.status}</span> },
  {
    key: "sku",
    header: "SKU",
    cell: (r) => (
      <span className="font-mono text-xs">
        {r.sku ?? "—"}
        {r.variantCount > 1 ? <span className="ml-1 font-sans text-slate-700 dark:text-slate-300">(+{r.variantCount - 1})</span> : null}
      </span>
    ),
  },
  { key: "price", header: "Price", cell: (r) => <span className="whitespace-nowrap">{priceRange(r.minPricePaise, r.maxPricePaise)}</span> },
  { key: "stock", header: "Stock", cell: (r) => r.stock },
  { key: "tags", header: "Tags", cell: (r) => r.tags.join(", ") },
];

export function CatalogScreen({ rows, query, filters, total, page, pageCount, may, actionData }: CatalogScreenProps) {
  const [params] = useSearchParams();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  // The first action the role may take (a role that may delete but not edit has only "delete").
  const [bulk, setBulk] = useState(may.edit ? "status" : "delete");
  const [confirmOpen, setConfirmOpen] = useState(false);
  const bulkRef = useRef<HTMLFormElement>(null);
  const submit = useSubmit();
  // The chosen bulk action is the operation the form posts to (?do=status, ?do=delete, ...).
  const bulkAction = useOperationAction(bulk);
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

      <Form method="get" role="search" aria-label="Filter products" className={cn(panelClass, "grid gap-3 sm:grid-cols-2 lg:grid-cols-7")}>
        <div className="lg:col-span-2">
          <label htmlFor="filter-q" className="block text-sm font-medium">
            Search title or SKU
          </label>
          <input id="filter-q" name="q" type="search" defaultValue={query.q ?? ""} className={controlClass} />
        </div>
        <FilterSelect name="status" label="Status" value={query.status} options={PRODUCT_STATUSES.map((st) => ({ value: st, label: st[0]!.toUpperCase() + st.slice(1) }))} />
        <FilterSelect name="tag" label="Tag" value={query.tag} options={filters.tags.map((t) => ({ value: t, label: t }))} />
        <FilterSelect name="collection" label="Collection" value={query.collection} options={filters.collections.map((c) => ({ value: c.id, label: c.name }))} />
        <FilterSelect
          name="best"
          label="Best seller"
          value={query.best}
          options={[
            { value: "yes", label: "Best sellers" },
            { value: "no", label: "Not best sellers" },
          ]}
        />
        <FilterSelect name="sort" label="Sort" value={query.sort} any={false} options={PRODUCT_SORTS.map((st) => ({ value: st, label: SORT_LABELS[st] }))} />
        <div className="flex items-end gap-2 lg:col-span-7">
          <Button type="submit" variant="primary">
            Apply
          </Button>
          <Link to="/admin/catalog" className={buttonClass("ghost")}>
            Clear
          </Link>
          <p className="ml-auto text-sm text-slate-700 dark:text-slate-300" aria-live="polite">
            {total} product{total === 1 ? "" : "s"}
          </p>
        </div>
      </Form>

      {actionData && !actionData.ok ? <FormMessage error={actionData.error} /> : null}

      <Form
        method="post"
        action={bulkAction}
        ref={bulkRef}
        className="space-y-4"
        onSubmit={(e) => {
          // Deleting asks first, naming how many products go.
          if (bulk === "delete" && !confirmOpen) {
            e.preventDefault();
            setConfirmOpen(true);
          }
        }}
      >
        {may.edit || may.delete ? (
          <fieldset className={cn(panelClass, "flex flex-wrap items-end gap-2")} disabled={busy}>
            <legend className="sr-only">Bulk actions</legend>
            <span className="self-center text-sm font-medium" aria-live="polite">
              {count} selected
            </span>
            <div>
              <label htmlFor="bulk-intent" className="block text-sm font-medium">
                Action
              </label>
              <select id="bulk-intent" value={bulk} onChange={(e) => setBulk(e.target.value)} className={controlClass}>
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
                <label htmlFor="bulk-status" className="block text-sm font-medium">
                  New status
                </label>
                <select id="bulk-status" name="status" className={controlClass}>
                  {PRODUCT_STATUSES.map((s) => (
                    <option key={s} value={s}>
                      {s}
                    </option>
                  ))}
                </select>
              </div>
            ) : null}
            {bulk === "add-tag" || bulk === "remove-tag" ? (
              <div>
                <label htmlFor="bulk-tag" className="block text-sm font-medium">
                  Tag
                </label>
                <input id="bulk-tag" name="tag" list="known-tags" required className={controlClass} />
                <datalist id="known-tags">
                  {["flash-sale", "new-arrival", "top-sale", ...filters.tags]
                    .filter((t, i, a) => a.indexOf(t) === i)
                    .map((t) => (
                      <option key={t} value={t} />
                    ))}
                </datalist>
              </div>
            ) : null}
            <Button type="submit" variant={bulk === "delete" ? "danger" : "primary"} disabled={count === 0}>
              Apply to selected
            </Button>
          </fieldset>
        ) : null}

        <DataTable
          caption={`Products, page ${page} of ${pageCount}`}
          className={panelClass}
          rows={rows}
          rowKey={(r) => r.id}
          columns={columns({ may, rows, selected, allChecked, toggle, setSelected })}
          empty={<EmptyState title="No products match these filters." />}
        />
      </Form>

      <Pager page={page} pageCount={pageCount} hrefFor={(n) => withParams(params, { page: n })} />

      <Dialog open={confirmOpen} onOpenChange={setConfirmOpen}>
        <DialogContent className="max-w-md p-6 text-slate-900" closeLabel="Cancel">
          <DialogTitle className="text-lg font-semibold">
            Delete {count} product{count === 1 ? "" : "s"}?
          </DialogTitle>
          <DialogDescription className="mt-2 text-sm text-slate-700">Their variants and images are deleted too. This cannot be undone.</DialogDescription>
          <div className="mt-6 flex justify-end gap-2">
            <DialogClose asChild>
              <Button>Cancel</Button>
            </DialogClose>
            <Button
              variant="danger"
              onClick={() => {
                setConfirmOpen(false);
                if (bulkRef.current) submit(bulkRef.current, { method: "post", action: bulkAction });
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
