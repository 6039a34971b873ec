// How an order's money is worked out: pure arithmetic on integer paise, shared by the checkout
// summary (browser and server) and the order the server freezes. Prices include GST (the MRP
// rule): the tax is the part of each amount above its taxable value.
//
// The rounding rule, in one place: each line's taxable value is rounded to the paisa; its tax is
// the rest of the line's amount; inside one state the tax splits into CGST and SGST, and an odd
// paisa goes to SGST; the order's total is rounded to the rupee on a separate round-off line.

export type PricedLineInput = { unitPricePaise: number; quantity: number; gstRatePercent: number };

export type TaxSplit = { taxablePaise: number; cgstPaise: number; sgstPaise: number; igstPaise: number };

export type PricedLine = PricedLineInput & TaxSplit & { totalPaise: number };

export type OrderCharges = {
  /** Shipping as charged (GST-inclusive), 0 when free. */
  shippingPaise: number;
  /** Cash-on-delivery fee (GST-inclusive), 0 for online payment. */
  codFeePaise: number;
};

export type OrderTotals = {
  lines: PricedLine[];
  /** Sum of the lines as charged. */
  subtotalPaise: number;
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
  const priced = lines.map((line) => {
    const totalPaise = line.unitPricePaise * line.quantity;
    return { ...line, totalPaise, ...splitTax(totalPaise, line.gstRatePercent, intraState) };
  });
  const chargeRate = priced.reduce((max, l) => Math.max(max, l.gstRatePercent), 0);
  const shipping = { totalPaise: charges.shippingPaise, gstRatePercent: chargeRate, ...splitTax(charges.shippingPaise, chargeRate, intraState) };
  const codFee = { totalPaise: charges.codFeePaise, gstRatePercent: chargeRate, ...splitTax(charges.codFeePaise, chargeRate, intraState) };
  const parts = [...priced, shipping, codFee];
  const sum = (pick: (p: TaxSplit & { totalPaise: number }) => number) => parts.reduce((n, p) => n + pick(p), 0);
  const gross = sum((p) => p.totalPaise);
  const totalPaise = Math.round(gross / 100) * 100;
  return {
    lines: priced,
    subtotalPaise: priced.reduce((n, l) => n + l.totalPaise, 0),
    shipping,
    codFee,
    taxablePaise: sum((p) => p.taxablePaise),
    cgstPaise: sum((p) => p.cgstPaise),
    sgstPaise: sum((p) => p.sgstPaise),
    igstPaise: sum((p) => p.igstPaise),
    roundOffPaise: totalPaise - gross,
    totalPaise,
    intraState,
  };
}
