import { Link } from "react-router";
import { useCart } from "~/components/cart/cart-context";
import { CartNotices, lineName } from "~/components/cart/cart-lines";
import { useCartPriceCheck } from "~/components/cart/use-cart-price-check";
import { itemCountLabel, shippingPaise } from "~/lib/cart/cart";
import { markDegraded } from "~/load-context";
import { pageMeta } from "~/lib/meta";
import { formatPaise } from "~/lib/money";
import { storefrontGstPercent, storefrontShipping } from "~/modules/settings/storefront-prices.server";
import type { Route } from "./+types/checkout";

export async function loader({ context }: Route.LoaderArgs) {
  // Spec sections 8 and 9: GST is cached 60 s, and a failing read means 18 %.
  const [gstPercent, shipping] = await Promise.all([
    storefrontGstPercent(context.services, () => markDegraded(context)),
    storefrontShipping(context.services, () => markDegraded(context)),
  ]);
  return { gstPercent, shipping };
}

export const meta: Route.MetaFunction = () => pageMeta({ title: "Checkout", description: "Review your GLACIAL order.", noindex: true });

/** GST contained in a GST-inclusive amount, in paise. */
function includedGst(totalPaise: number, percent: number): number {
  return Math.round((totalPaise * percent) / (100 + percent));
}

/** /checkout: a summary of the cart. Payment is not built yet, and the page says so; no order is created. */
export default function Checkout({ loaderData }: Route.ComponentProps) {
  const { items, totalItems, subtotal, hydrated } = useCart();
  const { notices, failed } = useCartPriceCheck(true);
  const shipping = shippingPaise(subtotal, loaderData.shipping);
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold">Checkout</h1>
      <div role="status" className="mt-6 rounded-2xl border border-sky-300 bg-sky-50 p-5 text-sky-950">
        <p className="font-semibold">Online checkout opens soon</p>
        <p className="mt-1 text-sm">
          We are finishing secure online payment. You cannot place an order here yet and nothing has been charged. Your cart stays saved on this device; to
          order today, <Link to="/contact" className="font-semibold underline">contact us</Link>.
        </p>
      </div>
      {!hydrated ? (
        <p className="mt-6">Loading...</p>
      ) : items.length === 0 ? (
        <div className="mt-8 space-y-4">
          <p className="text-lg font-semibold">Your cart is empty</p>
          <Link to="/all-products" className="inline-block rounded-full bg-brand px-6 py-3 font-semibold text-white">
            Continue Shopping
          </Link>
        </div>
      ) : (
        <section aria-labelledby="summary-heading" className="mt-8 space-y-4">
          <h2 id="summary-heading" className="text-xl font-bold">
            Order summary ({itemCountLabel(totalItems)})
          </h2>
          <CartNotices notices={notices} failed={failed} />
          <ul className="divide-y divide-slate-200 rounded-2xl border border-slate-200">
            {items.map((line) => (
              <li key={line.id} className="flex justify-between gap-4 p-4">
                <span>
                  {lineName(line)} × {line.quantity}
                  {line.engraving ? <span className="block text-sm text-slate-600">Engraving: “{line.engraving}”</span> : null}
                </span>
                <span className="font-medium">{formatPaise(line.price * line.quantity)}</span>
              </li>
            ))}
          </ul>
          <dl className="space-y-2 rounded-2xl bg-slate-50 p-4">
            <div className="flex justify-between">
              <dt>Subtotal</dt>
              <dd data-testid="checkout-subtotal">{formatPaise(subtotal)}</dd>
            </div>
            <div className="flex justify-between text-sm text-slate-700">
              <dt>Includes GST ({loaderData.gstPercent}%)</dt>
              <dd data-testid="checkout-gst">{formatPaise(includedGst(subtotal, loaderData.gstPercent))}</dd>
            </div>
            <div className="flex justify-between text-sm text-slate-700">
              <dt>Shipping</dt>
              <dd data-testid="checkout-shipping">{shipping === 0 ? "Free" : formatPaise(shipping)}</dd>
            </div>
            <div className="flex justify-between font-semibold">
              <dt>Total</dt>
              <dd data-testid="checkout-total">{formatPaise(subtotal + shipping)}</dd>
            </div>
            {shipping > 0 ? (
              <p className="text-sm text-slate-700">Free shipping on orders over {formatPaise(loaderData.shipping.free_over_paise)}.</p>
            ) : null}
          </dl>
          <Link to="/cart" className="inline-block font-semibold text-brand underline">
            Back to cart
          </Link>
        </section>
      )}
    </div>
  );
}
