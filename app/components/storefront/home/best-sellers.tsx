import { useEffect, useRef, useState } from "react";
import { type HomeCardView, LOAD_MORE_BATCH, showLoadMore } from "~/modules/catalog/catalog";
import { HomeProductCard } from "./product-card";

type Page = { cards: HomeCardView[]; total: number };

async function fetchPage(offset: number, limit: number): Promise<Page> {
  const res = await fetch(`/api/best-sellers?offset=${offset}&limit=${limit}`, { headers: { Accept: "application/json" } });
  if (!res.ok) throw new Error(`best sellers answered ${res.status}`);
  return (await res.json()) as Page;
}

/** Best Seller: the first page comes from the loader; 'Load More Bottles' appends batches of 6. */
export function BestSellers({ initial, total, loadMoreEnabled }: { initial: HomeCardView[]; total: number; loadMoreEnabled: boolean }) {
  const [extra, setExtra] = useState<HomeCardView[]>([]);
  const [knownTotal, setKnownTotal] = useState(total);
  const [loading, setLoading] = useState(false);
  const [lastBatchEmpty, setLastBatchEmpty] = useState(false);
  const extraCount = useRef(0);
  extraCount.current = extra.length;

  // The loader's first page changed (live update): refresh the appended batches too, so they
  // show current prices and do not repeat or skip products.
  useEffect(() => {
    setKnownTotal(total);
    const n = extraCount.current;
    if (n === 0) return;
    let cancelled = false;
    fetchPage(initial.length, n)
      .then((page) => {
        if (cancelled) return;
        setExtra(page.cards);
        setKnownTotal(page.total);
      })
      .catch((error: unknown) => console.warn("best sellers could not be refreshed", error));
    return () => {
      cancelled = true;
    };
  }, [initial, total]);

  const loaded = initial.length + extra.length;
  const loadMore = async () => {
    setLoading(true);
    try {
      const page = await fetchPage(loaded, LOAD_MORE_BATCH);
      setExtra((e) => [...e, ...page.cards]);
      setKnownTotal(page.total);
      setLastBatchEmpty(page.cards.length === 0);
    } catch (error) {
      // Logged only; the flag is cleared.
      console.warn("more best sellers could not be loaded", error);
    } finally {
      setLoading(false);
    }
  };

  const cards = [...initial, ...extra];
  return (
    <section aria-labelledby="best-seller" className="render-when-near mx-auto max-w-7xl px-4 py-12">
      <h2 id="best-seller" className="text-3xl font-bold">
        Best Seller
      </h2>
      <p className="mt-2 max-w-2xl text-slate-700">
        The smart water bottle that tracks your hydration and keeps your drinks at the perfect temperature all day.
      </p>
      {cards.length === 0 ? (
        <p className="mt-6 text-slate-700">No products available at the moment</p>
      ) : (
        <ul className="mt-8 grid grid-cols-2 gap-4 md:grid-cols-3 md:gap-6 lg:grid-cols-4">
          {cards.map((card) => (
            <HomeProductCard key={card.id} card={card} />
          ))}
        </ul>
      )}
      {showLoadMore({ enabled: loadMoreEnabled, total: knownTotal, loaded, lastBatchEmpty }) ? (
        <div className="mt-8 flex justify-center">
          <button
            type="button"
            onClick={loadMore}
            disabled={loading}
            className="rounded-full border-2 border-brand px-8 py-3 font-semibold text-brand hover:bg-slate-50 disabled:opacity-70"
          >
            {loading ? "Loading..." : "Load More Bottles"}
          </button>
        </div>
      ) : null}
    </section>
  );
}
