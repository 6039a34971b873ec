import { describe, expect, it } from "vitest";
import { warrantyTitle, withWarranty } from "./warranty";

describe("warranty statement", () => {
  it("prints a counted period as the strip's adjective form", () => {
    expect(warrantyTitle("2 years")).toBe("2 year warranty");
    expect(warrantyTitle("1 year")).toBe("1 year warranty");
    expect(warrantyTitle(" 18 Months ")).toBe("18 month warranty");
  });
  it("prints any other statement as written", () => {
    expect(warrantyTitle("lifetime")).toBe("lifetime warranty");
  });
  it("fills every placeholder of an FAQ answer", () => {
    expect(withWarranty("Every bottle carries a {warranty}. Yes, a {warranty}.", "3 years")).toBe("Every bottle carries a 3 year warranty. Yes, a 3 year warranty.");
    expect(withWarranty("No placeholder here.", "3 years")).toBe("No placeholder here.");
  });
});
