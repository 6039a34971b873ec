import type { CartItem } from "./cart";
import type { CartLineRef } from "./cart-cookie";

// A reminder's link puts the lines of a left checkout back into a cart that may already hold
// things (the same device, or a new cart since). A restored line joins the cart; where the cart
// already has that variant with that engraving, the larger quantity stays. So opening the link
// twice (a reload, a second click) leaves the cart as once, and nothing the shopper added since is lost.

export type RestoredItem = Omit<CartItem, "id">;

const keyOf = (l: { variantId: string; engraving?: string }) => `${l.variantId}\u0000${l.engraving?.trim() || ""}`;

/** The browser cart with the restored lines joined (same line: the larger quantity). */
export function mergeRestoredItems(cart: readonly CartItem[], restored: readonly RestoredItem[], newId: () => string = () => crypto.randomUUID()): CartItem[] {
  const next = [...cart];
  for (const line of restored) {
    const at = next.findIndex((l) => keyOf(l) === keyOf(line));
    if (at === -1) next.push({ ...line, id: newId() });
    else if (next[at]!.quantity < line.quantity) next[at] = { ...next[at]!, quantity: line.quantity };
  }
  return next;
}

/** The same join for the lines the cart cookie carries (what the server reads when no script runs). */
export function mergeRestoredRefs(cart: readonly CartLineRef[], restored: readonly CartLineRef[]): CartLineRef[] {
  const next = [...cart];
  for (const line of restored) {
    const at = next.findIndex((l) => keyOf(l) === keyOf(line));
    if (at === -1) next.push({ variantId: line.variantId, quantity: line.quantity, ...(line.engraving ? { engraving: line.engraving } : {}) });
    else if (next[at]!.quantity < line.quantity) next[at] = { ...next[at]!, quantity: line.quantity };
  }
  return next;
}
