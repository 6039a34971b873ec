import { describe, expect, it } from "vitest";
import { formatPaise, rupeesToPaise } from "./money";

describe("formatPaise", () => {
  it("prints rupees in en-IN grouping with no decimals", () => {
    expect(formatPaise(149900)).toBe("₹1,499");
    expect(formatPaise(12345678900)).toBe("₹12,34,56,789");
    expect(formatPaise(0)).toBe("₹0");
  });
  it("rounds paise to the nearest rupee", () => {
    expect(formatPaise(149950)).toBe("₹1,500");
    expect(formatPaise(149949)).toBe("₹1,499");
  });
  it("converts rupees to integer paise without float drift", () => {
    expect(rupeesToPaise(19.99)).toBe(1999);
    expect(rupeesToPaise(4999)).toBe(499900);
  });
});
