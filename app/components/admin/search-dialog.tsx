import { FileText, Package, Search } from "lucide-react";
import { Dialog } from "radix-ui";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { useFetcher, useNavigate } from "react-router";

export type SearchResults = {
  pages: { label: string; href: string }[];
  products: { id: string; title: string; sku: string | null; status: string; href: string }[];
};

type Hit = { key: string; label: string; detail: string; href: string; kind: "page" | "product" };

/** Global admin search: Ctrl/Cmd+K opens it; staff pages by name and products by title or SKU. */
export function SearchDialog() {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const fetcher = useFetcher<SearchResults>();
  const navigate = useNavigate();
  const listId = useId();

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "k") {
        e.preventDefault();
        setOpen((o) => !o);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  // fetcher.load is not a stable reference: keep the latest in a ref so a new result does not
  // trigger another request (and reset the keyboard selection).
  const loadRef = useRef(fetcher.load);
  loadRef.current = fetcher.load;
  useEffect(() => {
    if (!open) return;
    const t = setTimeout(() => void loadRef.current(`/admin/search?q=${encodeURIComponent(query)}`), 120);
    return () => clearTimeout(t);
  }, [open, query]);

  const hits: Hit[] = useMemo(() => {
    const data = fetcher.data;
    if (!data) return [];
    return [
      ...data.pages.map((p) => ({ key: `page:${p.href}:${p.label}`, label: p.label, detail: "Page", href: p.href, kind: "page" as const })),
      ...data.products.map((p) => ({
        key: `product:${p.id}`,
        label: p.title,
        detail: [p.sku ? `SKU ${p.sku}` : null, p.status].filter(Boolean).join(" · "),
        href: p.href,
        kind: "product" as const,
      })),
    ];
  }, [fetcher.data]);

  // A new list starts at its first entry; the same list again (a background revalidation re-runs
  // the fetcher's loader) keeps the keyboard selection where it is.
  const hitKeys = hits.map((h) => h.key).join("\n");
  useEffect(() => setActive(0), [hitKeys]);

  const go = (hit: Hit | undefined) => {
    if (!hit) return;
    setOpen(false);
    setQuery("");
    navigate(hit.href);
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "ArrowDown") {
      e.preventDefault();
      setActive((i) => (hits.length ? (i + 1) % hits.length : 0));
    } else if (e.key === "ArrowUp") {
      e.preventDefault();
      setActive((i) => (hits.length ? (i - 1 + hits.length) % hits.length : 0));
    } else if (e.key === "Enter") {
      e.preventDefault();
      go(hits[active]);
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className="inline-flex h-9 w-full max-w-sm items-center gap-2 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-600 hover:border-slate-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-300">
        <Search aria-hidden className="size-4" />
        <span className="flex-1 text-left">Search...</span>
        <kbd className="hidden rounded border border-slate-300 px-1.5 text-xs sm:inline dark:border-slate-600">Ctrl K</kbd>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed top-[15vh] left-1/2 z-50 w-[min(40rem,calc(100vw-2rem))] -translate-x-1/2 rounded-xl border border-slate-200 bg-white text-slate-900 shadow-2xl dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
        >
          <Dialog.Title className="sr-only">Search the admin</Dialog.Title>
          <div className="flex items-center gap-2 border-b border-slate-200 px-4 dark:border-slate-700">
            <Search aria-hidden className="size-5 text-slate-500" />
            <input
              autoFocus
              role="combobox"
              aria-label="Search products and pages"
              aria-expanded={hits.length > 0}
              aria-controls={listId}
              aria-activedescendant={hits[active] ? `${listId}-${active}` : undefined}
              aria-autocomplete="list"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              onKeyDown={onKeyDown}
              placeholder="Search products by title or SKU, or pages by name"
              className="h-12 flex-1 bg-transparent text-base outline-none placeholder:text-slate-500 dark:placeholder:text-slate-400"
            />
          </div>
          <ul id={listId} role="listbox" aria-label="Search results" className="max-h-96 overflow-y-auto p-2">
            {hits.map((hit, i) => (
              <li
                key={hit.key}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === active}
                onMouseEnter={() => setActive(i)}
                onClick={() => go(hit)}
                className={`flex cursor-pointer items-center gap-3 rounded-md px-3 py-2 ${i === active ? "bg-teal-700 text-white" : ""}`}
              >
                {hit.kind === "page" ? <FileText aria-hidden className="size-4 shrink-0" /> : <Package aria-hidden className="size-4 shrink-0" />}
                <span className="flex-1 truncate">{hit.label}</span>
                <span className={`text-xs ${i === active ? "text-teal-50" : "text-slate-600 dark:text-slate-300"}`}>{hit.detail}</span>
              </li>
            ))}
          </ul>
          {fetcher.data && hits.length === 0 ? (
            <p role="status" className="px-5 pb-5 text-sm text-slate-600 dark:text-slate-300">
              No results for “{query}”.
            </p>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
