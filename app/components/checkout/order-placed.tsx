import { Link } from "react-router";
import { stateByCode } from "~/lib/india";
import { formatPaise } from "~/lib/money";

export type PlacedOrderView = {
  number: string;
  placedAt: string;
  paymentMethod: string;
  email: string;
  shippingAddress: { name: string; line1: string; line2?: string; city: string; stateCode: string; pin: string; landmark?: string };
  lines: { title: string; variantTitle: string; engraving: string | null; quantity: number; totalPaise: number }[];
  subtotalPaise: number;
  shippingPaise: number;
  codFeePaise: number;
  roundOffPaise: number;
  totalPaise: number;
  taxPaise: number;
};

/** The thank-you page for an order just placed: its number, what was bought, what happens next. */
export function OrderPlaced({ order }: { order: PlacedOrderView }) {
  const a = order.shippingAddress;
  return (
    <div className="mx-auto max-w-2xl px-6 py-16">
      <h1 className="text-3xl font-bold">Thank you! Your order is placed.</h1>
      <p className="mt-4 text-lg">
        Order number <strong data-testid="order-number">{order.number}</strong>
      </p>
      <p role="status" className="mt-4 rounded-2xl bg-sky-50 p-4 text-sky-950">
        {order.paymentMethod === "cod"
          ? `Pay ${formatPaise(order.totalPaise)} in cash (or UPI to the courier, where offered) when it is delivered.`
          : "Your payment is being confirmed."}{" "}
        A confirmation is on its way to {order.email}, and we will mail you again when your order ships.
      </p>
      <section aria-labelledby="placed-summary" className="mt-8 rounded-2xl border border-slate-200 p-5">
        <h2 id="placed-summary" className="text-xl font-bold">
          Summary
        </h2>
        <ul className="mt-3 divide-y divide-slate-200">
          {order.lines.map((l, i) => (
            <li key={i} className="flex justify-between gap-4 py-2">
              <span>
                {l.title}
                {l.variantTitle && l.variantTitle !== "Default" ? ` (${l.variantTitle})` : ""} × {l.quantity}
                {l.engraving ? <span className="block text-sm text-slate-700">Engraving: “{l.engraving}”</span> : null}
              </span>
              <span>{formatPaise(l.totalPaise)}</span>
            </li>
          ))}
        </ul>
        <dl className="mt-3 space-y-1 border-t border-slate-200 pt-3">
          <div className="flex justify-between">
            <dt>Subtotal</dt>
            <dd>{formatPaise(order.subtotalPaise)}</dd>
          </div>
          <div className="flex justify-between">
            <dt>Shipping</dt>
            <dd>{order.shippingPaise === 0 ? "Free" : formatPaise(order.shippingPaise)}</dd>
          </div>
          {order.codFeePaise ? (
            <div className="flex justify-between">
              <dt>Cash on delivery fee</dt>
              <dd>{formatPaise(order.codFeePaise)}</dd>
            </div>
          ) : null}
          <div className="flex justify-between text-lg font-bold">
            <dt>Total</dt>
            <dd data-testid="order-total">{formatPaise(order.totalPaise)}</dd>
          </div>
        </dl>
        <p className="mt-1 text-sm text-slate-700">Includes GST of {formatPaise(order.taxPaise)}.</p>
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
