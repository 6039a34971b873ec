// A credit note's figures: what a refund takes off an invoice, as pure arithmetic on paise
// (client-safe, shared by the staff screen and the document).
//
// The rule, in one place: a refund reverses the invoice's taxable value, CGST, SGST, IGST and
// round-off in proportion to the share of the invoice total it gives back. Each component of the
// running total refunded so far is rounded to the paisa, and a credit note is the difference
// between the running totals after and before it; the taxable value takes whatever paisa the
// rounding left, so every note adds up exactly to its refund, and refunds that together give back
// the whole invoice reverse it exactly.

export type DocumentTotals = {
  totalPaise: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  roundOffPaise: number;
};

/** The invoice's figures scaled to `cumulativePaise` of its total. */
export function proportionOf(invoice: DocumentTotals, cumulativePaise: number): DocumentTotals {
  if (cumulativePaise < 0 || cumulativePaise > invoice.totalPaise) throw new RangeError(`cannot credit ${cumulativePaise} paise of an invoice of ${invoice.totalPaise}`);
  if (cumulativePaise === invoice.totalPaise) return { ...invoice };
  const share = (part: number) => Math.round((part * cumulativePaise) / invoice.totalPaise);
  const cgstPaise = share(invoice.cgstPaise);
  const sgstPaise = share(invoice.sgstPaise);
  const igstPaise = share(invoice.igstPaise);
  const roundOffPaise = share(invoice.roundOffPaise);
  return { totalPaise: cumulativePaise, taxablePaise: cumulativePaise - cgstPaise - sgstPaise - igstPaise - roundOffPaise, cgstPaise, sgstPaise, igstPaise, roundOffPaise };
}

/** The figures of a credit note for `amountPaise`, after `alreadyCreditedPaise` of the invoice was credited by earlier notes. */
export function creditNoteFigures(invoice: DocumentTotals, alreadyCreditedPaise: number, amountPaise: number): DocumentTotals {
  const before = proportionOf(invoice, alreadyCreditedPaise);
  const after = proportionOf(invoice, alreadyCreditedPaise + amountPaise);
  return {
    totalPaise: after.totalPaise - before.totalPaise,
    taxablePaise: after.taxablePaise - before.taxablePaise,
    cgstPaise: after.cgstPaise - before.cgstPaise,
    sgstPaise: after.sgstPaise - before.sgstPaise,
    igstPaise: after.igstPaise - before.igstPaise,
    roundOffPaise: after.roundOffPaise - before.roundOffPaise,
  };
}
