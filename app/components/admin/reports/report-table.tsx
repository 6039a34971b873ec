import { DataTable, type Column } from "~/components/admin/kit/data-table";
import { formatPaise } from "~/lib/money";
import type { ReportColumn, ReportRow, ReportTable as Table } from "~/modules/reports/reports";

// A report's table: the kit's DataTable (caption, column headers, the first column as row
// headers, a sideways-scrolling region that takes keyboard focus) with the totals in its footer.

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
  const columns: Column<ReportRow>[] = table.columns.map((c) => ({ key: c.key, header: c.header, align: c.kind === "text" ? "start" : "end", cell: (r) => cellText(c, r[c.key]) }));
  // Report rows have no id of their own: their place in the report names them.
  return <DataTable caption={caption} rows={table.rows} rowKey={(r) => String(table.rows.indexOf(r))} columns={columns} footer={table.totals ?? undefined} />;
}
