import { Plus } from "lucide-react";
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
import { DISCOUNT_KINDS, discountForm, KIND_LABELS, type DiscountStatus } from "~/modules/discounts/discounts";

export type DiscountRow = {
  id: string;
  code: string;
  kind: string;
  value: string;
  uses: string;
  status: DiscountStatus;
  /** Start and end in India time, as text. */
  window: string;
  revenuePaise: number;
  active: boolean;
  version: number;
};

type Editor = { id: string | null; version: number | null; values: Record<string, string>; usedCount: number };
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
  editingMissing,
  saved,
  result,
}: {
  can: { create: boolean; edit: boolean };
  rows: DiscountRow[];
  editor: Editor | null;
  editingMissing: boolean;
  saved: string | null;
  result: Result;
}) {
  return (
    <AdminPage>
      <PageHeader title="Discounts" description="Codes shoppers type at checkout, with their uses and the revenue of the orders they were used on." />
      <FormMessage error={!editor && result ? result.error : editingMissing ? "That discount no longer exists." : null} success={saved} />
      {editor ? <DiscountEditor key={`${editor.id ?? "new"}:${editor.version ?? 0}`} editor={editor} result={result} canSave={editor.id ? can.edit : can.create} /> : null}
      <DiscountList rows={rows} can={can} />
    </AdminPage>
  );
}

function DiscountList({ rows, can }: { rows: DiscountRow[]; can: { create: boolean; edit: boolean } }) {
  const columns: Column<DiscountRow>[] = [
    { key: "code", header: "Code", rowHeader: true, cell: (r) => <span className="font-mono font-semibold">{r.code}</span> },
    { key: "kind", header: "Kind", cell: (r) => r.kind },
    { key: "value", header: "Value", cell: (r) => r.value },
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
      description="A code applies to the whole order; one code per order. Revenue is the total of the orders placed with the code."
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
function DiscountEditor({ editor, result, canSave }: { editor: Editor; result: Result; canSave: boolean }) {
  const { errors, onSubmit } = useSchemaForm(discountForm, result?.fieldErrors);
  const busy = useNavigation().state === "submitting";
  const values = result?.values ?? editor.values;
  const v = (name: string) => values[name] ?? "";
  const isNew = editor.id === null;
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
        <p className="text-sm text-slate-600 sm:col-span-2 dark:text-slate-300">Applies to the whole order. Codes for chosen products or collections are not available yet.</p>
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
