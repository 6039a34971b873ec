import { describe, expect, it } from "vitest";
import { skuBaseOf } from "./product-editor-state";
import { productFormValues, slugify, splitList } from "./product-form-data";
import { productInput } from "./product-form";

describe("the editor's form fields", () => {
  it("become the schema's shape, with options split on commas and the meaningful tags merged with the others", () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({
      title: "Test Bottle",
      slug: "test-bottle",
      status: "active",
      skuBase: "test",
      otherTags: "Gift, steel ,",
      isBestSeller: "on",
      sortOrder: "3",
      "options.0.name": "Color",
      "options.0.values": "Red, Blue",
      "variants.0.optionValues": JSON.stringify({ Color: "Red" }),
      "variants.0.price": "1,499",
      "variants.0.stockQuantity": "4",
      "variants.1.optionValues": JSON.stringify({ Color: "Blue" }),
      "variants.1.price": "1499",
      "variants.1.compareAtPrice": "1999",
      "variants.1.stockQuantity": "0",
    }))
      form.append(k, v);
    form.append("tags", "flash-sale");
    const parsed = productInput.parse(productFormValues(form));
    expect(parsed).toMatchObject({
      title: "Test Bottle",
      status: "active",
      isBestSeller: true,
      sortOrder: 3,
      tags: ["flash-sale", "gift", "steel"],
      options: [{ name: "Color", values: ["Red", "Blue"] }],
    });
    expect(parsed.variants.map((v) => [v.optionValues, v.price, v.compareAtPrice])).toEqual([
      [{ Color: "Red" }, 1499, ""],
      [{ Color: "Blue" }, 1499, 1999],
    ]);
  });
  it("gives field paths that name the inputs: a compare-at price not above the price is refused on that row", () => {
    const form = new FormData();
    form.set("title", "T");
    form.set("slug", "t");
    form.set("status", "draft");
    form.set("skuBase", "T");
    form.set("variants.0.optionValues", "{}");
    form.set("variants.0.price", "500");
    form.set("variants.0.compareAtPrice", "500");
    form.set("variants.0.stockQuantity", "1");
    const paths = () => productInput.safeParse(productFormValues(form)).error?.issues.map((i) => [i.path.join("."), i.message]);
    expect(paths()).toEqual([["variants.0.compareAtPrice", "Compare-at price must be higher than the price"]]);
    form.set("variants.0.compareAtPrice", "");
    form.set("variants.0.stockQuantity", "1.5");
    expect(paths()).toEqual([["variants.0.stockQuantity", "Stock must be a whole number"]]);
  });
  it("slugify follows the slug rule; splitList drops blanks", () => {
    expect(slugify("  Glacier Café — 750ml Bottle! ")).toBe("glacier-cafe-750ml-bottle");
    expect(splitList(" a, ,b ,")).toEqual(["a", "b"]);
  });
  it("reads the SKU base back from a variant's SKU", () => {
    expect(skuBaseOf("TEST-RED-500", 2)).toBe("TEST");
    expect(skuBaseOf("TEST-RED-500-1", 2)).toBe("TEST");
    expect(skuBaseOf("GLC-X-BLA", 1)).toBe("GLC-X");
    expect(skuBaseOf("SOLO", 0)).toBe("SOLO");
    expect(skuBaseOf(undefined, 1)).toBe("");
  });

  it("read the GST rate select: a slab as a number, the shop's default (empty) as null, anything else refused", () => {
    const rateOf = (value: string | null) => {
      const form = new FormData();
      for (const [k, v] of Object.entries({ title: "Brush", slug: "brush", status: "draft", skuBase: "BR" })) form.append(k, v);
      if (value !== null) form.append("gstRatePercent", value);
      return productInput.safeParse(productFormValues(form));
    };
    expect(rateOf("5").data?.gstRatePercent).toBe(5);
    expect(rateOf("0").data?.gstRatePercent).toBe(0);
    expect(rateOf("").data?.gstRatePercent).toBeNull();
    expect(rateOf(null).data?.gstRatePercent).toBeNull();
    for (const bad of ["7", "18.5", "eighteen"]) expect(rateOf(bad).error?.issues[0]?.message, bad).toBe("Choose a GST rate of 0, 3, 5, 12, 18 or 28 percent.");
  });
});
