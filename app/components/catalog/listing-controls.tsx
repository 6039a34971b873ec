import { Form, Link } from "react-router";
import { SORTS, type SortKey, pageHref } from "~/modules/catalog/catalog";

// Sorting and paging as a plain GET form and plain links: both work without JavaScript.

export function SortForm({ sort, hidden = {} }: { sort: SortKey; hidden?: Record<string, string> }) {
  return (
    <Form method="get" className="flex items-end gap-2" preventScrollReset>
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label className="flex flex-col text-sm font-medium text-slate-800">
        Sort by
        <select name="sort" defaultValue={sort} className="mt-1 rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900">
          {SORTS.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="rounded-md border border-slate-900 px-4 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-100">
        Apply
      </button>
    </Form>
  );
}

export function Pagination({ pathname, params, page, pageCount }: { pathname: string; params: Record<string, string | undefined>; page: number; pageCount: number }) {
  if (pageCount <= 1) return null;
  const pages = Array.from({ length: pageCount }, (_, i) => i + 1).filter((p) => p === 1 || p === pageCount || Math.abs(p - page) <= 2);
  const link = "inline-flex min-w-10 items-center justify-center rounded-md border border-slate-300 px-3 py-2 text-sm";
  return (
    <nav aria-label="Pagination" className="mt-10 flex flex-wrap items-center justify-center gap-2">
      {page > 1 ? (
        <Link className={link} to={pageHref(pathname, params, page - 1)} rel="prev">
          Previous
        </Link>
      ) : null}
      {pages.map((p, i) => (
        <span key={p} className="contents">
          {i > 0 && p - pages[i - 1]! > 1 ? <span aria-hidden="true">…</span> : null}
          <Link
            className={`${link} ${p === page ? "border-slate-900 bg-slate-900 font-semibold text-white" : "text-slate-900 hover:bg-slate-100"}`}
            to={pageHref(pathname, params, p)}
            aria-current={p === page ? "page" : undefined}
            aria-label={`Page ${p}`}
          >
            {p}
          </Link>
        </span>
      ))}
      {page < pageCount ? (
        <Link className={link} to={pageHref(pathname, params, page + 1)} rel="next">
          Next
        </Link>
      ) : null}
    </nav>
  );
}

export function ResultCount({ total, page, pageSize, pageCount }: { total: number; page: number; pageSize: number; pageCount: number }) {
  if (total === 0) return null;
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <p className="text-sm text-slate-700">
      {pageCount > 1 ? `Showing ${first}-${last} of ${total} products` : `${total} ${total === 1 ? "product" : "products"}`}
    </p>
  );
}
