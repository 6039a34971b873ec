import { formatPaise } from "~/lib/money";

// How an order's discount reads wherever the order is shown (the thank-you page, the shopper's
// account, the back office, the confirmation mail): one label and one figure.

export type OrderDiscount = { code: string; kind: string; paise: number };

/** The discount frozen on an order, or null when it had none. */
export function orderDiscountOf(order: { discountCode: string | null; discountKind: string | null; discountPaise: number }): OrderDiscount | null {
  return order.discountCode ? { code: order.discountCode, kind: order.discountKind ?? "", paise: order.discountPaise } : null;
}

export function discountLine(discount: OrderDiscount): { label: string; value: string } {
  return { label: `Discount (${discount.code})`, value: discount.kind === "free_shipping" ? "Free shipping" : `−${formatPaise(discount.paise)}` };
}
