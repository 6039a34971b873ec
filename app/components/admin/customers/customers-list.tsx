import { Form, Link } from "react-router";
import { DataTable, type Column } from "~/components/admin/kit/data-table";
import { EmptyState } from "~/components/admin/kit/empty-state";
import { AdminPage, PageHeader } from "~/components/admin/kit/page-header";
import { Pager, withParams } from "~/components/admin/kit/pager";
import { Panel } from "~/components/admin/kit/panel";
import { buttonClass } from "~/components/ui/button";
import { controlClass } from "~/components/ui/field";
import { formatPaise } from "~/lib/money";
import type { CustomerQuery } from "~/modules/customers/customers";

export type CustomerRow = {
  key: string;
  kind: "account" | "guest";
  name: string;
  email: string;
  orderCount: number;
  lifetimeValuePaise: number;
  subscribed: boolean;
  erased: boolean;
  joinedAt: string;
  lastOrderAt: string | null;
  tags: string[];
};

const day = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeZone: "Asia/Kolkata" });

const COLUMNS: Column<CustomerRow>[] = [
  {
    key: "name",
    header: "Customer",
    cell: (r) => (
      <>
        <Link to={`/admin/customers/${r.key}`} className="text-teal-800 underline dark:text-teal-300">
          {r.name || r.email}
        </Link>
        <span className="block font-normal text-slate-600 dark:text-slate-400">{r.erased ? "Personal data erased" : r.email}</span>
        {r.tags.length ? <span className="block text-xs font-normal text-slate-600 dark:text-slate-400">Tags: {r.tags.join(", ")}</span> : null}
      </>
    ),
  },
  { key: "kind", header: "Type", cell: (r) => (r.kind === "account" ? "Account" : "Guest") },
  { key: "joined", header: "Joined", sortKey: "joined", cell: (r) => day.format(new Date(r.joinedAt)) },
  { key: "orders", header: "Orders", sortKey: "orders", align: "end", cell: (r) => r.orderCount },
  { key: "ltv", header: "Lifetime value", sortKey: "ltv", align: "end", cell: (r) => formatPaise(r.lifetimeValuePaise) },
  { key: "last", header: "Last order", sortKey: "last", cell: (r) => (r.lastOrderAt ? day.format(new Date(r.lastOrderAt)) : "—") },
  { key: "newsletter", header: "Newsletter", cell: (r) => (r.subscribed ? "Subscribed" : "—") },
];

export function CustomersList({
  query,
  rows,
  total,
  page,
  pageCount,
}: {
  query: CustomerQuery;
  rows: CustomerRow[];
  total: number;
  page: number;
  pageCount: number;
}) {
  const current: Record<string, string> = Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)]));
  delete current.page;
  const filtered = Boolean(query.q || query.orders || query.subscribed || query.from || query.to);
  return (
    <AdminPage>
      <PageHeader title="Customers" description="Shopper accounts and guest buyers, one row per person: guest orders join the account whose confirmed email they were placed with." />
      <Panel>
        <Form method="get" className="flex flex-wrap items-end gap-4" aria-label="Find customers">
          <input type="hidden" name="sort" value={query.sort} />
          <input type="hidden" name="dir" value={query.dir} />
          <label className="text-sm font-medium">
            Search
            <input type="search" name="q" defaultValue={query.q} placeholder="Name, email or phone" className={`${controlClass} mt-1 w-64`} />
          </label>
          <label className="text-sm font-medium">
            Has orders
            <select name="orders" defaultValue={query.orders} className={`${controlClass} mt-1 w-auto`}>
              <option value="">Any</option>
              <option value="yes">Yes</option>
              <option value="no">No orders yet</option>
            </select>
          </label>
          <label className="text-sm font-medium">
            Newsletter
            <select name="subscribed" defaultValue={query.subscribed} className={`${controlClass} mt-1 w-auto`}>
              <option value="">Any</option>
              <option value="yes">Subscribed</option>
              <option value="no">Not subscribed</option>
            </select>
          </label>
          <label className="text-sm font-medium">
            Joined from
            <input type="date" name="from" defaultValue={query.from} className={`${controlClass} mt-1 w-auto`} />
          </label>
          <label className="text-sm font-medium">
            Joined to
            <input type="date" name="to" defaultValue={query.to} className={`${controlClass} mt-1 w-auto`} />
          </label>
          <button type="submit" className={buttonClass("primary")}>
            Show
          </button>
          {filtered ? (
            <Link to="/admin/customers" className="text-sm font-semibold text-teal-800 underline dark:text-teal-300">
              Clear
            </Link>
          ) : null}
        </Form>
      </Panel>
      <Panel>
        <p className="mb-3 text-sm text-slate-700 dark:text-slate-300" role="status">
          {total} customer{total === 1 ? "" : "s"}
        </p>
        <DataTable
          caption="Customers"
          rows={rows}
          rowKey={(r) => r.key}
          columns={COLUMNS}
          sort={{ by: query.sort, dir: query.dir, hrefFor: (key, dir) => withParams(current, { sort: key, dir }) }}
          empty={<EmptyState title={filtered ? "No customers match." : "No customers yet."} description={filtered ? "Clear a filter or search for something else." : "Shoppers appear here when they register or place an order."} />}
        />
        <div className="mt-4">
          <Pager page={page} pageCount={pageCount} hrefFor={(p) => withParams(current, { page: p })} label="Customer pages" />
        </div>
      </Panel>
    </AdminPage>
  );
}
