import { useId } from "react";
import { cn } from "~/lib/cn";
import { formatPaise } from "~/lib/money";
import type { ReportColumn, ReportRow, ReportTable as Table } from "~/modules/reports/reports";

// A report's table: caption, column headers, the first column as row headers, and the totals in
// the table's footer. Wide tables scroll sideways inside a region that takes keyboard focus (so
// the arrow keys scroll it), named by the caption. (The kit's DataTable has neither a footer nor
// a focusable scroll region.)

export function cellText(c: ReportColumn, v: ReportRow[string] | undefined): string {
  if (v === undefined || v === "") return "";
  if (typeof v === "number") {
    if (c.kind === "money") return formatPaise(v);
    if (c.kind === "percent") return `${v}%`;
    return v.toLocaleString("en-IN");
  }
  return v;
}

export function ReportTable({ table, caption }: { table: Table; caption: string }) {
  const id = useId();
  const end = (c: ReportColumn) => c.kind !== "text";
  const row = (r: ReportRow) =>
    table.columns.map((c, i) => {
      const Cell = i === 0 ? "th" : "td";
      return (
        <Cell key={c.key} scope={i === 0 ? "row" : undefined} className={cn("py-2 pr-4 last:pr-0", i === 0 && "font-medium", end(c) && "text-right tabular-nums")}>
          {cellText(c, r[c.key])}
        </Cell>
      );
    });
  return (
    <div role="region" aria-labelledby={id} tabIndex={0} className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-offset-2">
      <table className="w-full text-left text-sm">
        <caption id={id} className="sr-only">
          {caption}
        </caption>
        <thead className="border-b border-slate-300 dark:border-slate-700">
          <tr>
            {table.columns.map((c) => (
              <th key={c.key} scope="col" className={cn("py-2 pr-4 font-semibold whitespace-nowrap last:pr-0", end(c) && "text-right")}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((r, i) => (
            <tr key={i} className="border-b border-slate-200 align-top dark:border-slate-800">
              {row(r)}
            </tr>
          ))}
        </tbody>
        {table.totals ? (
          <tfoot className="font-semibold">
            <tr>{row(table.totals)}</tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}
