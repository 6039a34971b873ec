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

/** Everything the payment provider told the shop about this order, and what the shop did with it. */
export function PaymentEventsPanel({ events }: { events: PaymentEventView[] }) {
  if (events.length === 0) return null;
  return (
    <section aria-labelledby="payment-events-heading">
      <h2 id="payment-events-heading" className="text-lg font-semibold">
        Payment events
      </h2>
      <table className="mt-2 w-full text-left text-sm">
        <caption className="sr-only">Payment events of this order, oldest first</caption>
        <thead className="border-b border-slate-300 dark:border-slate-700">
          <tr>
            <th scope="col" className="py-2 pr-4">When</th>
            <th scope="col" className="py-2 pr-4">From</th>
            <th scope="col" className="py-2 pr-4">Event</th>
            <th scope="col" className="py-2 pr-4 text-right">Amount</th>
            <th scope="col" className="py-2">What the shop did</th>
          </tr>
        </thead>
        <tbody>
          {events.map((e) => (
            <tr key={e.id} className="border-b border-slate-200 align-top dark:border-slate-800">
              <td className="py-2 pr-4 whitespace-nowrap">
                <time dateTime={e.createdAt}>{when.format(new Date(e.createdAt))}</time>
              </td>
              <td className="py-2 pr-4">{SOURCE_LABELS[e.source] ?? e.source}</td>
              <td className="py-2 pr-4">
                <code>{e.type}</code>
                {e.razorpayPaymentId ? <span className="block text-slate-600 dark:text-slate-400">{e.razorpayPaymentId}</span> : null}
                {e.razorpayRefundId ? <span className="block text-slate-600 dark:text-slate-400">{e.razorpayRefundId}</span> : null}
              </td>
              <td className="py-2 pr-4 text-right">{e.amountPaise === null ? "—" : formatPaise(e.amountPaise)}</td>
              <td className="py-2">{e.outcome}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
