// zod/mini, and loaded after the page is interactive: the schema's library stays out of every
// page's initial JavaScript (the cart needs it only to read what browser storage holds).
import * as z from "zod/mini";

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

