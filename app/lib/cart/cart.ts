import type { CartItem } from "./cart-storage";

// The browser cart, as pure functions. Stored under localStorage key 'cart'.
export const CART_STORAGE_KEY = "cart";

export type { CartItem };
export type NewCartItem = Omit<CartItem, "id" | "quantity"> & { quantity?: number };

/**
 * Most units one cart line may hold: checkout refuses a line over it, so the cart never builds one
 * (a shopper who adds the same bottle again past it keeps this many, not an order that fails later).
 */
export const MAX_LINE_QUANTITY = 50;

const sameLine = (a: { variantId: string; engraving?: string }, b: { variantId: string; engraving?: string }) =>
  a.variantId === b.variantId && (a.engraving?.trim() || "") === (b.engraving?.trim() || "");

/** Same variant and same engraving raise that line's quantity; otherwise a new line. */
export function addItem(cart: CartItem[], item: NewCartItem, newId: () => string = () => crypto.randomUUID()): CartItem[] {
  const quantity = Math.min(MAX_LINE_QUANTITY, Math.max(1, Math.floor(item.quantity ?? 1)));
  const engraving = item.engraving?.trim() || undefined;
  const existing = cart.find((line) => sameLine(line, { variantId: item.variantId, engraving }));
  if (existing) return cart.map((line) => (line === existing ? { ...line, quantity: Math.min(MAX_LINE_QUANTITY, line.quantity + quantity) } : line));
  return [...cart, { ...item, engraving, quantity, id: newId() } as CartItem];
}

/** A quantity of 0 or less removes the line; more than a line may hold keeps the most it may. */
export function setQuantity(cart: CartItem[], id: string, quantity: number): CartItem[] {
  if (quantity <= 0) return removeItem(cart, id);
  return cart.map((line) => (line.id === id ? { ...line, quantity: Math.min(MAX_LINE_QUANTITY, Math.floor(quantity)) } : line));
}

export function removeItem(cart: CartItem[], id: string): CartItem[] {
  return cart.filter((line) => line.id !== id);
}

export function totalItems(cart: CartItem[]): number {
  return cart.reduce((n, line) => n + line.quantity, 0);
}

/** Paise. */
export function subtotal(cart: CartItem[]): number {
  return cart.reduce((sum, line) => sum + line.price * line.quantity, 0);
}

export function itemCountLabel(count: number): string {
  return `${count} ${count === 1 ? "item" : "items"}`;
}

/** Orders over the threshold ship free; below it the flat fee applies. */
export function shippingPaise(subtotalPaise: number, shipping: { free_over_paise: number; flat_fee_paise: number }): number {
  return subtotalPaise > shipping.free_over_paise ? 0 : shipping.flat_fee_paise;
}
