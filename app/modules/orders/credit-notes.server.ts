import { createRequire } from "node:module";
import { and, eq, sql, sum } from "drizzle-orm";
import type { Db, DbOrTx, Tx } from "~/db/types";
import { stateByCode } from "~/lib/india";
import { getSetting } from "~/modules/settings/settings.server";
import { creditNoteFigures } from "./credit-note";
import { financialYearOf, invoiceNumber } from "./invoice-number";
import { creditNoteCounters, creditNotes, invoices, orderLines, orderRefunds, orders } from "./schema";

// Credit notes: one per refund of an invoiced order, numbered in a series of their own per
// financial year (GLC/26-27/000001, 16 characters), reversing the invoice's taxable value and tax
// in proportion (credit-note.ts). A refund before any invoice exists (an order cancelled before
// it shipped) gives back an advance: there is no invoice for a credit note to reduce.

type OrderRow = typeof orders.$inferSelect;

/** Issues the credit note for an accepted refund of an invoiced order, in the caller's transaction; null when the order has no invoice. */
export async function issueCreditNote(tx: Tx, order: OrderRow, refund: { id: string; amountPaise: number }, at = new Date()): Promise<string | null> {
  const [invoice] = await tx.select({ number: invoices.number }).from(invoices).where(eq(invoices.orderId, order.id));
  if (!invoice) return null;
  const [existing] = await tx.select({ number: creditNotes.number }).from(creditNotes).where(eq(creditNotes.refundId, refund.id));
  if (existing) return existing.number;
  const [credited] = await tx.select({ total: sum(creditNotes.amountPaise) }).from(creditNotes).where(eq(creditNotes.orderId, order.id));
  const figures = creditNoteFigures(order, Number(credited?.total ?? 0), refund.amountPaise);
  const financialYear = financialYearOf(at);
  const [counter] = await tx
    .insert(creditNoteCounters)
    .values({ financialYear, lastSerial: 1 })
    .onConflictDoUpdate({ target: creditNoteCounters.financialYear, set: { lastSerial: sql`${creditNoteCounters.lastSerial} + 1` } })
    .returning({ serial: creditNoteCounters.lastSerial });
  const number = invoiceNumber(financialYear, counter!.serial, "GLC");
  await tx.insert(creditNotes).values({
    orderId: order.id,
    refundId: refund.id,
    number,
    financialYear,
    invoiceNumber: invoice.number,
    amountPaise: figures.totalPaise,
    taxablePaise: figures.taxablePaise,
    cgstPaise: figures.cgstPaise,
    sgstPaise: figures.sgstPaise,
    igstPaise: figures.igstPaise,
    roundOffPaise: figures.roundOffPaise,
    issuedAt: at,
  });
  return number;
}

export type CreditNoteRow = typeof creditNotes.$inferSelect;

export async function listCreditNotes(db: DbOrTx, orderId: string): Promise<CreditNoteRow[]> {
  return db.select().from(creditNotes).where(eq(creditNotes.orderId, orderId)).orderBy(creditNotes.issuedAt, creditNotes.number);
}

const require = createRequire(import.meta.url);
// A font with the rupee sign, as on the invoice.
const FONT = require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf");
const FONT_BOLD = require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf");
const paise = new Intl.NumberFormat("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const rupees = (p: number) => `₹${paise.format(p / 100)}`;
const day = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeZone: "Asia/Kolkata" });

export type CreditNotePdf = { number: string; bytes: Buffer };

