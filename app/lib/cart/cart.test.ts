import { describe, expect, it } from "vitest";
import { addItem, itemCountLabel, MAX_LINE_QUANTITY, removeItem, setQuantity, shippingPaise, subtotal, totalItems, type NewCartItem } from "./cart";
import { parseCart } from "./cart-storage";

const bottle: NewCartItem = { productId: "p1", variantId: "v1", title: "Glacier", variantTitle: "Black / 500ml", price: 149900, image: "", sku: "GLC-BLA-500" };
let n = 0;
const ids = () => `line-${++n}`;

describe("cart", () => {
  it("merges the same variant with the same engraving, and keeps different engravings apart", () => {
    let cart = addItem([], bottle, ids);
    cart = addItem(cart, bottle, ids);
    expect(cart).toHaveLength(1);
    expect(cart[0]!.quantity).toBe(2);
    cart = addItem(cart, { ...bottle, engraving: " Asha " }, ids);
    cart = addItem(cart, { ...bottle, engraving: "Asha" }, ids);
    expect(cart).toHaveLength(2);
    expect(cart[1]).toMatchObject({ engraving: "Asha", quantity: 2 });
  });

  it("never builds a line over what one order line may hold, whether added again or stepped up", () => {
    expect(MAX_LINE_QUANTITY).toBe(50);
    let cart = addItem([], { ...bottle, quantity: 30 }, ids);
    cart = addItem(cart, { ...bottle, quantity: 30 }, ids);
    expect(cart).toHaveLength(1);
    expect(cart[0]!.quantity).toBe(50);
    expect(addItem([], { ...bottle, quantity: 80 }, ids)[0]!.quantity).toBe(50);
    expect(setQuantity(cart, cart[0]!.id, 51)[0]!.quantity).toBe(50);
    expect(setQuantity(cart, cart[0]!.id, 12)[0]!.quantity).toBe(12);
  });

  it("removes a line set to 0 or less, and totals quantities and paise", () => {
    let cart = addItem(addItem([], bottle, ids), { ...bottle, variantId: "v2", price: 99900, quantity: 3 }, ids);
    expect(totalItems(cart)).toBe(4);
    expect(subtotal(cart)).toBe(149900 + 3 * 99900);
    cart = setQuantity(cart, cart[0]!.id, 0);
    expect(cart).toHaveLength(1);
    cart = removeItem(cart, cart[0]!.id);
    expect(cart).toEqual([]);
  });

  it("repairs a stored cart: bad JSON is empty, malformed lines are dropped", () => {
    expect(parseCart("{not json")).toEqual([]);
    expect(parseCart('{"a":1}')).toEqual([]);
    const good = addItem([], bottle, ids);
    const stored = JSON.stringify([...good, { id: "x", price: "free" }, null, { ...good[0], quantity: -2 }]);
    expect(parseCart(stored)).toEqual(good);
  });

  it("says item or items", () => {
    expect(itemCountLabel(1)).toBe("1 item");
    expect(itemCountLabel(3)).toBe("3 items");
  });

  it("ships free only over the threshold; at or below it the flat fee applies", () => {
    const shipping = { free_over_paise: 499_900, flat_fee_paise: 9_900 };
    expect(shippingPaise(500_000, shipping)).toBe(0);
    expect(shippingPaise(499_900, shipping)).toBe(9_900);
    expect(shippingPaise(100, shipping)).toBe(9_900);
  });
});
