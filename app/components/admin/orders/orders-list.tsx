import { Form, Link } from "react-router";
import { PageTitle } from "~/components/admin/module-unavailable";
import { formatPaise } from "~/lib/money";
import { ORDER_STATUSES, PAYMENT_STATUS_LABELS, STATUS_LABELS, type OrderStatus } from "~/modules/orders/orders";

type Row = { id: string; number: string; createdAt: string; email: string; name: string; totalPaise: number; status: OrderStatus; paymentMethod: string; paymentStatus: string };

export type OrdersListProps = {
  filter: { q: string; status: string; payment: string; from: string; to: string };
  rows: Row[];
  total: number;
  page: number;
  pages: number;
};

const when = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Kolkata" });
const control = "mt-1 block rounded-md border border-slate-400 bg-white px-2 py-1.5 dark:border-slate-600 dark:bg-slate-950";

export function OrdersList({ filter, rows, total, page, pages }: OrdersListProps) {
  const pageLink = (n: number) => {
    const params = new URLSearchParams(Object.entries(filter).filter(([, v]) => v));
    params.set("page", String(n));
    return `?${params.toString()}`;
  };
  // The same filter, every page: the file holds all the orders the list finds.
  const exportLink = `/admin/sales/orders.csv?${new URLSearchParams(Object.entries(filter).filter(([, v]) => v)).toString()}`;
  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-6xl">
      <PageTitle>Orders</PageTitle>
      <Form method="get" className="mt-6 flex flex-wrap items-end gap-4" aria-label="Filter orders">
        <label className="text-sm font-medium">
          Search
          <input name="q" defaultValue={filter.q} placeholder="Number, email or phone" className={`${control} w-64`} />
        </label>
        <label className="text-sm font-medium">
          Status
          <select name="status" defaultValue={filter.status} className={control}>
            <option value="">All</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium">
          Payment
          <select name="payment" defaultValue={filter.payment} className={control}>
            <option value="">All</option>
            <option value="cod">Cash on delivery</option>
            <option value="razorpay">Online (Razorpay)</option>
          </select>
        </label>
        <label className="text-sm font-medium">
          From
          <input type="date" name="from" defaultValue={filter.from} className={control} />
        </label>
        <label className="text-sm font-medium">
          To
          <input type="date" name="to" defaultValue={filter.to} className={control} />
        </label>
        <button type="submit" className="rounded-md bg-teal-800 px-4 py-2 font-semibold text-white hover:bg-teal-900">
          Filter
        </button>
      </Form>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {total} order{total === 1 ? "" : "s"}
        </p>
        {total > 0 ? (
          <a href={exportLink} download className="text-sm font-semibold text-teal-800 underline dark:text-teal-300">
            Export these {total} order{total === 1 ? "" : "s"} (CSV)
          </a>
        ) : null}
      </div>
      {rows.length === 0 ? (
        <p className="mt-6 rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-700 dark:border-slate-700 dark:text-slate-300">No orders match.</p>
      ) : (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Orders, newest first</caption>
            <thead className="border-b border-slate-300 dark:border-slate-700">
              <tr>
                <th scope="col" className="py-2 pr-4">Order</th>
                <th scope="col" className="py-2 pr-4">Placed</th>
                <th scope="col" className="py-2 pr-4">Customer</th>
                <th scope="col" className="py-2 pr-4 text-right">Total</th>
                <th scope="col" className="py-2 pr-4">Status</th>
                <th scope="col" className="py-2">Payment</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} className="border-b border-slate-200 dark:border-slate-800">
                  <th scope="row" className="py-2 pr-4 font-medium">
                    <Link to={`/admin/orders/${r.id}`} className="text-teal-800 underline dark:text-teal-300">
                      {r.number}
                    </Link>
                  </th>
                  <td className="py-2 pr-4">{when.format(new Date(r.createdAt))}</td>
                  <td className="py-2 pr-4">
                    {r.name}
                    <span className="block text-slate-600 dark:text-slate-400">{r.email}</span>
                  </td>
                  <td className="py-2 pr-4 text-right">{formatPaise(r.totalPaise)}</td>
                  <td className="py-2 pr-4">{STATUS_LABELS[r.status]}</td>
                  <td className="py-2">{PAYMENT_STATUS_LABELS[r.paymentStatus] ?? r.paymentStatus}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pages > 1 ? (
        <nav aria-label="Pages" className="mt-4 flex gap-4">
          {page > 1 ? <Link to={pageLink(page - 1)} className="underline">Previous</Link> : null}
          <span>
            Page {page} of {pages}
          </span>
          {page < pages ? <Link to={pageLink(page + 1)} className="underline">Next</Link> : null}
        </nav>
      ) : null}
    </section>
  );
}
