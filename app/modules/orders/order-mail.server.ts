import { formatPaise } from "~/lib/money";
import { stateByCode } from "~/lib/india";
import { discountLine } from "./order-discount";
import type { ShopperOrderView } from "./shopper-order.server";

/** The confirmation's values: what was ordered, what it costs, where it goes, what happens next. */
export function orderConfirmationValues(order: ShopperOrderView): Record<string, string> {
  const a = order.shippingAddress;
  const lines = order.lines.map(
    (l) => `- ${l.title}${l.variantTitle && l.variantTitle !== "Default" ? ` (${l.variantTitle})` : ""}${l.engraving ? `, engraved "${l.engraving}"` : ""} x ${l.quantity}: ${formatPaise(l.totalPaise)}`,
  );
  const money = [
    `Subtotal: ${formatPaise(order.subtotalPaise)}`,
    ...(order.discount ? [`${discountLine(order.discount).label}: ${discountLine(order.discount).value}`] : []),
    `Shipping: ${order.shippingPaise === 0 ? "Free" : formatPaise(order.shippingPaise)}`,
    ...(order.codFeePaise ? [`Cash on delivery fee: ${formatPaise(order.codFeePaise)}`] : []),
    ...(order.roundOffPaise ? [`Round-off: ${formatPaise(order.roundOffPaise)}`] : []),
    `Total: ${formatPaise(order.totalPaise)} (includes GST of ${formatPaise(order.taxPaise)})`,
  ];
  const next =
    order.paymentMethod === "cod"
      ? `Please keep ${formatPaise(order.totalPaise)} ready to pay when it is delivered. We will mail you when it ships.`
      : order.paymentStatus === "paid"
        ? `We have received your payment of ${formatPaise(order.totalPaise)}. We will mail you when it ships.`
        : "We will mail you when it ships.";
  return {
    "order.items": lines.join("\n"),
    "order.totals": money.join("\n"),
    "order.address": `${a.name}, ${a.line1}${a.line2 ? `, ${a.line2}` : ""}, ${a.city}, ${stateByCode(a.stateCode)?.name ?? a.stateCode} ${a.pin}`,
    "order.next": next,
  };
}
