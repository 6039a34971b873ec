import { Form } from "react-router";
import { DataTable, type Column } from "~/components/admin/kit/data-table";
import { EmptyState } from "~/components/admin/kit/empty-state";
import { AdminPage, PageHeader } from "~/components/admin/kit/page-header";
import { Pager, withParams } from "~/components/admin/kit/pager";
import { ORDER_STATUSES, PAYMENT_STATUS_LABELS, PAYMENT_STATUSES, STATUS_LABELS, type OrderStatus } from "~/modules/orders/orders";
import { orderColumns } from "./order-columns";

type Row = { id: string; number: string; createdAt: string; email: string; name: string; totalPaise: number; status: OrderStatus; paymentMethod: string; paymentStatus: string };

export type OrdersListProps = {
  filter: { q: string; status: string; payment: string; paymentStatus: string; from: string; to: string };
  rows: Row[];
  total: number;
  page: number;
  pages: number;
};

const shared = orderColumns<Row>();
const COLUMNS: Column<Row>[] = [
  shared.number,
  shared.placed,
  {
    key: "customer",
    header: "Customer",
    cell: (r) => (
      <>
        {r.name}
        <span className="block text-slate-600 dark:text-slate-400">{r.email}</span>
      </>
    ),
  },
  shared.total,
  shared.status,
  shared.payment,
];

const control = "mt-1 block rounded-md border border-slate-400 bg-white px-2 py-1.5 dark:border-slate-600 dark:bg-slate-950";

export function OrdersList({ filter, rows, total, page, pages }: OrdersListProps) {
  const pageLink = (n: number) => withParams(filter, { page: n });
  // The same filter, every page: the file holds all the orders the list finds.
  const exportLink = `/admin/sales/orders.csv?${new URLSearchParams(Object.entries(filter).filter(([, v]) => v)).toString()}`;
  return (
    <AdminPage>
      <PageHeader title="Orders" />
      <Form method="get" className="flex flex-wrap items-end gap-4" aria-label="Filter orders">
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
          Payment method
          <select name="payment" defaultValue={filter.payment} className={control}>
            <option value="">All</option>
            <option value="cod">Cash on delivery</option>
            <option value="razorpay">Online (Razorpay)</option>
          </select>
        </label>
        <label className="text-sm font-medium">
          Payment status
          <select name="paymentStatus" defaultValue={filter.paymentStatus} className={control}>
            <option value="">All</option>
            {PAYMENT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {PAYMENT_STATUS_LABELS[s]}
              </option>
            ))}
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
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {total} order{total === 1 ? "" : "s"}
        </p>
        {total > 0 ? (
          <a href={exportLink} download className="text-sm font-semibold text-teal-800 underline dark:text-teal-300">
            Export these {total} order{total === 1 ? "" : "s"} (CSV)
          </a>
        ) : null}
      </div>
      <DataTable
        className="mt-3"
        caption="Orders, newest first"
        rows={rows}
        rowKey={(r) => r.id}
        columns={COLUMNS}
        empty={<EmptyState title="No orders match." description="Clear a filter or widen the dates." />}
      />
      <Pager page={page} pageCount={pages} hrefFor={pageLink} />
    </AdminPage>
  );
}
