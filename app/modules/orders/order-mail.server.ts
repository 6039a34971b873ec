import { formatPaise } from "~/lib/money";
import { stateByCode } from "~/lib/india";
import type { MailMessage } from "~/modules/mail/mail.server";
import { discountLine } from "./order-discount";
import type { ShopperOrderView } from "./shopper-order.server";

/** The shopper's confirmation: what was ordered, what it costs, where it goes, what happens next. */
export function orderConfirmationMail(order: ShopperOrderView, link: string): MailMessage {
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
    to: order.email,
    subject: `Your GLACIAL order ${order.number}`,
    text: [
      `Thank you for your order ${order.number}.`,
      "",
      ...lines,
      "",
      ...money,
      "",
      "Delivering to:",
      `${a.name}, ${a.line1}${a.line2 ? `, ${a.line2}` : ""}, ${a.city}, ${stateByCode(a.stateCode)?.name ?? a.stateCode} ${a.pin}`,
      "",
      next,
      "",
      `Your order: ${link}`,
    ].join("\n"),
  };
}
