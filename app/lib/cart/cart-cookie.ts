// The browser cart lives in localStorage, which the server cannot read. Checkout must render on
// the server and work as a plain form before any script runs, so the cart's lines (variant,
// quantity, engraving: never prices, which the server takes from the database) are mirrored
// into a cookie the server reads when it prices the order.

export const CART_COOKIE = "glacial_cart";
/** Browsers keep about 4 KB per cookie; a cart that does not fit is marked as such. */
export const MAX_CART_COOKIE_CHARS = 3800;
export const CART_COOKIE_OVERFLOW = "overflow";

export type CartLineRef = { variantId: string; quantity: number; engraving?: string };

/** The cookie value for these lines, or CART_COOKIE_OVERFLOW when it would not fit. */
export function encodeCartCookie(lines: readonly CartLineRef[]): string {
  const compact = lines.map((l) => (l.engraving ? [l.variantId, l.quantity, l.engraving] : [l.variantId, l.quantity]));
  const value = encodeURIComponent(JSON.stringify(compact));
  return value.length > MAX_CART_COOKIE_CHARS ? CART_COOKIE_OVERFLOW : value;
}

/** The cookie's value for a cart with no lines. */
export const EMPTY_CART_COOKIE = encodeCartCookie([]);

/** The cart cookie lives as long as a left cart is worth restoring: 30 days. */
export const CART_COOKIE_MAX_AGE = 60 * 60 * 24 * 30;

/** The whole cookie (for Set-Cookie or document.cookie) that mirrors these lines; Secure on https. */
export function cartCookie(lines: readonly CartLineRef[], secure: boolean): string {
  return `${CART_COOKIE}=${encodeCartCookie(lines)}; Path=/; Max-Age=${CART_COOKIE_MAX_AGE}; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/**
 * The lines a cookie names; malformed entries are dropped. What comes back is only a claim of the
 * browser's: the server checks every variant and quantity against the database before pricing.
 */
export function decodeCartCookie(value: string | undefined | null): CartLineRef[] | "overflow" {
  if (!value) return [];
  if (value === CART_COOKIE_OVERFLOW) return "overflow";
  let data: unknown;
  try {
    data = JSON.parse(decodeURIComponent(value));
  } catch {
    return [];
  }
  if (!Array.isArray(data)) return [];
  return data.flatMap((entry): CartLineRef[] => {
    if (!Array.isArray(entry)) return [];
    const [variantId, quantity, engraving] = entry as unknown[];
    if (typeof variantId !== "string" || variantId.length > 64) return [];
    if (typeof quantity !== "number" || !Number.isInteger(quantity) || quantity < 1) return [];
    if (engraving !== undefined && (typeof engraving !== "string" || engraving.length > 200)) return [];
    return [{ variantId, quantity, ...(engraving ? { engraving } : {}) }];
  });
}

/** Reads one cookie from a Cookie header. */
export function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const at = part.indexOf("=");
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}
