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

describe("formatPaise against the en-IN currency format it replaces", () => {
  const intl = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", minimumFractionDigits: 0, maximumFractionDigits: 0 });
  it("prints what Intl prints, across magnitudes, halves and negatives (but never '-₹0')", () => {
    const samples = [0, 1, 49, 50, 51, 99, 100, 150, 250, 999_49, 999_50, 1_000_00, 12_345_00, 1_23_456_78, 99_99_999_50, 1_00_00_000_00, 12_34_56_78_900];
    for (let p = -250_00; p <= 250_00; p += 37) samples.push(p);
    for (const paise of samples.flatMap((p) => [p, -p])) expect(formatPaise(paise), String(paise)).toBe(intl.format(paise / 100).replace("-₹0", "₹0"));
    expect(formatPaise(-49)).toBe("₹0");
  });
});
