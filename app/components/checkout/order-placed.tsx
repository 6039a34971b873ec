import { Link } from "react-router";
import { OrderFigures } from "./order-figures";
import { stateByCode } from "~/lib/india";
import { formatPaise } from "~/lib/money";
import { type ShopperOrderFigures } from "~/modules/orders/orders";
import { RazorpayPayment, type CheckoutOptions } from "./razorpay-payment";

export type PlacedOrderView = ShopperOrderFigures & {
  number: string;
  placedAt: string;
  status: string;
  paymentMethod: string;
  paymentStatus: string;
  /** An unpaid online order: its items are held until then (ISO time). */
  holdExpiresAt: string | null;
  refundedPaise: number;
  email: string;
  shippingAddress: { name: string; line1: string; line2?: string; city: string; stateCode: string; pin: string; landmark?: string };
};

const clock = new Intl.DateTimeFormat("en-IN", { hour: "numeric", minute: "2-digit", timeZone: "Asia/Kolkata" });

/** Where the payment stands, in the shopper's words; null while an online payment is still to be made. */
function paymentState(order: PlacedOrderView): string | null {
  if (order.paymentMethod === "cod") {
    return `Pay ${formatPaise(order.totalPaise)} in cash (or UPI to the courier, where offered) when it is delivered. A confirmation is on its way to ${order.email}, and we will mail you again when your order ships.`;
  }
  if (order.paymentStatus === "refunded") return `Refunded: ${formatPaise(order.refundedPaise)} is on its way back to your account (5-7 working days).`;
  if (order.status === "cancelled") {
    return order.paymentStatus === "paid"
      ? `This order was cancelled, and your payment of ${formatPaise(order.totalPaise)} is being refunded automatically (5-7 working days).`
      : "This order was cancelled: no payment arrived while your items were held. If money left your account, it is refunded automatically within 5-7 working days.";
  }
  if (order.status === "pending_payment") return null;
  const refund = order.paymentStatus === "partially_refunded" ? ` ${formatPaise(order.refundedPaise)} of it has been refunded.` : "";
  return `Payment of ${formatPaise(order.totalPaise)} received.${refund} A confirmation is on its way to ${order.email}, and we will mail you again when your order ships.`;
}

/** The thank-you page for an order just placed: its number, what was bought, where its payment stands, what happens next. */
export function OrderPlaced({ order, checkout = null, autoOpen = false }: { order: PlacedOrderView; checkout?: CheckoutOptions | null; autoOpen?: boolean }) {
  const a = order.shippingAddress;
  const state = paymentState(order);
  const awaitingPayment = order.paymentMethod === "razorpay" && order.status === "pending_payment";
  return (
    <div className="mx-auto max-w-2xl px-6 py-16">
      <h1 className="text-3xl font-bold">{awaitingPayment ? "Your order is reserved: complete your payment" : order.status === "cancelled" ? "This order was cancelled" : "Thank you! Your order is placed."}</h1>
      <p className="mt-4 text-lg">
        Order number <strong data-testid="order-number">{order.number}</strong>
      </p>
      {state ? (
        <p role="status" data-testid="payment-state" className="mt-4 rounded-2xl bg-sky-50 p-4 text-sky-950">
          {state}
        </p>
      ) : (
        <section aria-labelledby="pay-heading" className="mt-4 rounded-2xl bg-sky-50 p-4 text-sky-950">
          <h2 id="pay-heading" className="text-lg font-bold">
            Payment
          </h2>
          <p role="status" data-testid="payment-state">
            {order.paymentStatus === "failed" ? "Your last payment attempt did not go through. " : ""}
            Pay {formatPaise(order.totalPaise)} by UPI, card or netbanking
            {order.holdExpiresAt ? ` before ${clock.format(new Date(order.holdExpiresAt))}: your items are held for you until then` : ""}.
          </p>
          <RazorpayPayment checkout={checkout} autoOpen={autoOpen} totalPaise={order.totalPaise} retry={order.paymentStatus === "failed"} />
        </section>
      )}
      <section aria-labelledby="placed-summary" className="mt-8 rounded-2xl border border-slate-200 p-5">
        <h2 id="placed-summary" className="text-xl font-bold">
          Summary
        </h2>
        <OrderFigures order={order} totalTestId="order-total" />
      </section>
      <section aria-labelledby="placed-address" className="mt-6">
        <h2 id="placed-address" className="text-lg font-bold">
          Delivering to
        </h2>
        <p className="mt-1">
          {a.name}, {a.line1}
          {a.line2 ? `, ${a.line2}` : ""}, {a.city}, {stateByCode(a.stateCode)?.name ?? a.stateCode} {a.pin}
          {a.landmark ? ` (near ${a.landmark})` : ""}
        </p>
      </section>
      <Link to="/" className="mt-10 inline-block rounded-full bg-brand px-6 py-3 font-semibold text-white hover:bg-brand/90">
        Continue Shopping
      </Link>
    </div>
  );
}
