import { ChevronLeft, ChevronRight } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import type { CollectionCardView as CollectionCard } from "~/modules/catalog/catalog";

/** One scroll step: a 444 px card plus the 24 px gap. */
export const CARD_WIDTH_PX = 444;
export const CARD_GAP_PX = 24;
export const SCROLL_STEP_PX = CARD_WIDTH_PX + CARD_GAP_PX;

export function CollectionScroller({ collections }: { collections: CollectionCard[] }) {
  const track = useRef<HTMLUListElement>(null);
  const [can, setCan] = useState({ left: false, right: false });
  const update = useCallback(() => {
    const el = track.current;
    if (!el) return;
    setCan({ left: el.scrollLeft > 1, right: el.scrollLeft + el.clientWidth < el.scrollWidth - 1 });
  }, []);
  useEffect(() => {
    update();
    window.addEventListener("resize", update);
    return () => window.removeEventListener("resize", update);
  }, [update, collections]);

  if (collections.length === 0) return null;
  const scroll = (dir: 1 | -1) => track.current?.scrollBy({ left: dir * SCROLL_STEP_PX, behavior: "smooth" });
  const arrow = "absolute top-1/2 z-10 -translate-y-1/2 rounded-full bg-white p-3 text-slate-900 shadow-lg hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-accent";
  return (
    <section aria-labelledby="collections-heading" className="mx-auto max-w-7xl px-4 py-12">
      <h2 id="collections-heading" className="text-3xl font-bold">
        Explore Collection
      </h2>
      <div className="relative mt-6">
        {can.left ? (
          <button type="button" className={`${arrow} left-2`} aria-label="Scroll collections left" onClick={() => scroll(-1)}>
            <ChevronLeft className="size-5" aria-hidden="true" />
          </button>
        ) : null}
        <ul ref={track} onScroll={update} className="flex snap-x snap-mandatory gap-6 overflow-x-auto scroll-smooth pb-2 [scrollbar-width:thin]" data-testid="collection-track">
          {collections.map((c) => (
            <li key={c.id} className="w-[min(444px,85vw)] shrink-0 snap-start">
              <Link to={`/collections/${c.slug}`} className="group block overflow-hidden rounded-2xl bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-accent">
                {c.image ? (
                  <img src={c.image} alt="" width={800} height={600} loading="lazy" decoding="async" className="aspect-[4/3] w-full object-cover transition-transform group-hover:scale-105" />
                ) : (
                  <div className="flex aspect-[4/3] w-full items-center justify-center text-slate-600">No image</div>
                )}
                <p className="px-4 py-3 text-lg font-semibold text-slate-900">{c.name}</p>
              </Link>
            </li>
          ))}
        </ul>
        {can.right ? (
          <button type="button" className={`${arrow} right-2`} aria-label="Scroll collections right" onClick={() => scroll(1)}>
            <ChevronRight className="size-5" aria-hidden="true" />
          </button>
        ) : null}
      </div>
    </section>
  );
}

/**
 * 'Loading collections...' in the space the scroller will take, so the
 * sections below do not jump when the collections stream in (a layout shift Lighthouse counts).
 */
export function CollectionScrollerFallback() {
  return (
    <section aria-busy="true" aria-labelledby="collections-heading" className="mx-auto max-w-7xl px-4 py-12">
      <h2 id="collections-heading" className="text-3xl font-bold">
        Explore Collection
      </h2>
      <div className="mt-6 flex gap-6 overflow-hidden pb-2">
        {[0, 1, 2].map((i) => (
          <div key={i} className="w-[min(444px,85vw)] shrink-0 overflow-hidden rounded-2xl bg-slate-100">
            <div className="flex aspect-[4/3] w-full items-center justify-center text-slate-700">{i === 0 ? "Loading collections..." : null}</div>
            <p className="px-4 py-3 text-lg" aria-hidden="true">
              &nbsp;
            </p>
          </div>
        ))}
      </div>
    </section>
  );
}