/** A credit note of this order as a PDF (supplier, buyer, the invoice it reduces, and the reversed figures), or null. */
export async function creditNotePdf(db: Db, orderId: string, creditNoteId: string, opts: { compress?: boolean } = {}): Promise<CreditNotePdf | null> {
  const [note] = await db.select().from(creditNotes).where(and(eq(creditNotes.id, creditNoteId), eq(creditNotes.orderId, orderId)));
  if (!note) return null;
  const [[order], [invoice], [refund], lines, seller] = await Promise.all([
    db.select().from(orders).where(eq(orders.id, orderId)),
    db.select().from(invoices).where(eq(invoices.orderId, orderId)),
    db.select().from(orderRefunds).where(eq(orderRefunds.id, note.refundId)),
    db.select({ hsnCode: orderLines.hsnCode, gstRatePercent: orderLines.gstRatePercent }).from(orderLines).where(eq(orderLines.orderId, orderId)),
    getSetting(db, "store_tax"),
  ]);
  if (!order || !refund) return null;
  const intra = note.igstPaise === 0 && order.supplierStateCode === order.placeOfSupplyStateCode;
  const rates = [...new Set(lines.map((l) => l.gstRatePercent))];
  const hsns = [...new Set(lines.map((l) => l.hsnCode))];

  // pdfkit (its fonts and compression) loads with the first document, not with every start of the shop.
  const { default: PDFDocument } = await import("pdfkit");
  const doc = new PDFDocument({ size: "A4", margin: 40, compress: opts.compress ?? true, info: { Title: `Credit note ${note.number}`, Author: seller.legal_name, Subject: `Order ${order.number}` } });
  doc.registerFont("body", FONT);
  doc.registerFont("bold", FONT_BOLD);
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on("end", () => resolve(Buffer.concat(chunks))));

  doc.font("bold").fontSize(16).text("CREDIT NOTE", { align: "center" });
  doc.moveDown(0.5);
  doc.font("bold").fontSize(10).text(seller.legal_name);
  doc.font("body").text(seller.address);
  doc.text(`GSTIN: ${seller.gstin || "not registered"} · State: ${stateByCode(seller.state_code)?.name ?? seller.state_code} (${seller.state_code})`);
  doc.moveDown(0.5);
  doc.text(`Credit note number: ${note.number}    Date: ${day.format(note.issuedAt)}`);
  doc.text(`Against tax invoice: ${note.invoiceNumber}${invoice ? ` dated ${day.format(invoice.issuedAt)}` : ""}    Order: ${order.number}`);
  const place = stateByCode(order.placeOfSupplyStateCode);
  doc.text(`Place of supply: ${place?.name ?? order.placeOfSupplyStateCode} (${order.placeOfSupplyStateCode})`);
  doc.moveDown(0.5);
  const b = order.billingAddress;
  doc.font("bold").text("Issued to");
  doc.font("body").text(`${b.name}, ${b.line1}${b.line2 ? `, ${b.line2}` : ""}, ${b.city}, ${stateByCode(b.stateCode)?.name ?? b.stateCode} ${b.pin}`);
  if (order.gstin) doc.text(`GSTIN: ${order.gstin}`);
  doc.moveDown(0.5);
  doc.text(`Reason: ${refund.reason}`);
  doc.text(`Refund: ${refund.method === "razorpay" ? `online, to the original payment${refund.razorpayRefundId ? ` (${refund.razorpayRefundId})` : ""}` : `recorded by hand${refund.reference ? `, reference ${refund.reference}` : ""}`}`);
  doc.moveDown();

  doc.font("bold").fontSize(9).text(`Value reduced (HSN ${hsns.join(", ")}; GST ${rates.map((r) => `${r}%`).join(", ")})`);
  doc.font("body");
  const rows: [string, number][] = [
    ["Taxable value", note.taxablePaise],
    ...(intra ? ([["CGST", note.cgstPaise], ["SGST", note.sgstPaise]] as [string, number][]) : ([["IGST", note.igstPaise]] as [string, number][])),
    ...(note.roundOffPaise ? ([["Round-off", note.roundOffPaise]] as [string, number][]) : []),
  ];
  for (const [label, value] of rows) doc.text(`${label}: ${rupees(value)}`, { align: "right" });
  doc.font("bold").fontSize(11).text(`Total credited: ${rupees(note.amountPaise)}`, { align: "right" });
  doc.moveDown();
  doc.font("body").fontSize(8).text("The tax above is reversed in proportion to the share of the invoice refunded. This is a computer-generated document and needs no signature.");
  doc.end();
  return { number: note.number, bytes: await done };
}
