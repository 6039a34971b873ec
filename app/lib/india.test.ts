import { describe, expect, it } from "vitest";
import { INDIAN_STATES, gstinCheckCharacter, gstinProblem, isPinCode, normaliseIndianMobile, withGstRates } from "./india";

describe("Indian identifiers", () => {
  it("lists 28 states and 8 union territories with unique GST codes", () => {
    expect(INDIAN_STATES.filter((s) => !s.ut)).toHaveLength(28);
    expect(INDIAN_STATES.filter((s) => s.ut)).toHaveLength(8);
    expect(new Set(INDIAN_STATES.map((s) => s.code)).size).toBe(36);
  });

  it("accepts Indian mobiles with or without +91, and nothing else", () => {
    expect(normaliseIndianMobile("98765 43210")).toBe("+919876543210");
    expect(normaliseIndianMobile("+91 6123456789")).toBe("+916123456789");
    expect(normaliseIndianMobile("09876543210")).toBe("+919876543210");
    for (const bad of ["5876543210", "987654321", "98765432100", "+1 9876543210", "abcdefghij"]) expect(normaliseIndianMobile(bad), bad).toBeNull();
  });

  it("accepts six-digit PIN codes not starting with 0", () => {
    expect(isPinCode("560001")).toBe(true);
    for (const bad of ["060001", "56001", "5600011", "56000a"]) expect(isPinCode(bad), bad).toBe(false);
  });

  it("checks a GSTIN's shape, state and check character (computed by hand for one)", () => {
    // 27AAPFU0939F1Z?: digits and letters mapped to 0..35, odd positions doubled, products split
    // into quotient and remainder of 36 and summed: the sum is 221, and (36 - 221 % 36) % 36 = 31 -> "V".
    expect(gstinCheckCharacter("27AAPFU0939F1Z")).toBe("V");
    expect(gstinProblem("27AAPFU0939F1ZV")).toBeNull();
    expect(gstinProblem("27aapfu0939f1zv")).toBeNull();
    expect(gstinProblem("27AAPFU0939F1ZA")).toBe("checksum");
    expect(gstinProblem("99AAPFU0939F1Z" + gstinCheckCharacter("99AAPFU0939F1Z"))).toBe("state");
    expect(gstinProblem("27AAPFU0939F1Y5")).toBe("format");
    expect(gstinProblem("27AAPFU0939")).toBe("format");
  });
});

describe("withGstRates", () => {
  it("names each rate once, lowest first, after the sentence", () => {
    expect(withGstRates("Includes GST", [18, 5, 18])).toBe("Includes GST (5%, 18%)");
    expect(withGstRates("Prices include GST", [18])).toBe("Prices include GST (18%)");
    expect(withGstRates("Prices include GST", [0, 28])).toBe("Prices include GST (0%, 28%)");
  });
  it("leaves the sentence alone when no rate is known", () => {
    expect(withGstRates("Prices include GST", [])).toBe("Prices include GST");
  });
});
