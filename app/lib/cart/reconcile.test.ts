import { describe, expect, it } from "vitest";
import type { CartItem } from "./cart";
import { reconcileCart } from "./reconcile";

const line = (over: Partial<CartItem>): CartItem => ({
  id: "l1",
  productId: "p1",
  variantId: "v1",
  title: "Glacier Classic Bottle",
  variantTitle: "Black / 750ml",
  price: 149900,
  quantity: 2,
  image: "",
  sku: "GC-BLA-750",
  ...over,
});

describe("reconcileCart", () => {
  it("keeps lines whose price and availability are unchanged, with no notice", () => {
    const items = [line({})];
    const out = reconcileCart(items, [{ variantId: "v1", pricePaise: 149900, available: true }]);
    expect(out.items).toEqual(items);
    expect(out.notices).toEqual([]);
  });

  it("corrects a changed price and says so with both amounts", () => {
    const out = reconcileCart([line({})], [{ variantId: "v1", pricePaise: 129900, available: true }]);
    expect(out.items[0]!.price).toBe(129900);
    expect(out.items[0]!.quantity).toBe(2);
    expect(out.notices).toEqual([
      { kind: "price", lineId: "l1", message: "The price of Glacier Classic Bottle (Black / 750ml) changed from ₹1,499 to ₹1,299." },
    ]);
  });

  it("removes a line whose product is no longer active or whose variant is gone, and says so", () => {
    const out = reconcileCart(
      [line({}), line({ id: "l2", variantId: "v2", title: "Chai Tumbler", variantTitle: "Default" })],
      [{ variantId: "v1", pricePaise: 149900, available: false }],
    );
    expect(out.items).toEqual([]);
    expect(out.notices.map((n) => n.message)).toEqual([
      "Glacier Classic Bottle (Black / 750ml) is no longer available and was removed from your cart.",
      "Chai Tumbler is no longer available and was removed from your cart.",
    ]);
  });

  it("fills in a missing slug from the server so the line links to its product page", () => {
    const out = reconcileCart([line({ slug: undefined })], [{ variantId: "v1", pricePaise: 149900, available: true, slug: "glacier-classic-bottle" }]);
    expect(out.items[0]!.slug).toBe("glacier-classic-bottle");
    expect(out.notices).toEqual([]);
  });
});
