import { formatPaise } from "~/lib/money";
import type { CartItem } from "./cart";

/** The server's answer for one variant (POST /api/cart/verify). */
export type VerifiedVariant = { variantId: string; pricePaise: number; available: boolean; slug?: string; gstRatePercent?: number };

export type CartNotice = { kind: "price" | "removed"; lineId: string; message: string };

/**
 * Brings stored cart lines in line with the catalog: a changed price is corrected and announced,
 * a line whose product is gone or no longer on sale is removed and announced. Nothing is kept silently.
 */
export function reconcileCart(items: CartItem[], verified: VerifiedVariant[]): { items: CartItem[]; notices: CartNotice[] } {
  const byVariant = new Map(verified.map((v) => [v.variantId, v]));
  const notices: CartNotice[] = [];
  const next: CartItem[] = [];
  for (const line of items) {
    const name = line.variantTitle && line.variantTitle !== "Default" ? `${line.title} (${line.variantTitle})` : line.title;
    const current = byVariant.get(line.variantId);
    if (!current || !current.available) {
      notices.push({ kind: "removed", lineId: line.id, message: `${name} is no longer available and was removed from your cart.` });
      continue;
    }
    if (current.pricePaise !== line.price) {
      notices.push({
        kind: "price",
        lineId: line.id,
        message: `The price of ${name} changed from ${formatPaise(line.price)} to ${formatPaise(current.pricePaise)}.`,
      });
      next.push({ ...line, price: current.pricePaise, slug: line.slug ?? current.slug });
      continue;
    }
    next.push(line.slug || !current.slug ? line : { ...line, slug: current.slug });
  }
  return { items: next, notices };
}
