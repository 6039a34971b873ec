// The figures a tax invoice prints below its lines, in order, worked out once so the PDF and the
// tests read the same list. A discount given at the sale lowers each line's taxable value (the
// lines already carry it); the goods' value before it and the discount itself are printed too,
// so the invoice shows how the taxable value was reached.

export type InvoiceOrderFigures = {
  subtotalPaise: number;
  discountPaise: number;
  discountCode: string | null;
  discountKind: string | null;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  roundOffPaise: number;
};

/** One row of the invoice's table: a line of goods, or a charge that goes with them. */
export type InvoiceRow = {
  label: string;
  hsn: string;
  /** Empty for a charge. */
  quantity: string;
  taxablePaise: number;
  ratePercent: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  /** As charged: taxable value + tax. */
  amountPaise: number;
};

type TaxedPart = { taxablePaise: number; cgstPaise: number; sgstPaise: number; igstPaise: number; gstRatePercent: number };

export type InvoiceRowsInput = {
  lines: (TaxedPart & { title: string; variantTitle: string; engraving: string | null; hsnCode: string; quantity: number; totalPaise: number; discountPaise: number })[];
  shipping: TaxedPart & { totalPaise: number };
  codFee: TaxedPart & { totalPaise: number };
};

/**
 * The invoice's rows: each line at its own rate and HSN, then shipping and the COD fee. Those
 * charges are taxed at the highest rate among the goods (pricing.ts), so they carry the HSN of the
 * first line at that rate; `defaultHsn` only for an order without lines.
 */
export function invoiceRows(order: InvoiceRowsInput, defaultHsn: string): InvoiceRow[] {
  const part = (label: string, hsn: string, quantity: string, p: TaxedPart, amountPaise: number): InvoiceRow => ({
    label,
    hsn,
    quantity,
    taxablePaise: p.taxablePaise,
    ratePercent: p.gstRatePercent,
    cgstPaise: p.cgstPaise,
    sgstPaise: p.sgstPaise,
    igstPaise: p.igstPaise,
    amountPaise,
  });
  const rows = order.lines.map((l) =>
    // The amount charged for the line: after its share of any discount, so taxable value + tax = amount.
    part(`${l.title}${l.variantTitle !== "Default" ? ` (${l.variantTitle})` : ""}${l.engraving ? ", engraved" : ""}`, l.hsnCode, String(l.quantity), l, l.totalPaise - l.discountPaise),
  );
  const top = order.lines.reduce<InvoiceRowsInput["lines"][number] | undefined>((best, l) => (!best || l.gstRatePercent > best.gstRatePercent ? l : best), undefined);
  const hsn = top?.hsnCode ?? defaultHsn;
  if (order.shipping.totalPaise) rows.push(part("Shipping", hsn, "", order.shipping, order.shipping.totalPaise));
  if (order.codFee.totalPaise) rows.push(part("Cash on delivery fee", hsn, "", order.codFee, order.codFee.totalPaise));
  return rows;
}

export function invoiceTotals(order: InvoiceOrderFigures, intraState: boolean): [string, number][] {
  const rows: [string, number][] = [];
  if (order.discountPaise > 0) {
    rows.push(["Goods before discount", order.subtotalPaise]);
    rows.push([`Discount (${order.discountCode ?? "code"})`, -order.discountPaise]);
  }
  rows.push(["Taxable value", order.taxablePaise]);
  if (intraState) rows.push(["CGST", order.cgstPaise], ["SGST", order.sgstPaise]);
  else rows.push(["IGST", order.igstPaise]);
  if (order.roundOffPaise) rows.push(["Round-off", order.roundOffPaise]);
  return rows;
}

/** The note printed under the lines for a free-shipping code (it takes nothing off the goods). */
export function invoiceDiscountNote(order: Pick<InvoiceOrderFigures, "discountCode" | "discountKind" | "discountPaise">): string | null {
  if (!order.discountCode) return null;
  if (order.discountKind === "free_shipping") return `Discount code ${order.discountCode}: free shipping.`;
  return `Discount code ${order.discountCode}: line amounts and taxable values are after the discount.`;
}
