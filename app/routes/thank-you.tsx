import { useEffect } from "react";
import { Link } from "react-router";
import { useCart } from "~/components/cart/cart-context";
import { OrderPlaced } from "~/components/checkout/order-placed";
import { pageMeta } from "~/lib/meta";
import { orderForShopper } from "~/modules/orders/checkout.server";
import type { Route } from "./+types/thank-you";

/** /thank-you?order=GL-000123&key=...: the order just placed, shown only with the secret its link carries. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const number = url.searchParams.get("order");
  const key = url.searchParams.get("key");
  const order = number && key ? await orderForShopper(context.services.db, number, key) : null;
  return { order: order ? { ...order, placedAt: order.placedAt.toISOString() } : null, asked: Boolean(number) };
}

export const meta: Route.MetaFunction = () => pageMeta({ title: "Thank you", description: "Thank you for shopping with GLACIAL.", noindex: true });

export default function ThankYou({ loaderData }: Route.ComponentProps) {
  const { clear, hydrated } = useCart();
  const placed = loaderData.order !== null;
  // The order holds the cart's lines now: the browser's copy goes.
  useEffect(() => {
    if (placed && hydrated) clear();
  }, [placed, hydrated, clear]);
  if (loaderData.order) return <OrderPlaced order={loaderData.order} />;
  return (
    <div className="mx-auto max-w-xl px-6 py-24 text-center">
      <h1 className="text-3xl font-bold">Thank you!</h1>
      <p className="mt-4 text-slate-700">
        {loaderData.asked
          ? "We could not find that order from this link. If you placed an order, the confirmation mail has the right link; or contact us and we will help."
          : "Thank you for shopping with GLACIAL. When you place an order, a confirmation is sent to your email, and our team is here 24 hours a day, 7 days a week if you need anything."}
      </p>
      <Link to="/" className="mt-8 inline-block rounded-full bg-brand px-6 py-3 font-semibold text-white hover:bg-brand/90">
        Continue Shopping
      </Link>
    </div>
  );
}
