import { describe, expect, it } from "vitest";
import { priceOrder, shippingFor, splitTax } from "./pricing";

const KA = { supplierStateCode: "29", placeOfSupplyStateCode: "29" };
const TO_MH = { supplierStateCode: "29", placeOfSupplyStateCode: "27" };

describe("order pricing (GST-inclusive prices)", () => {
  it("takes the tax out of an inclusive amount and splits it by place of supply", () => {
    // ₹1,299 at 18 %: taxable 129900 x 100 / 118 = 110084.745... -> 110085 paise; tax 19815.
    expect(splitTax(129_900, 18, false)).toEqual({ taxablePaise: 110_085, cgstPaise: 0, sgstPaise: 0, igstPaise: 19_815 });
    // Inside the state the odd paisa goes to SGST: 19815 = 9907 + 9908.
    expect(splitTax(129_900, 18, true)).toEqual({ taxablePaise: 110_085, cgstPaise: 9_907, sgstPaise: 9_908, igstPaise: 0 });
    expect(splitTax(0, 18, true)).toEqual({ taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 });
  });

  it("charges shipping only up to the free-shipping threshold", () => {
    const rule = { free_over_paise: 499_900, flat_fee_paise: 9_900 };
    expect(shippingFor(499_900, rule)).toBe(9_900);
    expect(shippingFor(500_000, rule)).toBe(0);
  });

  it("prices an intra-state order with shipping and a COD fee, by hand", () => {
    // 2 x ₹1,299 + 1 x ₹499 = ₹3,097; shipping ₹99 and COD fee ₹49, taxed at 18 %.
    const totals = priceOrder(
      [
        { unitPricePaise: 129_900, quantity: 2, gstRatePercent: 18 },
        { unitPricePaise: 49_900, quantity: 1, gstRatePercent: 18 },
      ],
      { shippingPaise: 9_900, codFeePaise: 4_900 },
      KA,
    );
    // Line 1: 259800 -> taxable 220169.49 -> 220169; tax 39631 = 19815 + 19816.
    expect(totals.lines[0]).toMatchObject({ totalPaise: 259_800, taxablePaise: 220_169, cgstPaise: 19_815, sgstPaise: 19_816, igstPaise: 0 });
    // Line 2: 49900 -> 42288.13 -> 42288; tax 7612 = 3806 + 3806.
    expect(totals.lines[1]).toMatchObject({ totalPaise: 49_900, taxablePaise: 42_288, cgstPaise: 3_806, sgstPaise: 3_806 });
    // Shipping 9900 -> 8389.83 -> 8390; tax 1510 = 755 + 755. COD 4900 -> 4152.54 -> 4153; tax 747 = 373 + 374.
    expect(totals.shipping).toMatchObject({ taxablePaise: 8_390, cgstPaise: 755, sgstPaise: 755 });
    expect(totals.codFee).toMatchObject({ taxablePaise: 4_153, cgstPaise: 373, sgstPaise: 374 });
    expect(totals.subtotalPaise).toBe(309_700);
    expect(totals.taxablePaise).toBe(220_169 + 42_288 + 8_390 + 4_153);
    expect(totals.cgstPaise + totals.sgstPaise).toBe(39_631 + 7_612 + 1_510 + 747);
    expect(totals.igstPaise).toBe(0);
    // ₹3,097 + ₹99 + ₹49 = ₹3,245: whole rupees, no round-off.
    expect(totals).toMatchObject({ totalPaise: 324_500, roundOffPaise: 0, intraState: true });
    // Taxable value plus tax is exactly what the shopper pays.
    expect(totals.taxablePaise + totals.cgstPaise + totals.sgstPaise + totals.igstPaise + totals.roundOffPaise).toBe(totals.totalPaise);
  });

  it("prices an inter-state order as IGST and rounds the total to the rupee", () => {
    const totals = priceOrder([{ unitPricePaise: 129_950, quantity: 1, gstRatePercent: 12 }], { shippingPaise: 0, codFeePaise: 0 }, TO_MH);
    // 129950 at 12 %: 116026.79 -> 116027; IGST 13923. Total ₹1,299.50 rounds to ₹1,300: round-off +50 paise.
    expect(totals.lines[0]).toMatchObject({ taxablePaise: 116_027, igstPaise: 13_923, cgstPaise: 0, sgstPaise: 0 });
    expect(totals).toMatchObject({ intraState: false, roundOffPaise: 50, totalPaise: 130_000 });
  });

  describe("goods at different rates", () => {
    // One bottle at 18 % and two brushes at 5 %, shipping ₹99 and the COD fee ₹49. The charges go
    // with the goods and take the highest rate among them (18 %), whatever the lines' order.
    const BOTTLE = { unitPricePaise: 129_900, quantity: 1, gstRatePercent: 18 };
    const BRUSHES = { unitPricePaise: 34_900, quantity: 2, gstRatePercent: 5 };
    const charges = { shippingPaise: 9_900, codFeePaise: 4_900 };

    it("inside the state: each line at its own rate, CGST + SGST, charges at 18 %", () => {
      const totals = priceOrder([BOTTLE, BRUSHES], charges, KA);
      // Bottle 129900 at 18 %: 129900 x 100 / 118 = 110084.75 -> 110085; tax 19815 = 9907 + 9908.
      expect(totals.lines[0]).toMatchObject({ gstRatePercent: 18, totalPaise: 129_900, taxablePaise: 110_085, cgstPaise: 9_907, sgstPaise: 9_908, igstPaise: 0 });
      // Brushes 69800 at 5 %: 69800 x 100 / 105 = 66476.19 -> 66476; tax 3324 = 1662 + 1662.
      expect(totals.lines[1]).toMatchObject({ gstRatePercent: 5, totalPaise: 69_800, taxablePaise: 66_476, cgstPaise: 1_662, sgstPaise: 1_662, igstPaise: 0 });
      // Shipping 9900 at 18 %: 8389.83 -> 8390; tax 1510 = 755 + 755. COD 4900: 4152.54 -> 4153; tax 747 = 373 + 374.
      expect(totals.shipping).toEqual({ totalPaise: 9_900, gstRatePercent: 18, taxablePaise: 8_390, cgstPaise: 755, sgstPaise: 755, igstPaise: 0 });
      expect(totals.codFee).toEqual({ totalPaise: 4_900, gstRatePercent: 18, taxablePaise: 4_153, cgstPaise: 373, sgstPaise: 374, igstPaise: 0 });
      // 110085 + 66476 + 8390 + 4153 = 189104; CGST 9907 + 1662 + 755 + 373 = 12697; SGST 9908 + 1662 + 755 + 374 = 12699.
      // Charged 129900 + 69800 + 9900 + 4900 = 214500: whole rupees, no round-off.
      expect(totals).toMatchObject({ subtotalPaise: 199_700, taxablePaise: 189_104, cgstPaise: 12_697, sgstPaise: 12_699, igstPaise: 0, roundOffPaise: 0, totalPaise: 214_500, intraState: true });
    });

    it("to another state: the same taxable values, all the tax as IGST; the charges follow the highest rate, not the first line", () => {
      const totals = priceOrder([BRUSHES, BOTTLE], charges, TO_MH);
      expect(totals.lines[0]).toMatchObject({ gstRatePercent: 5, taxablePaise: 66_476, igstPaise: 3_324, cgstPaise: 0, sgstPaise: 0 });
      expect(totals.lines[1]).toMatchObject({ gstRatePercent: 18, taxablePaise: 110_085, igstPaise: 19_815, cgstPaise: 0, sgstPaise: 0 });
      expect(totals.shipping).toEqual({ totalPaise: 9_900, gstRatePercent: 18, taxablePaise: 8_390, cgstPaise: 0, sgstPaise: 0, igstPaise: 1_510 });
      expect(totals.codFee).toEqual({ totalPaise: 4_900, gstRatePercent: 18, taxablePaise: 4_153, cgstPaise: 0, sgstPaise: 0, igstPaise: 747 });
      // IGST 3324 + 19815 + 1510 + 747 = 25396; 189104 + 25396 = 214500.
      expect(totals).toMatchObject({ taxablePaise: 189_104, cgstPaise: 0, sgstPaise: 0, igstPaise: 25_396, roundOffPaise: 0, totalPaise: 214_500, intraState: false });
    });

    it("goods all at 5 % take their shipping at 5 %; exempt goods leave the charges untaxed", () => {
      // Shipping 9900 at 5 %: 9428.57 -> 9429; IGST 471.
      expect(priceOrder([BRUSHES], { shippingPaise: 9_900, codFeePaise: 0 }, TO_MH).shipping).toMatchObject({ gstRatePercent: 5, taxablePaise: 9_429, igstPaise: 471 });
      const exempt = priceOrder([{ unitPricePaise: 19_950, quantity: 1, gstRatePercent: 0 }], { shippingPaise: 9_900, codFeePaise: 0 }, KA);
      // Nothing to take out at 0 %: taxable = amount. 19950 + 9900 = 29850 -> ₹299, round-off +50 paise.
      expect(exempt.shipping).toMatchObject({ gstRatePercent: 0, taxablePaise: 9_900, cgstPaise: 0, sgstPaise: 0 });
      expect(exempt).toMatchObject({ taxablePaise: 29_850, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, roundOffPaise: 50, totalPaise: 29_900 });
    });
  });
});
