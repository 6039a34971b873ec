import { Link } from "react-router";
import { DataTable } from "~/components/admin/kit/data-table";
import { DateRangeForm } from "~/components/admin/kit/date-range-form";
import { EmptyState } from "~/components/admin/kit/empty-state";
import { AdminPage, PageHeader } from "~/components/admin/kit/page-header";
import { Panel } from "~/components/admin/kit/panel";
import { Stat, StatGrid } from "~/components/admin/kit/stat";
import { FormMessage } from "~/components/ui/field";
import { formatPaise } from "~/lib/money";
import type { DashboardFigures } from "~/modules/reports/reports.server";
import { changeOf, DASHBOARD_PRESETS, type DayRange, describeRange } from "~/modules/reports/reports";
import { ReportChart } from "./bar-chart";

const count = (n: number) => n.toLocaleString("en-IN");
const shortDay = (day: string) => `${Number(day.slice(8, 10))}/${Number(day.slice(5, 7))}`;

export function DashboardScreen({
  name,
  greeting,
  allowed,
  range,
  error,
  figures,
  counts,
}: {
  name: string;
  greeting: string;
  allowed: boolean;
  range: DayRange;
  error: string | null;
  figures: DashboardFigures | null;
  counts: { label: string; value: number }[];
}) {
  const period = describeRange(range);
  return (
    <AdminPage>
      <PageHeader title="Dashboard" description={`${greeting}, ${name}.`} />
      {!allowed || !figures ? (
        <p className="rounded-xl border border-amber-300 bg-amber-50 p-5 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
          Your account has no roles yet, so there is nothing to show. Ask a super admin to assign you a role.
        </p>
      ) : (
        <>
          <div className="space-y-2">
            <DateRangeForm presets={DASHBOARD_PRESETS} selected={range.preset} from={range.fromDay} to={range.toDay} />
            <FormMessage error={error} />
            <p className="text-sm text-slate-700 dark:text-slate-300">
              {period} (India time), compared with the {range.days === 1 ? "day" : `${range.days} days`} before.
            </p>
          </div>
          {figures.sales ? <SalesCards sales={figures.sales} days={range.days} period={period} /> : null}
          {figures.lowStock || figures.openConversations !== null || counts.length > 0 ? (
            <StatGrid label="Shop">
              {figures.openConversations !== null ? <Stat label="Open support conversations" value={count(figures.openConversations)} hint={<Link to="/admin/support" className="underline">Open the inbox</Link>} /> : null}
              {figures.lowStock ? <Stat label="Low-stock variants" value={count(figures.lowStock.total)} hint={`Fewer than ${figures.lowStock.threshold} in stock`} /> : null}
              {counts.map((c) => (
                <Stat key={c.label} label={c.label} value={count(c.value)} />
              ))}
            </StatGrid>
          ) : null}
          {figures.lowStock ? (
            <Panel title="Low stock" description={`Variants of active products with fewer than ${figures.lowStock.threshold} in stock (the threshold is a setting), the emptiest first.`}>
              <DataTable
                caption="Low-stock variants"
                rows={figures.lowStock.variants}
                rowKey={(v) => v.variantId}
                columns={[
                  { key: "product", header: "Product", cell: (v) => <Link to={`/admin/catalog/edit/${v.productId}`} className="underline">{v.title}</Link> },
                  { key: "variant", header: "Variant", cell: (v) => v.variantTitle },
                  { key: "sku", header: "SKU", cell: (v) => v.sku },
                  { key: "stock", header: "In stock", cell: (v) => count(v.stock), align: "end" },
                ]}
                empty={<EmptyState title="Nothing is running low" description="Every variant of an active product has enough stock." />}
              />
            </Panel>
          ) : null}
        </>
      )}
    </AdminPage>
  );
}

function SalesCards({ sales, days, period }: { sales: NonNullable<DashboardFigures["sales"]>; days: number; period: string }) {
  const { current: c, previous: p } = sales;
  const best = sales.daily.reduce((b, d) => (d.grossPaise > b.grossPaise ? d : b), sales.daily[0]!);
  const summary =
    c.orders === 0
      ? `Sales per day, ${period}: no sales.`
      : `Sales per day, ${period}: gross ${formatPaise(c.grossPaise)} and net ${formatPaise(c.netPaise)} over ${days} days; the best day was ${best.day} with ${formatPaise(best.grossPaise)} gross.`;
  return (
    <>
      <StatGrid label="Sales">
        <Stat label="Gross sales" value={formatPaise(c.grossPaise)} change={changeOf(c.grossPaise, p.grossPaise, days)} />
        <Stat label="Net sales" value={formatPaise(c.netPaise)} change={changeOf(c.netPaise, p.netPaise, days)} hint={`After ${formatPaise(c.discountPaise)} discounts and ${formatPaise(c.refundedPaise)} refunds`} />
        <Stat label="Orders" value={count(c.orders)} change={changeOf(c.orders, p.orders, days)} />
        <Stat label="Average order value" value={formatPaise(c.averageOrderPaise)} change={changeOf(c.averageOrderPaise, p.averageOrderPaise, days)} />
        <Stat label="Orders to ship" value={count(sales.toShip)} hint={<Link to="/admin/sales?status=processing" className="underline">See them</Link>} />
      </StatGrid>
      <Panel title="Sales per day" description="Gross sales are the goods at their prices (GST included); net sales are after discounts and refunds.">
        <ReportChart rows={sales.daily.map((d) => ({ ...d, day: shortDay(d.day) }))} x="day" series={[{ key: "grossPaise", label: "Gross sales" }, { key: "netPaise", label: "Net sales" }]} type={days > 1 ? "line" : "bar"} summary={summary} />
        <details className="mt-3">
          <summary className="cursor-pointer text-sm font-medium">The figures as a table</summary>
          <DataTable
            caption={`Sales per day, ${period}`}
            rows={sales.daily}
            rowKey={(d) => d.day}
            columns={[
              { key: "day", header: "Day", cell: (d) => d.day },
              { key: "orders", header: "Orders", cell: (d) => count(d.orders), align: "end" },
              { key: "gross", header: "Gross sales", cell: (d) => formatPaise(d.grossPaise), align: "end" },
              { key: "net", header: "Net sales", cell: (d) => formatPaise(d.netPaise), align: "end" },
            ]}
          />
        </details>
      </Panel>
      <Panel title="Top products" description="By sales after discounts in the period.">
        <DataTable
          caption={`Top products, ${period}`}
          rows={sales.topProducts}
          rowKey={(t) => t.productId ?? t.title}
          columns={[
            { key: "product", header: "Product", cell: (t) => t.title },
            { key: "units", header: "Units", cell: (t) => count(t.quantity), align: "end" },
            { key: "net", header: "Sales", cell: (t) => formatPaise(t.netPaise), align: "end" },
          ]}
          empty={<EmptyState title="No sales in this period" />}
        />
      </Panel>
    </>
  );
}
