import { DataTable, type Column } from "~/components/admin/kit/data-table";
import { formatPaise } from "~/lib/money";

export type PaymentEventView = {
  id: string;
  source: string;
  type: string;
  razorpayPaymentId: string | null;
  razorpayRefundId: string | null;
  amountPaise: number | null;
  outcome: string;
  createdAt: string;
};

const when = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeStyle: "medium", timeZone: "Asia/Kolkata" });

const SOURCE_LABELS: Record<string, string> = { webhook: "Razorpay notice", checkout: "Shopper's checkout", shop: "Shop" };

const COLUMNS: Column<PaymentEventView>[] = [
  { key: "when", header: "When", cell: (e) => <time dateTime={e.createdAt} className="whitespace-nowrap">{when.format(new Date(e.createdAt))}</time> },
  { key: "from", header: "From", cell: (e) => SOURCE_LABELS[e.source] ?? e.source },
  {
    key: "event",
    header: "Event",
    cell: (e) => (
      <>
        <code>{e.type}</code>
        {e.razorpayPaymentId ? <span className="block text-slate-600 dark:text-slate-400">{e.razorpayPaymentId}</span> : null}
        {e.razorpayRefundId ? <span className="block text-slate-600 dark:text-slate-400">{e.razorpayRefundId}</span> : null}
      </>
    ),
  },
  { key: "amount", header: "Amount", align: "end", cell: (e) => (e.amountPaise === null ? "—" : formatPaise(e.amountPaise)) },
  { key: "outcome", header: "What the shop did", cell: (e) => e.outcome },
];

/** Everything the payment provider told the shop about this order, and what the shop did with it. */
export function PaymentEventsPanel({ events }: { events: PaymentEventView[] }) {
  if (events.length === 0) return null;
  return (
    <section aria-labelledby="payment-events-heading">
      <h2 id="payment-events-heading" className="text-lg font-semibold">
        Payment events
      </h2>
      <DataTable caption="Payment events of this order, oldest first" className="mt-2" rowHeaders={false} rows={events} rowKey={(e) => e.id} columns={COLUMNS} />
    </section>
  );
}
