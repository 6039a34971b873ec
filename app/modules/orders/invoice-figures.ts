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
