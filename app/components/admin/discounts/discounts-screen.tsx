import { Plus } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { PageTitle } from "~/components/admin/module-unavailable";
import { useSchemaForm } from "~/components/admin/use-schema-form";
import { Button, buttonClass } from "~/components/ui/button";
import { FormMessage, SelectField, TextField } from "~/components/ui/field";
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
type Result = { ok: false; error: string; fieldErrors?: Record<string, string>; values?: Record<string, string> } | undefined;

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
    <section aria-labelledby="page-title" className="mx-auto max-w-6xl space-y-8">
      <PageTitle>Discounts</PageTitle>
      <FormMessage error={!editor && result ? result.error : editingMissing ? "That discount no longer exists." : null} success={saved} />
      {editor ? <DiscountEditor key={`${editor.id ?? "new"}:${editor.version ?? 0}`} editor={editor} result={result} canSave={editor.id ? can.edit : can.create} /> : null}
      <DiscountList rows={rows} can={can} />
    </section>
  );
}

function DiscountList({ rows, can }: { rows: DiscountRow[]; can: { create: boolean; edit: boolean } }) {
  return (
    <section aria-labelledby="discounts-heading" className="rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="discounts-heading" className="text-lg font-semibold">
          Discount codes
        </h2>
        {can.create ? (
          <Link to="?edit=new" className={buttonClass("primary")}>
            <Plus className="size-4" aria-hidden="true" />
            New discount
          </Link>
        ) : null}
      </div>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        A code applies to the whole order; one code per order. Revenue is the total of the orders placed with the code.
      </p>
      {rows.length === 0 ? (
        <p className="mt-4 text-sm">No discount codes yet.</p>
      ) : (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Discount codes</caption>
            <thead className="border-b border-slate-200 dark:border-slate-800">
              <tr>
                <th scope="col" className="py-2 pr-3">Code</th>
                <th scope="col" className="py-2 pr-3">Kind</th>
                <th scope="col" className="py-2 pr-3">Value</th>
                <th scope="col" className="py-2 pr-3">Uses</th>
                <th scope="col" className="py-2 pr-3">Status</th>
                <th scope="col" className="py-2 pr-3 text-right">Revenue</th>
                <th scope="col" className="py-2"><span className="sr-only">Actions</span></th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} className="border-b border-slate-100 align-top dark:border-slate-800">
                  <td className="py-2 pr-3 font-mono font-semibold">{r.code}</td>
                  <td className="py-2 pr-3">{r.kind}</td>
                  <td className="py-2 pr-3">{r.value}</td>
                  <td className="py-2 pr-3">{r.uses}</td>
                  <td className="py-2 pr-3">
                    <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_CLASS[r.status]}`}>{STATUS_LABEL[r.status]}</span>
                    {r.window ? <span className="mt-1 block text-xs text-slate-600 dark:text-slate-300">{r.window}</span> : null}
                  </td>
                  <td className="py-2 pr-3 text-right">{formatPaise(r.revenuePaise)}</td>
                  <td className="py-2">
                    {can.edit ? (
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
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
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
    <section aria-labelledby="editor-heading" className="rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
      <h2 id="editor-heading" className="text-lg font-semibold">
        {isNew ? "New discount" : `Edit ${editor.values.code}`}
      </h2>
      {result ? (
        <div className="mt-3">
          <FormMessage error={result.error} />
        </div>
      ) : null}
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
    </section>
  );
}
