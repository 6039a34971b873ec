import { describe, expect, it } from "vitest";
import type { CartItem } from "./cart";
import { mergeRestoredItems, mergeRestoredRefs, type RestoredItem } from "./restore";

const item = (variantId: string, quantity: number, engraving?: string): RestoredItem => ({
  productId: "p",
  variantId,
  title: "Bottle",
  variantTitle: "Default",
  price: 129_900,
  quantity,
  image: "",
  sku: "",
  ...(engraving ? { engraving } : {}),
});

describe("restoring a left checkout's lines", () => {
  it("adds new lines, keeps the larger quantity of a line already there, and keeps what the cart had", () => {
    const cart: CartItem[] = [{ ...item("a", 1), id: "1" }, { ...item("b", 5), id: "2" }, { ...item("c", 1), id: "3" }];
    let n = 0;
    const merged = mergeRestoredItems(cart, [item("a", 3), item("b", 2), item("d", 1), item("a", 1, "ASHA")], () => `new${++n}`);
    expect(merged.map((l) => [l.id, l.variantId, l.quantity, l.engraving ?? ""])).toEqual([
      ["1", "a", 3, ""],
      ["2", "b", 5, ""],
      ["3", "c", 1, ""],
      ["new1", "d", 1, ""],
      ["new2", "a", 1, "ASHA"],
    ]);
  });

  it("opening the link twice leaves the cart as once", () => {
    const restored = [item("a", 2), item("b", 1, "RAVI")];
    const once = mergeRestoredItems([], restored);
    const twice = mergeRestoredItems(once, restored);
    expect(twice).toEqual(once);
    const refs = mergeRestoredRefs([], restored);
    expect(mergeRestoredRefs(refs, restored)).toEqual([{ variantId: "a", quantity: 2 }, { variantId: "b", quantity: 1, engraving: "RAVI" }]);
  });
});
