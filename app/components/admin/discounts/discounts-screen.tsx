import { Download, Plus } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { DataTable, type Column } from "~/components/admin/kit/data-table";
import { EmptyState } from "~/components/admin/kit/empty-state";
import { AdminPage, PageHeader } from "~/components/admin/kit/page-header";
import { Panel } from "~/components/admin/kit/panel";
import { useSchemaForm } from "~/components/admin/use-schema-form";
import { Button, buttonClass } from "~/components/ui/button";
import { FormMessage, SelectField, TextField } from "~/components/ui/field";
import type { ActionFailure } from "~/lib/action-result";
import { formatPaise } from "~/lib/money";
import { bulkCodesForm, DISCOUNT_KINDS, discountForm, KIND_LABELS, MAX_BULK_CODES, type DiscountStatus } from "~/modules/discounts/discounts";

export type DiscountRow = {
  id: string;
  code: string;
  kind: string;
  value: string;
  /** "Whole order", or how many products and collections it names. */
  appliesTo: string;
  /** "500 bulk codes, 12 used", or empty. */
  bulkCodes: string;
  uses: string;
  status: DiscountStatus;
  /** Start and end in India time, as text. */
  window: string;
  revenuePaise: number;
  active: boolean;
  version: number;
};

type Editor = { id: string | null; version: number | null; values: Record<string, string>; usedCount: number; automatic: boolean; bulkCodes: number };
type Choices = { products: { id: string; title: string }[]; collections: { id: string; name: string }[] };
type Result = ActionFailure | undefined;

const STATUS_LABEL: Record<DiscountStatus, string> = { active: "Active", scheduled: "Scheduled", expired: "Expired", inactive: "Deactivated" };
const STATUS_CLASS: Record<DiscountStatus, string> = {
  active: "bg-teal-100 text-teal-900",
  scheduled: "bg-sky-100 text-sky-900",
  expired: "bg-slate-200 text-slate-800",
  inactive: "bg-amber-100 text-amber-900",
};

export function DiscountsScreen({
  can,
  rows,
  editor,
  choices,
  editingMissing,
  saved,
  result,
}: {
  can: { create: boolean; edit: boolean };
  rows: DiscountRow[];
  editor: Editor | null;
  choices: Choices;
  editingMissing: boolean;
  saved: string | null;
  result: Result;
}) {
  return (
    <AdminPage>
      <PageHeader
        title="Discounts"
        description="Codes shoppers type at checkout and discounts applied without one, with their uses and the revenue of the paid orders they were used on."
        actions={
          <Link to="/admin/discounts.csv" className={buttonClass("secondary")} reloadDocument>
            <Download className="size-4" aria-hidden="true" />
            Download CSV
          </Link>
        }
      />
      <FormMessage error={!editor && result ? result.error : editingMissing ? "That discount no longer exists." : null} success={saved} />
      {editor ? (
        <DiscountEditor key={`${editor.id ?? "new"}:${editor.version ?? 0}`} editor={editor} choices={choices} result={result?.form === "bulk" ? undefined : result} canSave={editor.id ? can.edit : can.create} />
      ) : null}
      {editor?.id && !editor.automatic && can.edit ? <BulkCodes editor={editor} result={result?.form === "bulk" ? result : undefined} /> : null}
      <DiscountList rows={rows} can={can} />
    </AdminPage>
  );
}

