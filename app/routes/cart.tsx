import { Link } from "react-router";
import { useCart } from "~/components/cart/cart-context";
import { CartLines, CartNotices } from "~/components/cart/cart-lines";
import { useCartPriceCheck } from "~/components/cart/use-cart-price-check";
import { itemCountLabel, shippingPaise } from "~/lib/cart/cart";
import { withGstRates } from "~/lib/india";
import { markDegraded } from "~/load-context";
import { pageMeta } from "~/lib/meta";
import { formatPaise } from "~/lib/money";
import { storefrontShipping } from "~/modules/settings/settings.server";
import type { Route } from "./+types/cart";

export async function loader({ context }: Route.LoaderArgs) {
  const shipping = await storefrontShipping(context.services, () => markDegraded(context));
  return { shipping };
}

export const meta: Route.MetaFunction = () => pageMeta({ title: "Your Cart", description: "The items in your GLACIAL cart.", noindex: true });

/** /cart: the same lines and stepper as the drawer, with prices re-checked on arrival. */
export default function CartPage({ loaderData }: Route.ComponentProps) {
  const { items, totalItems, subtotal, hydrated } = useCart();
  // The rates come with the price check: each product may carry its own, so the shop's default alone could be wrong.
  const { notices, failed, gstRates } = useCartPriceCheck(true);
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-bold">Your Cart</h1>
      {!hydrated ? (
        <p className="mt-6 text-slate-700" role="status">
          Loading...
        </p>
      ) : items.length === 0 ? (
        <div className="mt-10 flex flex-col items-center gap-4 py-10 text-center">
          <p className="text-lg font-semibold">Your cart is empty</p>
          <Link to="/all-products" className="rounded-full bg-brand px-6 py-3 font-semibold text-white hover:bg-brand/90">
            Continue Shopping
          </Link>
          <CartNotices notices={notices} failed={false} />
        </div>
      ) : (
        <div className="mt-6 grid gap-10 lg:grid-cols-[1fr_20rem]">
          <div className="space-y-4">
            <p className="text-slate-700">{itemCountLabel(totalItems)}</p>
            <CartNotices notices={notices} failed={failed} />
            <CartLines size="lg" />
          </div>
          <aside aria-label="Order summary" className="h-fit space-y-4 rounded-2xl border border-slate-200 p-6">
            <div className="flex justify-between text-lg font-semibold">
              <span>Subtotal</span>
              <span data-testid="cart-subtotal">{formatPaise(subtotal)}</span>
            </div>
            <p className="text-sm text-slate-700">
              {withGstRates("Prices include GST", gstRates)}.{" "}
              {shippingPaise(subtotal, loaderData.shipping) === 0 ? "Your order ships free." : `Free shipping on orders over ${formatPaise(loaderData.shipping.free_over_paise)}.`}
            </p>
            <Link to="/checkout" className="block rounded-full bg-brand px-6 py-3 text-center font-semibold text-white hover:bg-brand/90">
              Proceed to Checkout
            </Link>
            <Link to="/all-products" className="block text-center text-sm font-semibold text-brand underline">
              Continue Shopping
            </Link>
          </aside>
        </div>
      )}
    </div>
  );
}
