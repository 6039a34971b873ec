import { createRequire } from "node:module";
import type { Db } from "~/db/types";
import { stateByCode } from "~/lib/india";
import { getSetting } from "~/modules/settings/settings.server";
import { invoiceDiscountNote, invoiceRows, invoiceTotals } from "./invoice-figures";
import { getOrderDetail } from "./order-admin.server";

// The tax invoice as a PDF, with what CGST Rule 46 asks for: the supplier's name, address and
// GSTIN; a consecutive number and its date; the buyer's name, address and GSTIN where given; the
// place of supply; per line the description, HSN, quantity, taxable value, rate and tax (CGST and
// SGST inside one state, IGST otherwise); and the total. Amounts are printed to the paisa here
// (the rupee-only format is for shop pages), so every column adds up exactly.

const require = createRequire(import.meta.url);
// A font with the rupee sign (U+20B9), shipped inside an npm package: nothing is downloaded.
const FONT = require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf");
const FONT_BOLD = require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf");

const paise = new Intl.NumberFormat("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const rupees = (p: number) => (p < 0 ? `-₹${paise.format(-p / 100)}` : `₹${paise.format(p / 100)}`);
const day = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeZone: "Asia/Kolkata" });

export type InvoicePdf = { number: string; bytes: Buffer };

/** The order's tax invoice, or null when none has been issued (it is issued when the order ships). */
export async function invoicePdf(db: Db, orderId: string, opts: { compress?: boolean } = {}): Promise<InvoicePdf | null> {
  const order = await getOrderDetail(db, orderId);
  if (!order?.invoice) return null;
  const seller = await getSetting(db, "store_tax");
  const invoice = order.invoice;
  const intra = order.igstPaise === 0 && order.supplierStateCode === order.placeOfSupplyStateCode;
  // pdfkit (its fonts and compression) loads with the first document, not with every start of the shop.
  const { default: PDFDocument } = await import("pdfkit");
  const doc = new PDFDocument({ size: "A4", margin: 40, compress: opts.compress ?? true, info: { Title: `Tax invoice ${invoice.number}`, Author: seller.legal_name, Subject: `Order ${order.number}` } });
  doc.registerFont("body", FONT);
  doc.registerFont("bold", FONT_BOLD);
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on("end", () => resolve(Buffer.concat(chunks))));

  doc.font("bold").fontSize(16).text("TAX INVOICE", { align: "center" });
  doc.moveDown(0.5);
  doc.font("bold").fontSize(10).text(seller.legal_name);
  doc.font("body").text(seller.address);
  doc.text(`GSTIN: ${seller.gstin || "not registered"} · State: ${stateByCode(seller.state_code)?.name ?? seller.state_code} (${seller.state_code})`);
  doc.moveDown(0.5);
  doc.text(`Invoice number: ${invoice.number}    Date: ${day.format(invoice.issuedAt)}    Order: ${order.number}`);
  const place = stateByCode(order.placeOfSupplyStateCode);
  doc.text(`Place of supply: ${place?.name ?? order.placeOfSupplyStateCode} (${order.placeOfSupplyStateCode})`);
  doc.moveDown(0.5);
  const b = order.billingAddress;
  doc.font("bold").text("Bill to");
  doc.font("body").text(`${b.name}, ${b.line1}${b.line2 ? `, ${b.line2}` : ""}, ${b.city}, ${stateByCode(b.stateCode)?.name ?? b.stateCode} ${b.pin}`);
  if (order.gstin) doc.text(`GSTIN: ${order.gstin}`);
  const s = order.shippingAddress;
  doc.font("bold").text("Ship to");
  doc.font("body").text(`${s.name}, ${s.line1}${s.line2 ? `, ${s.line2}` : ""}, ${s.city}, ${stateByCode(s.stateCode)?.name ?? s.stateCode} ${s.pin}`);
  doc.moveDown();

  const columns = intra ? ["Item", "HSN", "Qty", "Taxable", "Rate", "CGST", "SGST", "Amount"] : ["Item", "HSN", "Qty", "Taxable", "Rate", "IGST", "Amount"];
  const widths = intra ? [165, 50, 30, 70, 35, 55, 55, 55] : [185, 55, 30, 80, 40, 70, 55];
  const row = (cells: string[], bold = false) => {
    const y = doc.y;
    let x = 40;
    doc.font(bold ? "bold" : "body").fontSize(8);
    let height = 0;
    cells.forEach((cell, i) => {
      const align = i >= 2 ? "right" : "left";
      doc.text(cell, x, y, { width: widths[i]! - 4, align });
      height = Math.max(height, doc.y - y);
      x += widths[i]!;
    });
    doc.x = 40;
    doc.y = y + height + 4;
  };
  row(columns, true);
  // Each line at its own rate and HSN; shipping and the COD fee at the highest rate among the goods.
  for (const r of invoiceRows(order, seller.default_hsn)) {
    const rate = `${r.ratePercent}%`;
    row(
      intra
        ? [r.label, r.hsn, r.quantity, rupees(r.taxablePaise), rate, rupees(r.cgstPaise), rupees(r.sgstPaise), rupees(r.amountPaise)]
        : [r.label, r.hsn, r.quantity, rupees(r.taxablePaise), rate, rupees(r.igstPaise), rupees(r.amountPaise)],
    );
  }
  doc.moveDown(0.5);
  doc.fontSize(9).font("body");
  const note = invoiceDiscountNote(order);
  if (note) doc.text(note);
  for (const [label, value] of invoiceTotals(order, intra)) doc.text(`${label}: ${rupees(value)}`, { align: "right" });
  doc.font("bold").fontSize(11).text(`Total: ${rupees(order.totalPaise)}`, { align: "right" });
  doc.moveDown();
  doc.font("body").fontSize(8).text(`Payment: ${order.paymentMethod === "cod" ? "cash on delivery" : "online"}. Prices include GST. This is a computer-generated invoice and needs no signature.`);
  doc.end();
  return { number: invoice.number, bytes: await done };
}