function DiscountList({ rows, can }: { rows: DiscountRow[]; can: { create: boolean; edit: boolean } }) {
  const columns: Column<DiscountRow>[] = [
    {
      key: "code",
      header: "Code",
      rowHeader: true,
      cell: (r) => (
        <>
          <span className="font-mono font-semibold">{r.code}</span>
          {r.bulkCodes ? <span className="mt-1 block text-xs text-slate-600 dark:text-slate-300">{r.bulkCodes}</span> : null}
        </>
      ),
    },
    { key: "kind", header: "Kind", cell: (r) => r.kind },
    { key: "value", header: "Value", cell: (r) => r.value },
    { key: "appliesTo", header: "Applies to", cell: (r) => r.appliesTo },
    { key: "uses", header: "Uses", cell: (r) => r.uses },
    {
      key: "status",
      header: "Status",
      cell: (r) => (
        <>
          <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_CLASS[r.status]}`}>{STATUS_LABEL[r.status]}</span>
          {r.window ? <span className="mt-1 block text-xs text-slate-600 dark:text-slate-300">{r.window}</span> : null}
        </>
      ),
    },
    { key: "revenue", header: "Revenue", align: "end", cell: (r) => formatPaise(r.revenuePaise) },
  ];
  if (can.edit) {
    columns.push({
      key: "actions",
      header: <span className="sr-only">Actions</span>,
      cell: (r) => (
        <div className="flex justify-end gap-2">
          <Link to={`?edit=${r.id}`} className={buttonClass("secondary", "sm")} aria-label={`Edit ${r.code}`}>
            Edit
          </Link>
          <Form method="post" action={`?do=${r.active ? "deactivate" : "activate"}`}>
            <input type="hidden" name="id" value={r.id} />
            <input type="hidden" name="version" value={r.version} />
            <Button type="submit" size="sm" variant={r.active ? "danger" : "secondary"} aria-label={`${r.active ? "Deactivate" : "Reactivate"} ${r.code}`}>
              {r.active ? "Deactivate" : "Reactivate"}
            </Button>
          </Form>
        </div>
      ),
    });
  }
  return (
    <Panel
      title="Discount codes"
      description="One discount per order: an automatic discount applies by itself (the one saving most), and a code the shopper types replaces it when it saves at least as much. Uses count orders placed with the discount, less those cancelled; revenue is the total of those orders once paid."
      actions={
        can.create ? (
          <Link to="?edit=new" className={buttonClass("primary")}>
            <Plus className="size-4" aria-hidden="true" />
            New discount
          </Link>
        ) : null
      }
    >
      <DataTable caption="Discount codes" rows={rows} rowKey={(r) => r.id} columns={columns} empty={<EmptyState title="No discount codes yet." />} />
    </Panel>
  );
}

/** Create or edit one code. The schema is the server's; the server's field errors show the same way. */
function DiscountEditor({ editor, choices, result, canSave }: { editor: Editor; choices: Choices; result: Result; canSave: boolean }) {
  const { errors, onSubmit } = useSchemaForm(discountForm, result?.fieldErrors);
  const busy = useNavigation().state === "submitting";
  const values = result?.values ?? editor.values;
  const v = (name: string) => values[name] ?? "";
  const isNew = editor.id === null;
  // What was ticked: a returned form carries the checkbox names, a stored discount its id lists.
  const ticked = (kind: "product" | "collection", id: string) =>
    result?.values ? `${kind}:${id}` in result.values : v(kind === "product" ? "productIds" : "collectionIds").split(",").includes(id);
  return (
    <Panel title={isNew ? "New discount" : `Edit ${editor.values.code}`}>
      {result ? <FormMessage error={result.error} /> : null}
      <Form method="post" action={isNew ? "?edit=new&do=create" : `?edit=${editor.id}&do=save`} noValidate onSubmit={onSubmit} className="mt-4 grid gap-4 sm:grid-cols-2" aria-label={isNew ? "New discount" : "Edit discount"}>
        {editor.id ? <input type="hidden" name="id" value={editor.id} /> : null}
        {editor.version ? <input type="hidden" name="version" value={editor.version} /> : null}
        <TextField label="Code" name="code" defaultValue={v("code")} error={errors.code} hint="Letters, digits, - and _. Shoppers may type it in any case." className="sm:col-span-2" autoComplete="off" />
        <SelectField label="Kind" name="kind" defaultValue={v("kind")} error={errors.kind}>
          {DISCOUNT_KINDS.map((k) => (
            <option key={k} value={k}>
              {KIND_LABELS[k]}
            </option>
          ))}
        </SelectField>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Percentage off" name="percent" inputMode="numeric" defaultValue={v("percent")} error={errors.percent} hint="Percentage codes: 1 to 100." />
          <TextField label="Amount off (₹)" name="amount" inputMode="decimal" defaultValue={v("amount")} error={errors.amount} hint="Fixed-amount codes." />
        </div>
        <TextField label="Minimum order (₹)" name="minOrder" inputMode="decimal" defaultValue={v("minOrder")} error={errors.minOrder} hint="Goods before the discount. Empty: no minimum." />
        <div />
        <TextField label="Starts (India time)" name="startsAt" type="datetime-local" defaultValue={v("startsAt")} error={errors.startsAt} hint="Empty: from now." />
        <TextField label="Ends (India time)" name="endsAt" type="datetime-local" defaultValue={v("endsAt")} error={errors.endsAt} hint="Empty: no end." />
        <TextField
          label="Total uses"
          name="usageLimit"
          inputMode="numeric"
          defaultValue={v("usageLimit")}
          error={errors.usageLimit}
          hint={editor.usedCount ? `Used ${editor.usedCount} times so far. Empty: no limit.` : "Empty: no limit."}
        />
        <TextField label="Uses per customer" name="perCustomerLimit" inputMode="numeric" defaultValue={v("perCustomerLimit")} error={errors.perCustomerLimit} hint="Counted by checkout email. Empty: no limit." />
        <label className="flex items-start gap-2 text-sm sm:col-span-2">
          <input type="checkbox" name="automatic" defaultChecked={v("automatic") === "on"} className="mt-0.5 size-4" aria-describedby="automatic-hint" />
          <span>
            <span className="font-medium">Apply automatically, without a code</span>
            <span id="automatic-hint" className="block text-xs text-slate-600 dark:text-slate-400">
              The code above is then its name on the order. Of the automatic discounts that fit a cart, the one saving most applies; a code the shopper types replaces it when it saves at least as much.
            </span>
            {errors.automatic ? <span className="block text-sm text-red-700 dark:text-red-400">{errors.automatic}</span> : null}
          </span>
        </label>
        <fieldset className="sm:col-span-2" aria-describedby="targets-hint">
          <legend className="text-sm font-medium">Applies to</legend>
          <p id="targets-hint" className="text-xs text-slate-600 dark:text-slate-400">
            Tick nothing for the whole order. Otherwise only the ticked products, and the products in the ticked collections, are discounted, and the minimum order counts those items only.
          </p>
          {errors.productIds || errors.collectionIds ? <p className="text-sm text-red-700 dark:text-red-400">{errors.productIds ?? errors.collectionIds}</p> : null}
          <div className="mt-2 grid gap-4 sm:grid-cols-2">
            <TargetList title="Collections" kind="collection" items={choices.collections.map((c) => ({ id: c.id, label: c.name }))} ticked={ticked} />
            <TargetList title="Products" kind="product" items={choices.products.map((p) => ({ id: p.id, label: p.title }))} ticked={ticked} />
          </div>
        </fieldset>
        <div className="flex gap-3 sm:col-span-2">
          <Button type="submit" variant="primary" disabled={!canSave || busy}>
            {busy ? "Saving..." : isNew ? "Create discount" : "Save discount"}
          </Button>
          <Link to="/admin/discounts" className={buttonClass("secondary")}>
            Cancel
          </Link>
        </div>
      </Form>
    </Panel>
  );
}

/** One column of checkboxes (collections, or products), scrolling when long. */
function TargetList({ title, kind, items, ticked }: { title: string; kind: "product" | "collection"; items: { id: string; label: string }[]; ticked: (kind: "product" | "collection", id: string) => boolean }) {
  return (
    <fieldset className="rounded-md border border-slate-300 p-3 dark:border-slate-600">
      <legend className="px-1 text-sm font-medium">{title}</legend>
      {items.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">None yet.</p>
      ) : (
        <ul className="max-h-56 space-y-1 overflow-y-auto" tabIndex={-1}>
          {items.map((item) => (
            <li key={item.id}>
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" name={`${kind}:${item.id}`} defaultChecked={ticked(kind, item.id)} className="size-4" />
                {item.label}
              </label>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}

/** Bulk codes for an existing discount: made in one go, handed out as a CSV file. */
function BulkCodes({ editor, result }: { editor: Editor; result: Result }) {
  const { errors, onSubmit } = useSchemaForm(bulkCodesForm, result?.fieldErrors);
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" action={`?edit=${editor.id}&do=generate`} noValidate onSubmit={onSubmit} aria-label="Bulk codes">
      <Panel
        title="Bulk codes"
        description="Unique codes sharing this discount's rules and its total uses; each code is good for one order. Letters and digits that are easily confused (0, O, 1, I, L) are left out."
      >
        {result ? <FormMessage error={result.error} /> : null}
        <input type="hidden" name="id" value={editor.id ?? ""} />
        <div className="mt-4 grid gap-4 sm:grid-cols-3">
          <TextField label="How many" name="count" inputMode="numeric" defaultValue={result?.values?.count ?? ""} error={errors.count} hint={`1 to ${MAX_BULK_CODES}.`} />
          <TextField label="Prefix" name="prefix" defaultValue={result?.values?.prefix ?? editor.values.code?.slice(0, 12) ?? ""} error={errors.prefix} hint="Like DIWALI: codes read DIWALI-7KQ4MX2P." autoComplete="off" />
          <div className="flex items-start gap-3 sm:mt-6">
            <Button type="submit" variant="primary" disabled={busy}>
              Make codes
            </Button>
          </div>
        </div>
        {editor.bulkCodes ? (
          <p className="mt-3 text-sm">
            {editor.bulkCodes} codes so far.{" "}
            <Link to={`/admin/discounts/${editor.id}/codes.csv`} reloadDocument className="font-semibold underline">
              Download the codes (CSV)
            </Link>
          </p>
        ) : null}
      </Panel>
    </Form>
  );
}
