import { Link } from "react-router";
import { DateRangeForm } from "~/components/admin/kit/date-range-form";
import { EmptyState } from "~/components/admin/kit/empty-state";
import { AdminPage, PageHeader } from "~/components/admin/kit/page-header";
import { Panel } from "~/components/admin/kit/panel";
import { buttonClass } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { formatPaise } from "~/lib/money";
import { describeRange, PERIOD_UNITS, REPORT_KINDS, REPORT_PRESETS, type Report, type ReportQuery, type ReportRow, reportCsvHref } from "~/modules/reports/reports";
import { ReportChart } from "./bar-chart";
import { ReportTable } from "./report-table";

/** The most rows a chart draws (the table beside it has them all). */
const CHART_ROWS = 31;

export function ReportsScreen({ query, report }: { query: ReportQuery; report: Report }) {
  const period = describeRange(query.range);
  const keep = (slug: string, extra: Record<string, string> = {}) =>
    `/admin/reports?${new URLSearchParams({ report: slug, range: query.range.preset, from: query.range.fromDay, to: query.range.toDay, ...extra }).toString()}`;
  const first = report.tables[0]!;
  const chartRows = first.rows.slice(0, CHART_ROWS);
  const chart = report.chart;
  const lead = chart ? chartRows.reduce<ReportRow | null>((b, r) => (b === null || Number(r[chart.series[0]!.key]) > Number(b[chart.series[0]!.key]) ? r : b), null) : null;
  const summary =
    chart && lead
      ? `${first.caption}, ${period}: ${first.rows.length} rows${first.rows.length > CHART_ROWS ? ` (the first ${CHART_ROWS} drawn)` : ""}; the highest ${chart.series[0]!.label.toLowerCase()} is ${String(lead[chart.x])} with ${formatPaise(Number(lead[chart.series[0]!.key]))}.`
      : `${first.caption}, ${period}: nothing to draw.`;
  return (
    <AdminPage>
      <PageHeader title="Reports" description="The shop's figures for a period, each with its CSV. Days are India's (IST)." />
      <nav aria-label="Reports">
        <ul className="flex flex-wrap gap-2">
          {REPORT_KINDS.map((k) => (
            <li key={k.slug}>
              <Link
                to={keep(k.slug)}
                aria-current={k.slug === report.slug ? "page" : undefined}
                className={cn("inline-block rounded-full border px-3 py-1 text-sm", k.slug === report.slug ? "border-slate-900 bg-slate-900 text-white dark:border-slate-100 dark:bg-slate-100 dark:text-slate-900" : "border-slate-300 dark:border-slate-700")}
              >
                {k.title}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="space-y-2">
        <DateRangeForm presets={REPORT_PRESETS} selected={query.range.preset} from={query.range.fromDay} to={query.range.toDay} hidden={report.slug === "sales" ? { report: report.slug, unit: query.unit } : { report: report.slug }} />
        {query.error ? (
          <p role="alert" className="text-sm text-red-800 dark:text-red-300">
            {query.error}
          </p>
        ) : null}
      </div>
      <Panel
        title={`${report.title}: ${period}`}
        description={report.description}
        actions={report.tables.map((t, i) => (
          <a key={t.id} href={reportCsvHref(query, i)} download className={buttonClass("secondary", "sm")}>
            Download CSV{report.tables.length > 1 ? `: ${t.caption}` : ""}
          </a>
        ))}
      >
        {report.slug === "sales" ? (
          <p className="mb-3 text-sm">
            Per{" "}
            {PERIOD_UNITS.map((u, i) => (
              <span key={u.value}>
                {i > 0 ? " · " : null}
                {u.value === query.unit ? (
                  <strong aria-current="true">{u.label}</strong>
                ) : (
                  <Link to={keep("sales", { unit: u.value })} className="underline">
                    {u.label}
                  </Link>
                )}
              </span>
            ))}
          </p>
        ) : null}
        {chart && first.rows.length > 0 ? <ReportChart rows={chartRows} x={chart.x} series={chart.series} type={chart.type} summary={summary} /> : null}
        {report.notes.map((n) => (
          <p key={n} className="mt-2 text-sm text-slate-700 dark:text-slate-300">
            {n}
          </p>
        ))}
      </Panel>
      {report.tables.map((t) => (
        <Panel key={t.id} title={t.caption}>
          {t.rows.length === 0 ? <EmptyState title="Nothing in this period" description="Choose another period above." /> : <ReportTable table={t} caption={`${t.caption}, ${period}`} />}
        </Panel>
      ))}
    </AdminPage>
  );
}
