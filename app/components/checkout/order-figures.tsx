import { formatPaise } from "~/lib/money";
import { discountLine, type ShopperOrderFigures } from "~/modules/orders/orders";

/** What a shopper sees of a placed order's money, frozen when it was placed (thank-you page and the account's order page). */
export type OrderFiguresView = Omit<ShopperOrderFigures, "roundOffPaise">;

/** The order's lines, then subtotal, discount, shipping, cash-on-delivery fee, total and the GST it includes. */
export function OrderFigures({ order, totalTestId, roomy = false }: { order: OrderFiguresView; totalTestId: string; roomy?: boolean }) {
  return (
    <>
      <ul className="mt-3 divide-y divide-slate-200">
        {order.lines.map((l, i) => (
          <li key={i} className={`flex justify-between gap-4 ${roomy ? "py-3" : "py-2"}`}>
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
        {order.discount ? (
          <div className="flex justify-between" data-testid="order-discount">
            <dt>{discountLine(order.discount).label}</dt>
            <dd>{discountLine(order.discount).value}</dd>
          </div>
        ) : null}
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
          <dd data-testid={totalTestId}>{formatPaise(order.totalPaise)}</dd>
        </div>
      </dl>
      <p className="mt-1 text-sm text-slate-700">Includes GST of {formatPaise(order.taxPaise)}.</p>
    </>
  );
}
