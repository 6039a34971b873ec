import { Link } from "react-router";
import { useCartActions } from "~/components/cart/cart-context";
import { HydrateWhenNear } from "~/components/storefront/hydrate-when-near";
import { earlyCardTap } from "~/lib/early-taps";
import { TOP_SALE_BANNER, type ProductCardView } from "~/modules/catalog/catalog";

// Product cards of collection, category and search pages.

/** The first rows on a phone (two columns) or a desktop's first row: their images load eagerly and they hydrate with the page. */
const EAGER_CARDS = 4;

/**
 * How wide a card's picture is in the grid below (the page's `max-w-6xl px-4` column, `gap-x-4`):
 * two columns on a phone, three from `md`, four from `lg`. With the card's width `srcset` a phone
 * fetches a picture of about its own 180 px (at its pixel ratio), not the 1024 px file a 2x
 * density candidate gave it. Keep in step with the grid's classes.
 */
const CARD_SIZES = "(min-width: 1152px) 268px, (min-width: 1024px) calc(25vw - 20px), (min-width: 768px) calc(33.3vw - 22px), calc(50vw - 24px)";

type GridProps = {
  cards: ProductCardView[];
  /** Replaces the plain name, e.g. with highlighted search matches. */
  renderTitle?: (card: ProductCardView) => React.ReactNode;
  /** Extra lines under the title. */
  children?: (card: ProductCardView) => React.ReactNode;
};

export function ProductGrid({ cards, renderTitle, children }: GridProps) {
  return (
    <ul className="grid grid-cols-2 gap-x-4 gap-y-8 md:grid-cols-3 lg:grid-cols-4">
      {cards.map((card, i) => {
        const content = (
          <ProductCard card={card} eager={i < EAGER_CARDS} title={renderTitle?.(card)}>
            {children?.(card)}
          </ProductCard>
        );
        // Cards past the first rows hydrate as the shopper scrolls near them (or taps one): a
        // collection of forty cards was most of its page's hydration on a slow phone.
        return (
          <li key={card.id}>
            {i < EAGER_CARDS ? content : <HydrateWhenNear className="h-full">{content}</HydrateWhenNear>}
          </li>
        );
      })}
    </ul>
  );
}

export function ProductCard({ card, eager, title, children }: { card: ProductCardView; eager?: boolean; title?: React.ReactNode; children?: React.ReactNode }) {
  const { addItem } = useCartActions();
  return (
    <article className="flex h-full flex-col">
      <Link to={`/product/${card.slug}`} className="group block rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand">
        <div className="relative overflow-hidden rounded-lg bg-slate-100">
          <img
            src={card.image}
            srcSet={card.imageSrcSet}
            sizes={CARD_SIZES}
            // The link's heading names the product; repeating it as alt text reads it twice.
            alt=""
            width={512}
            height={512}
            loading={eager ? "eager" : "lazy"}
            decoding="async"
            className="aspect-square w-full object-cover transition-transform group-hover:scale-105"
          />
          {card.badge ? (
            <span className="absolute left-2 top-2 rounded-full bg-red-700 px-2 py-0.5 text-xs font-bold text-white">{card.badge}</span>
          ) : null}
          {card.topSale ? (
            <span className="absolute inset-x-0 bottom-0 bg-slate-900 py-1 text-center text-xs font-bold tracking-wide text-white">{TOP_SALE_BANNER}</span>
          ) : null}
        </div>
        <h3 className="mt-3 font-medium text-slate-900 group-hover:underline">{title ?? card.name}</h3>
      </Link>
      {children}
      <p className="mt-1 text-slate-900">
        <span className="font-semibold">{card.price}</span>{" "}
        {card.oldPrice ? (
          <s className="text-slate-600">
            <span className="sr-only">Original price </span>
            {card.oldPrice}
          </s>
        ) : null}
      </p>
      <button
        type="button"
        className="mt-auto rounded-full bg-brand px-4 py-2 text-sm font-semibold text-white hover:bg-slate-800 disabled:opacity-60"
        disabled={!card.variantId}
        {...earlyCardTap(card)}
        onClick={() => {
          if (!card.variantId) return;
          addItem({
            productId: card.id,
            variantId: card.variantId,
            title: card.name,
            variantTitle: card.variantTitle,
            price: card.pricePaise,
            image: card.cartImage,
            sku: card.sku ?? "",
            slug: card.slug,
          });
        }}
      >
        Add to Cart<span className="sr-only">: {card.name}</span>
      </button>
    </article>
  );
}
