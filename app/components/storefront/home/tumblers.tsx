import type { HomeCardView } from "~/modules/catalog/catalog";
import { HomeProductCard } from "./product-card";

/** Premium Tumblers: renders nothing when there are none. */
export function PremiumTumblers({ cards }: { cards: HomeCardView[] }) {
  if (cards.length === 0) return null;
  return (
    <section aria-labelledby="premium-tumblers" className="render-when-near mx-auto max-w-7xl px-4 py-12">
      <h2 id="premium-tumblers" className="text-3xl font-bold">
        Premium Tumblers
      </h2>
      <p className="mt-2 max-w-2xl text-slate-700">Insulated tumblers that keep your coffee and tea hot through the morning, and your iced drinks cold till evening.</p>
      <ul className="mt-8 grid grid-cols-2 gap-4 md:grid-cols-3 md:gap-6 lg:grid-cols-4">
        {cards.map((card) => (
          <HomeProductCard key={card.id} card={card} />
        ))}
      </ul>
    </section>
  );
}
