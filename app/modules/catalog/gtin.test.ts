import { describe, expect, it } from "vitest";
import { isValidGtin } from "./gtin";

describe("isValidGtin", () => {
  it("accepts correct check digits for GTIN-8, 12, 13 and 14", () => {
    expect(isValidGtin("96385074")).toBe(true);
    expect(isValidGtin("036000291452")).toBe(true);
    expect(isValidGtin("8901030865237")).toBe(true);
    expect(isValidGtin("10012345678902")).toBe(true);
  });
  it("refuses a wrong check digit, letters and other lengths", () => {
    expect(isValidGtin("8901030865238")).toBe(false);
    expect(isValidGtin("89010308652A7")).toBe(false);
    expect(isValidGtin("123")).toBe(false);
  });
});
