import { Minus, Plus, Trash2 } from "lucide-react";
import { Link } from "react-router";
import { MAX_LINE_QUANTITY, type CartItem } from "~/lib/cart/cart";
import type { CartNotice } from "~/lib/cart/reconcile";
import { formatPaise } from "~/lib/money";
import { PLACEHOLDER_IMAGE } from "~/modules/media/media";
import { useCart } from "./cart-context";

/** Link target of a line: its product page by slug, or by id for lines stored without one. */
export function productHref(line: Pick<CartItem, "slug" | "productId">): string {
  return `/product/${encodeURIComponent(line.slug || line.productId)}`;
}

export function lineName(line: Pick<CartItem, "title" | "variantTitle">): string {
  return line.variantTitle && line.variantTitle !== "Default" ? `${line.title} (${line.variantTitle})` : line.title;
}

/** Cart lines with image, title, price, a stepper that never goes below 1, and remove. */
export function CartLines({ onNavigate, size = "sm" }: { onNavigate?: () => void; size?: "sm" | "lg" }) {
  const { items, setQuantity, removeItem } = useCart();
  const img = size === "lg" ? "size-24" : "size-20";
  return (
    <ul className="divide-y divide-slate-200" aria-label="Cart items">
      {items.map((line) => {
        const name = lineName(line);
        return (
          <li key={line.id} className="flex gap-4 py-4" data-testid="cart-line">
            <img
              src={line.image || PLACEHOLDER_IMAGE}
              alt=""
              width={160}
              height={160}
              loading="lazy"
              className={`${img} shrink-0 rounded-lg bg-slate-100 object-cover`}
            />
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <Link to={productHref(line)} onClick={onNavigate} className="font-semibold text-slate-900 hover:underline">
                {line.title}
              </Link>
              {line.variantTitle && line.variantTitle !== "Default" ? <p className="text-sm text-slate-600">{line.variantTitle}</p> : null}
              {line.engraving ? <p className="text-sm text-slate-600">Engraving: “{line.engraving}”</p> : null}
              <p className="font-medium text-slate-900" data-testid="line-price">
                {formatPaise(line.price)}
              </p>
              <div className="mt-1 flex items-center gap-3">
                <div className="inline-flex items-center rounded-full border border-slate-300">
                  <button
                    type="button"
                    className="inline-flex size-9 items-center justify-center rounded-full hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-40"
                    aria-label={`Decrease quantity of ${name}`}
                    disabled={line.quantity <= 1}
                    onClick={() => setQuantity(line.id, Math.max(1, line.quantity - 1))}
                  >
                    <Minus className="size-4" aria-hidden="true" />
                  </button>
                  <span className="w-8 text-center tabular-nums" aria-label={`Quantity of ${name}`} data-testid="line-quantity">
                    {line.quantity}
                  </span>
                  <button
                    type="button"
                    className="inline-flex size-9 items-center justify-center rounded-full hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-40"
                    aria-label={`Increase quantity of ${name}`}
                    disabled={line.quantity >= MAX_LINE_QUANTITY}
                    onClick={() => setQuantity(line.id, line.quantity + 1)}
                  >
                    <Plus className="size-4" aria-hidden="true" />
                  </button>
                </div>
                {line.quantity >= MAX_LINE_QUANTITY ? <span className="text-xs text-slate-600">Up to {MAX_LINE_QUANTITY} per order</span> : null}
                <button
                  type="button"
                  className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm text-slate-700 hover:bg-slate-100 hover:text-red-700"
                  aria-label={`Remove ${name}`}
                  onClick={() => removeItem(line.id)}
                >
                  <Trash2 className="size-4" aria-hidden="true" />
                  <span>Remove</span>
                </button>
              </div>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

export function CartNotices({ notices, failed }: { notices: CartNotice[]; failed: boolean }) {
  if (!notices.length && !failed) return null;
  return (
    <div role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950" data-testid="cart-notices">
      {failed ? <p>We could not re-check prices just now. They will be confirmed again at checkout.</p> : null}
      {notices.length ? (
        <ul className="list-disc space-y-1 pl-5">
          {notices.map((n) => (
            <li key={`${n.kind}-${n.lineId}`}>{n.message}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
