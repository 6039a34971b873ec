// How an order's money is worked out: pure arithmetic on integer paise, shared by the checkout
// summary (browser and server) and the order the server freezes. Prices include GST (the MRP
// rule): the tax is the part of each amount above its taxable value.
//
// The rounding rule, in one place: each line's taxable value is rounded to the paisa; its tax is
// the rest of the line's amount; inside one state the tax splits into CGST and SGST, and an odd
// paisa goes to SGST; the order's total is rounded to the rupee on a separate round-off line.
//
// A discount on the goods lowers what is charged for them, so it lowers their taxable value too:
// it is spread over the lines it reaches (all of them, or those of the products and collections a
// targeted discount names) in proportion to their amounts, in whole paise: each line gets the
// floor of its share and the paise left over go one each to the largest remainders (ties to the
// earlier line), so the shares add up to the discount exactly. Each line's tax is then taken out
// of its amount less its share.

import { splitProportionally } from "~/modules/discounts/discounts";

export type PricedLineInput = { unitPricePaise: number; quantity: number; gstRatePercent: number };

export type TaxSplit = { taxablePaise: number; cgstPaise: number; sgstPaise: number; igstPaise: number };

/** `totalPaise` is unit price × quantity; the line is charged `totalPaise - discountPaise`. */
export type PricedLine = PricedLineInput & TaxSplit & { totalPaise: number; discountPaise: number };

export type OrderCharges = {
  /** Shipping as charged (GST-inclusive), 0 when free. */
  shippingPaise: number;
  /** Cash-on-delivery fee (GST-inclusive), 0 for online payment. */
  codFeePaise: number;
  /** Taken off the goods (GST-inclusive), at most their sum; 0 or absent without a discount. */
  discountPaise?: number;
  /** Which lines the discount reaches (a discount for chosen products or collections); absent: every line. */
  discountEligible?: readonly boolean[];
};

export type OrderTotals = {
  lines: PricedLine[];
  /** Sum of the lines before the discount (unit price × quantity). */
  subtotalPaise: number;
  /** Taken off the goods: the sum of the lines' shares. */
  discountPaise: number;
  shipping: TaxSplit & { totalPaise: number; gstRatePercent: number };
  codFee: TaxSplit & { totalPaise: number; gstRatePercent: number };
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  /** Added to (or, when negative, taken from) the sum so the total is whole rupees. */
  roundOffPaise: number;
  totalPaise: number;
  /** True when supplier and place of supply are in one state: CGST + SGST; otherwise IGST. */
  intraState: boolean;
};

/** The tax inside a GST-inclusive amount, split for the place of supply. */
export function splitTax(amountPaise: number, ratePercent: number, intraState: boolean): TaxSplit {
  const taxablePaise = Math.round((amountPaise * 100) / (100 + ratePercent));
  const tax = amountPaise - taxablePaise;
  if (!intraState) return { taxablePaise, cgstPaise: 0, sgstPaise: 0, igstPaise: tax };
  const cgstPaise = Math.floor(tax / 2);
  return { taxablePaise, cgstPaise, sgstPaise: tax - cgstPaise, igstPaise: 0 };
}

/** Shipping is free over the threshold (strictly more than it), else the flat fee. */
export function shippingFor(subtotalPaise: number, shipping: { free_over_paise: number; flat_fee_paise: number }): number {
  return subtotalPaise > shipping.free_over_paise ? 0 : shipping.flat_fee_paise;
}

/**
 * The whole order. Charges that are not goods (shipping, the COD fee) are taxed at the highest
 * rate among the goods, as a supply that goes with them.
 */
export function priceOrder(lines: PricedLineInput[], charges: OrderCharges, place: { supplierStateCode: string; placeOfSupplyStateCode: string }): OrderTotals {
  const intraState = place.supplierStateCode === place.placeOfSupplyStateCode;
  const amounts = lines.map((line) => line.unitPricePaise * line.quantity);
  const gross = amounts.reduce((n, a) => n + a, 0);
  // Only the lines the discount reaches share it: the others keep their full price and tax.
  const weights = amounts.map((a, i) => (charges.discountEligible && !charges.discountEligible[i] ? 0 : a));
  const reach = weights.reduce((n, w) => n + w, 0);
  const shares = splitProportionally(weights, Math.min(Math.max(0, charges.discountPaise ?? 0), reach));
  const priced = lines.map((line, i) => {
    const totalPaise = amounts[i]!;
    const discountPaise = shares[i]!;
    return { ...line, totalPaise, discountPaise, ...splitTax(totalPaise - discountPaise, line.gstRatePercent, intraState) };
  });
  const chargeRate = priced.reduce((max, l) => Math.max(max, l.gstRatePercent), 0);
  const shipping = { totalPaise: charges.shippingPaise, gstRatePercent: chargeRate, ...splitTax(charges.shippingPaise, chargeRate, intraState) };
  const codFee = { totalPaise: charges.codFeePaise, gstRatePercent: chargeRate, ...splitTax(charges.codFeePaise, chargeRate, intraState) };
  // Every part as charged: the lines less their discount shares, then the charges.
  const parts = [...priced.map((l) => ({ ...l, totalPaise: l.totalPaise - l.discountPaise })), shipping, codFee];
  const sum = (pick: (p: TaxSplit & { totalPaise: number }) => number) => parts.reduce((n, p) => n + pick(p), 0);
  const charged = sum((p) => p.totalPaise);
  const totalPaise = Math.round(charged / 100) * 100;
  return {
    lines: priced,
    subtotalPaise: gross,
    discountPaise: priced.reduce((n, l) => n + l.discountPaise, 0),
    shipping,
    codFee,
    taxablePaise: sum((p) => p.taxablePaise),
    cgstPaise: sum((p) => p.cgstPaise),
    sgstPaise: sum((p) => p.sgstPaise),
    igstPaise: sum((p) => p.igstPaise),
    roundOffPaise: totalPaise - charged,
    totalPaise,
    intraState,
  };
}
