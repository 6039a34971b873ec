import { describe, expect, it } from "vitest";
import { baseSku, combinationKey, combineOptions, uniqueSku, variantTitle } from "./variant-rules";

describe("combineOptions", () => {
  it("produces every combination in option order", () => {
    const combos = combineOptions([
      { name: "Color", values: ["Red", "Blue"] },
      { name: "Size", values: ["500ml", "750ml"] },
    ]);
    expect(combos.map((c) => c.title)).toEqual(["Red / 500ml", "Red / 750ml", "Blue / 500ml", "Blue / 750ml"]);
    expect(combos[3]!.optionValues).toEqual({ Color: "Blue", Size: "750ml" });
  });
  it("ignores blank option names and values, and duplicate values", () => {
    const combos = combineOptions([
      { name: " Color ", values: ["Red", " ", "Red", "Teal"] },
      { name: "", values: ["x"] },
    ]);
    expect(combos.map((c) => c.title)).toEqual(["Red", "Teal"]);
  });
  it("gives nothing without options", () => {
    expect(combineOptions([])).toEqual([]);
  });
});

describe("SKU rules", () => {
  it("joins the upper-cased base and the first three letters of each value with dashes", () => {
    expect(baseSku("test", ["Red", "500ml"])).toBe("TEST-RED-500");
    expect(baseSku("GLC", ["navy", "1000ml"])).toBe("GLC-NAV-100");
    expect(variantTitle(["Red", "500ml"])).toBe("Red / 500ml");
  });
  it("adds -1, -2, ... while the SKU is taken by another variant", async () => {
    const taken = new Set(["TEST-RED-500", "TEST-RED-500-1"]);
    expect(await uniqueSku("TEST-RED-500", (s) => taken.has(s))).toBe("TEST-RED-500-2");
    expect(await uniqueSku("TEST-BLU-500", (s) => taken.has(s))).toBe("TEST-BLU-500");
  });
  it("keys combinations independently of option order and case", () => {
    expect(combinationKey({ Color: "Red", Size: "500ml" })).toBe(combinationKey({ size: "500ML", color: "red" }));
  });
});

describe("the generator as the editor uses it", () => {
  it("Color Red/Blue x Size 500ml/750ml gives 4 variants with the spec's titles and SKUs for base 'test'", () => {
    const combos = combineOptions([
      { name: "Color", values: ["Red", "Blue"] },
      { name: "Size", values: ["500ml", "750ml"] },
    ]);
    expect(combos.map((c) => [c.title, baseSku("test", c.values)])).toEqual([
      ["Red / 500ml", "TEST-RED-500"],
      ["Red / 750ml", "TEST-RED-750"],
      ["Blue / 500ml", "TEST-BLU-500"],
      ["Blue / 750ml", "TEST-BLU-750"],
    ]);
  });
  it("does not count the variant being edited as a clash", async () => {
    // SKU -> the variant using it; the variant being edited (v1) may keep its own SKU.
    const owners = new Map([["TEST-RED-500", "v1"], ["TEST-RED-500-1", "v2"]]);
    const takenExcept = (editing: string | null) => (sku: string) => owners.has(sku) && owners.get(sku) !== editing;
    expect(await uniqueSku("TEST-RED-500", takenExcept("v1"))).toBe("TEST-RED-500");
    expect(await uniqueSku("TEST-RED-500", takenExcept(null))).toBe("TEST-RED-500-2");
  });
  it("regenerating after adding a value keeps the old combinations' keys, so their rows (prices, ids) carry over", () => {
    const before = combineOptions([{ name: "Color", values: ["Red", "Blue"] }, { name: "Size", values: ["500ml"] }]).map((c) => combinationKey(c.optionValues));
    const after = combineOptions([{ name: "Color", values: ["Red", "Blue", "Green"] }, { name: "Size", values: ["500ml"] }]).map((c) => combinationKey(c.optionValues));
    expect(after).toEqual(expect.arrayContaining(before));
    expect(after).toHaveLength(3);
  });
  it("uses only the letters a value has when it is shorter than three", () => {
    expect(baseSku("glc", ["XL", "1L"])).toBe("GLC-XL-1L");
  });
});
