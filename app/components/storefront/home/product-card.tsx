import { Link } from "react-router";
import { useCartActions } from "~/components/cart/cart-context";
import { earlyCardTap } from "~/lib/early-taps";
import { TOP_SALE_BANNER, type HomeCardView } from "~/modules/catalog/catalog";

/** A home-page product card (Best Seller, Premium Tumblers). */
export function HomeProductCard({ card }: { card: HomeCardView }) {
  const { addItem } = useCartActions();
  const add = () =>
    addItem({
      productId: card.id,
      variantId: card.variantId ?? "",
      title: card.name,
      variantTitle: card.variantTitle,
      // A card without a variant has no price the cart can trust: the cart refuses it and asks for a refresh.
      price: card.variantId ? card.pricePaise : null,
      // The server's own cart-thumbnail URL, version included, so the image is cached for good.
      image: card.cartImage,
      sku: card.sku ?? "",
      slug: card.slug,
    });
  return (
    <li className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white">
      <Link to={`/product/${card.slug}`} className="group relative block focus-visible:outline-2 focus-visible:outline-brand-accent">
        <img src={card.image} alt={card.name} width={512} height={512} loading="lazy" decoding="async" className="aspect-square w-full bg-slate-100 object-cover" />
        {card.badge ? (
          <span className="absolute top-3 left-3 rounded-full bg-red-700 px-3 py-1 text-xs font-bold text-white" data-testid="badge">
            {card.badge}
          </span>
        ) : null}
        {card.topSale ? <span className="absolute inset-x-0 bottom-0 bg-amber-400 py-1.5 text-center text-xs font-extrabold tracking-wide text-slate-950">{TOP_SALE_BANNER}</span> : null}
      </Link>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <Link to={`/product/${card.slug}`} className="font-semibold text-slate-900 hover:underline">
          {card.name}
        </Link>
        <p className="flex items-baseline gap-2">
          <span className="text-lg font-bold text-slate-900">{card.price || "Price unavailable"}</span>
          {card.oldPrice ? (
            <s className="text-sm text-slate-600">
              <span className="sr-only">Was </span>
              {card.oldPrice}
            </s>
          ) : null}
        </p>
        <button type="button" onClick={add} {...earlyCardTap(card)} className="mt-auto rounded-full bg-brand px-4 py-2.5 font-semibold text-white hover:bg-brand/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-accent">
          Add to Cart<span className="sr-only">: {card.name}</span>
        </button>
      </div>
    </li>
  );
}
