import { useEffect } from "react";
import { data, Link } from "react-router";
import { z } from "zod";
import { useCart } from "~/components/cart/cart-context";
import { OrderPlaced } from "~/components/checkout/order-placed";
import { pageMeta } from "~/lib/meta";
import { requireSameOrigin } from "~/lib/same-origin.server";
import { REFUSAL_STATUS } from "~/lib/save-outcome";
import { orderForShopper, confirmCheckoutPayment, paymentCheckoutFor } from "~/modules/orders/orders.server";
import type { Route } from "./+types/thank-you";

function linkOf(request: Request) {
  const url = new URL(request.url);
  return { number: url.searchParams.get("order"), key: url.searchParams.get("key"), pay: url.searchParams.get("pay") === "1" };
}

/** /thank-you?order=GL-000123&key=...: the order just placed, shown only with the secret its link carries; an unpaid online order is paid here. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { number, key, pay } = linkOf(request);
  const order = number && key ? await orderForShopper(context.services.db, number, key) : null;
  const checkout = order && number && key ? await paymentCheckoutFor(context.services, number, key) : null;
  return {
    order: order ? { ...order, id: undefined, placedAt: order.placedAt.toISOString(), holdExpiresAt: order.holdExpiresAt?.toISOString() ?? null } : null,
    checkout,
    // Straight from checkout: open the payment window at once.
    autoOpen: pay,
    asked: Boolean(number),
  };
}

const verifyInput = z.object({
  intent: z.literal("verify"),
  razorpay_payment_id: z.string().trim().min(1).max(64),
  razorpay_order_id: z.string().trim().min(1).max(64).optional(),
  razorpay_signature: z.string().trim().min(1).max(128),
});
const prepareInput = z.object({ intent: z.literal("prepare") });

/** The payment step: "prepare" makes sure a Razorpay order exists; "verify" checks Checkout's signed answer on the server. */
export async function action({ request, context }: Route.ActionArgs) {
  requireSameOrigin(request, context.services.config.publicUrl);
  const { number, key } = linkOf(request);
  if (!number || !key) return data({ ok: false as const, error: "This payment link is incomplete." }, { status: 400 });
  const form = Object.fromEntries(await request.formData());
  const prepare = prepareInput.safeParse(form);
  if (prepare.success) {
    try {
      const checkout = await paymentCheckoutFor(context.services, number, key, { create: true });
      if (!checkout) return data({ ok: false as const, error: "This order has nothing left to pay." }, { status: 409 });
      return { ok: true as const, checkout };
    } catch (error) {
      context.services.log.warn({ err: error, order: number }, "could not prepare the payment");
      return data({ ok: false as const, error: "Online payment is not reachable right now. Please try again in a minute; your items stay held meanwhile." }, { status: 503 });
    }
  }
  const parsed = verifyInput.safeParse(form);
  if (!parsed.success) return data({ ok: false as const, error: "The payment answer is incomplete." }, { status: 400 });
  const result = await confirmCheckoutPayment(context.services, number, key, {
    paymentId: parsed.data.razorpay_payment_id,
    razorpayOrderId: parsed.data.razorpay_order_id,
    signature: parsed.data.razorpay_signature,
  });
  if (!result.ok) return data({ ok: false as const, error: result.message }, { status: REFUSAL_STATUS[result.refusal] });
  return { ok: true as const, message: result.message, paymentStatus: result.paymentStatus };
}

export const meta: Route.MetaFunction = () => pageMeta({ title: "Thank you", description: "Thank you for shopping with GLACIAL.", noindex: true });

export default function ThankYou({ loaderData }: Route.ComponentProps) {
  const { clear, hydrated } = useCart();
  const placed = loaderData.order !== null;
  // The order holds the cart's lines now: the browser's copy goes.
  useEffect(() => {
    if (placed && hydrated) clear();
  }, [placed, hydrated, clear]);
  if (loaderData.order) return <OrderPlaced order={loaderData.order} checkout={loaderData.checkout} autoOpen={loaderData.autoOpen} />;
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
