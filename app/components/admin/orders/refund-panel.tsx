import { DataTable, type Column } from "~/components/admin/kit/data-table";
import { Panel } from "~/components/admin/kit/panel";
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { formatPaise } from "~/lib/money";

export type RefundView = {
  id: string;
  amountPaise: number;
  method: string;
  status: string;
  reason: string;
  reference: string | null;
  razorpayRefundId: string | null;
  automatic: boolean;
  failure: string | null;
  actorEmail: string | null;
  createdAt: string;
};

export type CreditNoteView = { id: string; number: string; amountPaise: number; invoiceNumber: string; issuedAt: string };

const when = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Kolkata" });

const STATUS_LABELS: Record<string, string> = {
  pending: "Waiting to be sent",
  submitting: "Sent to Razorpay",
  accepted: "Accepted by Razorpay",
  processed: "Refunded",
  failed: "Refused",
};

const field = "mt-1 block w-full rounded-md border border-slate-400 bg-white px-2 py-1.5 dark:border-slate-600 dark:bg-slate-950";

const REFUND_COLUMNS: Column<RefundView>[] = [
  { key: "when", header: "When", cell: (r) => <time dateTime={r.createdAt} className="whitespace-nowrap">{when.format(new Date(r.createdAt))}</time> },
  { key: "amount", header: "Amount", align: "end", cell: (r) => formatPaise(r.amountPaise) },
  {
    key: "how",
    header: "How",
    cell: (r) => (
      <>
        {r.method === "razorpay" ? `Razorpay${r.razorpayRefundId ? ` ${r.razorpayRefundId}` : ""}` : `By hand, reference ${r.reference}`}
        {r.automatic ? <span className="block text-slate-600 dark:text-slate-400">automatic</span> : null}
      </>
    ),
  },
  {
    key: "status",
    header: "Status",
    cell: (r) => (
      <>
        {STATUS_LABELS[r.status] ?? r.status}
        {r.failure ? <span className="block text-red-800 dark:text-red-300">{r.failure}</span> : null}
      </>
    ),
  },
  {
    key: "reason",
    header: "Reason",
    cell: (r) => (
      <>
        {r.reason}
        {r.actorEmail ? <span className="block text-slate-600 dark:text-slate-400">{r.actorEmail}</span> : null}
      </>
    ),
  },
];

/** Staff refunds (full or partial) and the credit notes they issued. */
export function RefundPanel({
  orderId,
  version,
  paymentMethod,
  refundable,
  refunds,
  creditNotes,
  canEdit,
  error,
}: {
  orderId: string;
  version: number;
  paymentMethod: string;
  refundable: number;
  refunds: RefundView[];
  creditNotes: CreditNoteView[];
  canEdit: boolean;
  error: string | null;
}) {
  const busy = useNavigation().state === "submitting";
  const [amount, setAmount] = useState((refundable / 100).toFixed(2));
  if (refunds.length === 0 && creditNotes.length === 0 && !(canEdit && refundable > 0)) return null;
  const online = paymentMethod === "razorpay";
  return (
    <Panel id="refunds-heading" title="Refunds and credit notes">
      {refunds.length ? <DataTable caption="Refunds of this order" rowHeaders={false} rows={refunds} rowKey={(r) => r.id} columns={REFUND_COLUMNS} /> : null}
      {creditNotes.length ? (
        <ul className="mt-3 space-y-1 text-sm" aria-label="Credit notes">
          {creditNotes.map((n) => (
            <li key={n.id}>
              <a href={`/admin/orders/${orderId}/credit-notes/${n.id}`} className="text-teal-800 underline dark:text-teal-300">
                Credit note {n.number} (PDF)
              </a>{" "}
              — {formatPaise(n.amountPaise)} against invoice {n.invoiceNumber}, {when.format(new Date(n.issuedAt))}
            </li>
          ))}
        </ul>
      ) : null}
      {canEdit && refundable > 0 ? (
        <Form
          method="post"
          aria-label="Refund"
          className="mt-4 grid max-w-xl gap-3 sm:grid-cols-2"
          onSubmit={(e) => {
            if (!window.confirm(`Refund ₹${amount}${online ? " to the customer's original payment through Razorpay" : ""}? This cannot be undone.`)) e.preventDefault();
          }}
        >
          <input type="hidden" name="action" value="refund" />
          <input type="hidden" name="version" value={version} />
          <label className="text-sm font-medium">
            Amount (₹)
            <input name="amount" inputMode="decimal" required value={amount} onChange={(e) => setAmount(e.target.value)} className={field} aria-describedby="refund-limit" />
            <span id="refund-limit" className="mt-1 block font-normal text-slate-600 dark:text-slate-400">
              Up to {formatPaise(refundable)}
            </span>
          </label>
          {online ? null : (
            <label className="text-sm font-medium">
              Transfer reference
              <input name="reference" required maxLength={100} className={field} placeholder="UPI or bank reference" />
            </label>
          )}
          <label className="text-sm font-medium sm:col-span-2">
            Reason
            <input name="reason" required maxLength={300} className={field} placeholder="One bottle arrived dented" />
          </label>
          {error ? (
            <p role="alert" className="text-sm text-red-800 sm:col-span-2 dark:text-red-300">
              {error}
            </p>
          ) : null}
          <div className="sm:col-span-2">
            <button type="submit" disabled={busy} className="rounded-md border border-red-700 px-4 py-2 font-semibold text-red-800 hover:bg-red-50 disabled:opacity-60 dark:text-red-300">
              {online ? "Refund through Razorpay" : "Record refund"}
            </button>
          </div>
        </Form>
      ) : null}
    </Panel>
  );
}
