// zod/mini: this file ships to every storefront page, and the mini build tree-shakes.
import * as z from "zod/mini";

// The browser cart of spec sections 3-5, as pure functions. Stored under localStorage key 'cart'.
export const CART_STORAGE_KEY = "cart";

export const cartItemSchema = z.object({
  id: z.string().check(z.minLength(1)),
  productId: z.string().check(z.minLength(1)),
  variantId: z.string().check(z.minLength(1)),
  title: z.string(),
  variantTitle: z._default(z.string(), "Default"),
  /** Unit price in paise. */
  price: z.int().check(z.positive()),
  quantity: z.int().check(z.positive()),
  image: z._default(z.string(), ""),
  sku: z._default(z.string(), ""),
  /** Product slug, for the line's link. */
  slug: z.optional(z.string()),
  engraving: z.optional(z.string()),
});
export type CartItem = z.infer<typeof cartItemSchema>;
export type NewCartItem = Omit<CartItem, "id" | "quantity"> & { quantity?: number };

/** Reads a stored cart, dropping malformed lines; anything unreadable becomes an empty cart. */
export function parseCart(raw: string | null): CartItem[] {
  if (!raw) return [];
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(data)) return [];
  return data.flatMap((line) => {
    const parsed = cartItemSchema.safeParse(line);
    return parsed.success ? [parsed.data] : [];
  });
}

const sameLine = (a: { variantId: string; engraving?: string }, b: { variantId: string; engraving?: string }) =>
  a.variantId === b.variantId && (a.engraving?.trim() || "") === (b.engraving?.trim() || "");

/** Same variant and same engraving raise that line's quantity; otherwise a new line. */
export function addItem(cart: CartItem[], item: NewCartItem, newId: () => string = () => crypto.randomUUID()): CartItem[] {
  const quantity = Math.max(1, Math.floor(item.quantity ?? 1));
  const engraving = item.engraving?.trim() || undefined;
  const existing = cart.find((line) => sameLine(line, { variantId: item.variantId, engraving }));
  if (existing) return cart.map((line) => (line === existing ? { ...line, quantity: line.quantity + quantity } : line));
  return [...cart, { ...item, engraving, quantity, id: newId() } as CartItem];
}

/** A quantity of 0 or less removes the line. */
export function setQuantity(cart: CartItem[], id: string, quantity: number): CartItem[] {
  if (quantity <= 0) return removeItem(cart, id);
  return cart.map((line) => (line.id === id ? { ...line, quantity: Math.floor(quantity) } : line));
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
