import { describe, expect, it } from "vitest";
import { creditNoteFigures } from "./credit-note";
import { priceOrder } from "./pricing";

// Figures worked out by hand (a calculator, not this code) for two prepaid orders of the
// ₹1,299 bottle with ₹99 shipping, 18% GST, the shop in Karnataka (29).

describe("credit note figures", () => {
  it("reverses an intra-state invoice in proportion: ₹500 of ₹2,697", () => {
    // 2 x ₹1,299 = ₹2,598: taxable 259800 x 100/118 = 220169.49 -> 220169, tax 39631 (CGST 19815, SGST 19816).
    // Shipping ₹99: taxable 9900 x 100/118 = 8389.83 -> 8390, tax 1510 (755 + 755).
    const invoice = priceOrder([{ unitPricePaise: 129_900, quantity: 2, gstRatePercent: 18 }], { shippingPaise: 9_900, codFeePaise: 0 }, { supplierStateCode: "29", placeOfSupplyStateCode: "29" });
    expect(invoice).toMatchObject({ totalPaise: 269_700, taxablePaise: 228_559, cgstPaise: 20_570, sgstPaise: 20_571, igstPaise: 0, roundOffPaise: 0 });
    // CGST 20570 x 50000/269700 = 3813.50 -> 3813 (3813.4965); SGST 20571 x 50000/269700 = 3813.68 -> 3814;
    // taxable = 50000 - 3813 - 3814 = 42373.
    expect(creditNoteFigures(invoice, 0, 50_000)).toEqual({ totalPaise: 50_000, taxablePaise: 42_373, cgstPaise: 3_813, sgstPaise: 3_814, igstPaise: 0, roundOffPaise: 0 });
  });

  it("reverses an inter-state invoice as IGST, and two refunds of the whole add up to it exactly", () => {
    // 1 x ₹1,299 to Maharashtra (27): taxable 110084.75 -> 110085, IGST 19815; shipping 8390 + 1510.
    const invoice = priceOrder([{ unitPricePaise: 129_900, quantity: 1, gstRatePercent: 18 }], { shippingPaise: 9_900, codFeePaise: 0 }, { supplierStateCode: "29", placeOfSupplyStateCode: "27" });
    expect(invoice).toMatchObject({ totalPaise: 139_800, taxablePaise: 118_475, igstPaise: 21_325, cgstPaise: 0, sgstPaise: 0 });
    // ₹300: IGST 21325 x 30000/139800 = 4576.18 -> 4576; taxable 30000 - 4576 = 25424.
    const first = creditNoteFigures(invoice, 0, 30_000);
    expect(first).toEqual({ totalPaise: 30_000, taxablePaise: 25_424, cgstPaise: 0, sgstPaise: 0, igstPaise: 4_576, roundOffPaise: 0 });
    // The rest, ₹1,098: what is left of the invoice, 118475 - 25424 = 93051 and 21325 - 4576 = 16749.
    const rest = creditNoteFigures(invoice, 30_000, 109_800);
    expect(rest).toEqual({ totalPaise: 109_800, taxablePaise: 93_051, cgstPaise: 0, sgstPaise: 0, igstPaise: 16_749, roundOffPaise: 0 });
  });

  it("carries a round-off in proportion and never credits more than the invoice", () => {
    // A made-up invoice with a round-off line: ₹100.40 of goods rounded down to ₹100.
    const invoice = { totalPaise: 10_000, taxablePaise: 8_508, cgstPaise: 766, sgstPaise: 766, igstPaise: 0, roundOffPaise: -40 };
    // Half: 383 + 383, round-off -20, taxable 5000 - 383 - 383 + 20 = 4254.
    expect(creditNoteFigures(invoice, 0, 5_000)).toEqual({ totalPaise: 5_000, taxablePaise: 4_254, cgstPaise: 383, sgstPaise: 383, igstPaise: 0, roundOffPaise: -20 });
    expect(() => creditNoteFigures(invoice, 5_000, 5_001)).toThrow(RangeError);
  });
});
