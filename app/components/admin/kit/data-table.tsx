import { useId, type ReactNode } from "react";
import { Link } from "react-router";
import { cn } from "~/lib/cn";

export type Column<Row> = {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Numbers and money line up on the right. */
  align?: "start" | "end";
  /** The first column names the row (a row header, which screen readers announce with each cell). */
  rowHeader?: boolean;
  /** When set, the header links to the list sorted by this key (server-side sorting, works without script). */
  sortKey?: string;
};

export type TableSort = { by: string; dir: "asc" | "desc"; hrefFor: (key: string, dir: "asc" | "desc") => string };

/**
 * The admin list: a real table with a caption, column headers and row headers, scrolling sideways
 * on a narrow screen instead of squeezing. Sorting and paging are links (the server sorts), so a
 * list is shareable and works before the page's script has loaded.
 */
export function DataTable<Row>({
  caption,
  captionVisible = false,
  rows,
  rowKey,
  columns,
  empty,
  sort,
  rowHeaders = true,
  footer,
  className,
}: {
  caption: string;
  captionVisible?: boolean;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  columns: readonly Column<Row>[];
  empty?: ReactNode;
  sort?: TableSort;
  /** False for a log whose rows no one cell names (every cell is a plain data cell). */
  rowHeaders?: boolean;
  /** A last row in the table's footer (a report's totals), drawn with the same columns. */
  footer?: Row;
  className?: string;
}) {
  const captionId = useId();
  if (rows.length === 0 && empty) return <>{empty}</>;
  const firstIsHeader = rowHeaders && !columns.some((c) => c.rowHeader);
  const cells = (row: Row) =>
    columns.map((c, i) => {
      const Cell = rowHeaders && (c.rowHeader || (firstIsHeader && i === 0)) ? "th" : "td";
      return (
        <Cell key={c.key} scope={Cell === "th" ? "row" : undefined} className={cn("py-2 pr-4 last:pr-0", Cell === "th" && "font-medium", c.align === "end" && "text-right tabular-nums")}>
          {c.cell(row)}
        </Cell>
      );
    });
  return (
    // A table wider than the screen scrolls sideways; the scrolling area takes keyboard focus (and
    // is named by the caption) so it can be scrolled without a mouse.
    <div role="region" aria-labelledby={captionId} tabIndex={0} className={cn("overflow-x-auto focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600", className)}>
      <table className="w-full text-left text-sm">
        <caption id={captionId} className={captionVisible ? "mb-2 text-left font-medium" : "sr-only"}>
          {caption}
        </caption>
        <thead className="border-b border-slate-300 dark:border-slate-700">
          <tr>
            {columns.map((c) => {
              const sorted = sort && c.sortKey && sort.by === c.sortKey ? sort.dir : null;
              return (
                <th
                  key={c.key}
                  scope="col"
                  aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : undefined}
                  className={cn("py-2 pr-4 font-semibold whitespace-nowrap last:pr-0", c.align === "end" && "text-right")}
                >
                  {sort && c.sortKey ? (
                    <Link
                      to={sort.hrefFor(c.sortKey, sorted === "desc" ? "asc" : "desc")}
                      className="underline decoration-slate-400 underline-offset-2 hover:decoration-current"
                    >
                      {c.header}
                      {sorted ? <span aria-hidden="true">{sorted === "desc" ? " ↓" : " ↑"}</span> : null}
                    </Link>
                  ) : (
                    c.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className="border-b border-slate-200 align-top dark:border-slate-800">
              {cells(row)}
            </tr>
          ))}
        </tbody>
        {footer ? (
          <tfoot className="font-semibold">
            <tr>{cells(footer)}</tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}
