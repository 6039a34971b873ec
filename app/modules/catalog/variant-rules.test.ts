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
