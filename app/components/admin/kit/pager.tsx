import { Link } from "react-router";

/** Previous / next links for a server-paged list; nothing when everything fits on one page. */
export function Pager({ page, pageCount, hrefFor, label = "Pages" }: { page: number; pageCount: number; hrefFor: (page: number) => string; label?: string }) {
  if (pageCount <= 1) return null;
  const link = "rounded-md px-2 py-1 font-medium text-teal-800 underline dark:text-teal-300";
  return (
    <nav aria-label={label} className="flex items-center gap-4 text-sm">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className={link} rel="prev">
          Previous
        </Link>
      ) : null}
      <span aria-current="page">
        Page {page} of {pageCount}
      </span>
      {page < pageCount ? (
        <Link to={hrefFor(page + 1)} className={link} rel="next">
          Next
        </Link>
      ) : null}
    </nav>
  );
}

/** The href of the same list on another page or sort: the current query string with `changes` applied. */
export function withParams(search: URLSearchParams | Record<string, string>, changes: Record<string, string | number | null>): string {
  const params = new URLSearchParams(search instanceof URLSearchParams ? search : Object.entries(search).filter(([, v]) => v !== ""));
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === "") params.delete(key);
    else params.set(key, String(value));
  }
  const query = params.toString();
  return query ? `?${query}` : "?";
}
