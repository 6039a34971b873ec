import { describe, expect, it } from "vitest";
import { CART_COOKIE_OVERFLOW, cartCookie, decodeCartCookie, EMPTY_CART_COOKIE, encodeCartCookie, readCookie } from "./cart-cookie";

const V1 = "0b8c9a2e-4f6d-4a3b-9c1d-2e3f4a5b6c7d";
const V2 = "1c9d0b3f-5a7e-4b4c-8d2e-3f4a5b6c7d8e";

describe("cart cookie", () => {
  it("names the value an empty cart writes, which the browser cart takes to mean there is nothing stored to read", () => {
    expect(encodeCartCookie([])).toBe(EMPTY_CART_COOKIE);
    expect(decodeCartCookie(EMPTY_CART_COOKIE)).toEqual([]);
  });

  it("is written whole in one place: 30 days, the whole site, Lax, Secure only on https", () => {
    const lines = [{ variantId: "11111111-1111-4111-8111-111111111111", quantity: 2 }];
    expect(cartCookie(lines, false)).toBe(`glacial_cart=${encodeCartCookie(lines)}; Path=/; Max-Age=2592000; SameSite=Lax`);
    expect(cartCookie(lines, true)).toBe(`glacial_cart=${encodeCartCookie(lines)}; Path=/; Max-Age=2592000; SameSite=Lax; Secure`);
  });

  it("round-trips variants, quantities and engravings, never prices", () => {
    const value = encodeCartCookie([{ variantId: V1, quantity: 2 }, { variantId: V2, quantity: 1, engraving: "For Asha; with love" }]);
    expect(value).not.toContain(";");
    expect(decodeCartCookie(value)).toEqual([{ variantId: V1, quantity: 2 }, { variantId: V2, quantity: 1, engraving: "For Asha; with love" }]);
    expect(readCookie(`a=1; glacial_cart=${value}; b=2`, "glacial_cart")).toBe(value);
  });

  it("drops malformed lines and reads garbage as an empty cart", () => {
    const tampered = encodeURIComponent(JSON.stringify([[V1, 0], [V1, 1.5], [42, 1], [V2, 3], "x"]));
    expect(decodeCartCookie(tampered)).toEqual([{ variantId: V2, quantity: 3 }]);
    expect(decodeCartCookie("%E0%A4%A")).toEqual([]);
    expect(decodeCartCookie("")).toEqual([]);
  });

  it("says so when a cart is too large for a cookie", () => {
    const lines = Array.from({ length: 120 }, () => ({ variantId: V1, quantity: 1 }));
    expect(encodeCartCookie(lines)).toBe(CART_COOKIE_OVERFLOW);
    expect(decodeCartCookie(CART_COOKIE_OVERFLOW)).toBe("overflow");
  });
});
