import crypto from "node:crypto";
import { parse } from "csv-parse/sync";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "~/modules/audit/schema";
import { placeOrder, quoteCart, type CartLineInput } from "~/modules/orders/checkout.server";
import { getOrderDetail, listOrders, transitionOrder } from "~/modules/orders/order-admin.server";
import { ORDER_CSV_HEADER, ordersCsv, rupeesCell } from "~/modules/orders/order-export.server";
import { addOrderNote } from "~/modules/orders/order-notes.server";
import { accountInvoicePdf, accountOrderDetail, accountOrders } from "~/modules/orders/shopper-orders.server";
import type { AppServices } from "~/services.server";
import { createProduct, createShopper, checkoutForm } from "../support/shoppers";
import { DRIVERS } from "../support/test-database";
import { createStaff, openTestServices } from "../support/test-services";

// The shopper's account pages' faces (own orders only, guest orders joining, invoice for the owner)
// and the staff side of this work (notes on the timeline, the orders list as CSV), on both databases.

const form = (overrides: Record<string, unknown> = {}) => checkoutForm(overrides);

describe.each(DRIVERS)("shopper accounts and staff order tools on %s", (kind) => {
  let services: AppServices;
  let bottle: string; // ₹1,299
  let asha: { id: string; email: string; emailVerified: boolean };
  let ravi: { id: string; email: string; emailVerified: boolean };
  let actor: { id: string; email: string };

  async function buy(cart: CartLineInput[], overrides: Record<string, unknown> = {}, userId?: string) {
    const quote = await quoteCart(services.db, cart);
    const result = await placeOrder(services, form({ quoteDigest: quote.digest, ...overrides }), cart, { userId });
    if (result.kind !== "placed") throw new Error(`not placed: ${JSON.stringify(result)}`);
    return result.order;
  }

  beforeAll(async () => {
    services = await openTestServices(kind);
    bottle = (await createProduct(services.db, "steel-bottle", { pricePaise: 129_900, stock: 100 })).variantId;
    asha = { ...(await createShopper(services.auth, "asha@example.in")), emailVerified: true };
    ravi = { ...(await createShopper(services.auth, "ravi@example.in")), emailVerified: true };
    const ops = await createStaff(services, "ops@glacial.in", ["admin"]);
    actor = { id: ops.id, email: ops.email };
  });
  afterAll(() => services?.close());

  it("shows a shopper their own orders only: another shopper's number, an unknown one or a malformed one is not found", async () => {
    const mine = await buy([{ variantId: bottle, quantity: 2 }], {}, asha.id);
    const theirs = await buy([{ variantId: bottle, quantity: 1 }], { email: "ravi@example.in" }, ravi.id);
    expect((await accountOrders(services.db, asha)).map((o) => o.number)).toContain(mine.number);
    expect((await accountOrders(services.db, asha)).map((o) => o.number)).not.toContain(theirs.number);

    const detail = await accountOrderDetail(services.db, asha, mine.number);
    // ₹2,598 + ₹99 shipping + ₹49 COD fee.
    expect(detail).toMatchObject({ number: mine.number, status: "processing", totalPaise: 274_600, subtotalPaise: 259_800, shippingPaise: 9_900, codFeePaise: 4_900, invoiceNumber: null });
    expect(detail!.lines).toEqual([expect.objectContaining({ title: "steel bottle", quantity: 2, unitPricePaise: 129_900, totalPaise: 259_800 })]);
    expect(detail!.events.map((e) => e.kind)).toEqual(["placed"]);

    expect(await accountOrderDetail(services.db, asha, theirs.number)).toBeNull();
    expect(await accountOrderDetail(services.db, asha, "GL-999999")).toBeNull();
    expect(await accountOrderDetail(services.db, asha, "' or 1=1 --")).toBeNull();
    expect(await accountInvoicePdf(services.db, asha, theirs.number)).toEqual({ kind: "not-found" });
  });

  it("gives the owner the invoice once the order ships, and keeps staff notes and names out of the shopper's timeline", async () => {
    const order = await buy([{ variantId: bottle, quantity: 1 }], {}, asha.id);
    expect(await accountInvoicePdf(services.db, asha, order.number)).toEqual({ kind: "not-issued" });
    expect(await addOrderNote(services.db, actor, order.id, { note: "Customer asked for a call before delivery.\nGate code 4411." })).toEqual({ ok: true, message: `Note added to ${order.number}.` });
    expect((await transitionOrder(services, actor, order.id, { action: "ship", expectedVersion: 1, carrier: "Delhivery", trackingNumber: "DL4411" })).ok).toBe(true);

    const detail = (await accountOrderDetail(services.db, asha, order.number))!;
    expect(detail).toMatchObject({ status: "shipped", carrier: "Delhivery", trackingNumber: "DL4411", invoiceNumber: expect.stringMatching(/^GL\/\d{2}-\d{2}\/\d{6}$/) });
    expect(detail.events.map((e) => e.kind)).toEqual(["placed", "ship"]);
    expect(JSON.stringify(detail)).not.toContain("Gate code");
    expect(JSON.stringify(detail)).not.toContain(actor.email);

    const invoice = await accountInvoicePdf(services.db, asha, order.number);
    if (invoice.kind !== "pdf") throw new Error(invoice.kind);
    expect(invoice.pdf.number).toBe(detail.invoiceNumber);
    expect(invoice.pdf.bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(await accountInvoicePdf(services.db, ravi, order.number)).toEqual({ kind: "not-found" });
  });

  it("joins a guest's orders to the account with the same confirmed address when its pages open; an unconfirmed one gets none", async () => {
    const guest = await buy([{ variantId: bottle, quantity: 1 }], { email: "Later.Member@Example.in" });
    const other = await buy([{ variantId: bottle, quantity: 1 }], { email: "someone.else@example.in" });
    const unconfirmed = { ...(await createShopper(services.auth, `later.member@example.in`)), emailVerified: false };
    expect(await accountOrders(services.db, unconfirmed)).toEqual([]);
    expect(await accountOrderDetail(services.db, unconfirmed, guest.number)).toBeNull();

    const confirmed = { ...unconfirmed, emailVerified: true };
    // Opening the order's page first (a link from the confirmation mail) is enough.
    expect(await accountOrderDetail(services.db, confirmed, guest.number)).toMatchObject({ number: guest.number, email: "later.member@example.in" });
    expect((await accountOrders(services.db, confirmed)).map((o) => o.number)).toEqual([guest.number]);
    expect(await accountOrderDetail(services.db, confirmed, other.number)).toBeNull();
  });

  it("adds staff notes with their author to the timeline (and the audit log) without changing the order; refuses empty, oversized and unknown", async () => {
    const order = await buy([{ variantId: bottle, quantity: 1 }]);
    expect(await addOrderNote(services.db, actor, order.id, { note: "   " })).toEqual({ ok: false, refusal: "invalid", message: "Write the note first." });
    expect(await addOrderNote(services.db, actor, order.id, {})).toEqual({ ok: false, refusal: "invalid", message: "Write the note first." });
    expect(await addOrderNote(services.db, actor, order.id, { note: "x".repeat(2001) })).toMatchObject({ ok: false, refusal: "invalid", message: "A note can be at most 2000 characters." });
    expect(await addOrderNote(services.db, actor, order.id, { note: "bell\u0007" })).toMatchObject({ ok: false, refusal: "invalid" });
    expect(await addOrderNote(services.db, actor, crypto.randomUUID(), { note: "Hello" })).toMatchObject({ ok: false, refusal: "not-found" });
    expect(await addOrderNote(services.db, actor, "GL-000001", { note: "Hello" })).toMatchObject({ ok: false, refusal: "not-found" });
    expect((await getOrderDetail(services.db, order.id))!.events.map((e) => e.kind)).toEqual(["placed"]);

    expect((await addOrderNote(services.db, actor, order.id, { note: "  Packed with extra padding.  " })).ok).toBe(true);
    const detail = (await getOrderDetail(services.db, order.id))!;
    expect(detail.version).toBe(1);
    expect(detail.events.at(-1)).toMatchObject({ kind: "note", message: "Packed with extra padding.", actorEmail: "ops@glacial.in" });
    const audit = await services.db.select().from(auditLog).where(and(eq(auditLog.targetId, order.id), eq(auditLog.action, "order_note")));
    expect(audit).toEqual([expect.objectContaining({ actorEmail: "ops@glacial.in", module: "sales", changes: { after: { note: "Packed with extra padding." } } })]);
    // A note never blocks a colleague's next move made from the version they saw.
    expect((await transitionOrder(services, actor, order.id, { action: "cancel", expectedVersion: 1 })).ok).toBe(true);
  });

  it("exports exactly the filtered list as CSV: one row per order, rupee amounts, IST times, formula-looking text made harmless", async () => {
    const sneaky = await buy([{ variantId: bottle, quantity: 4 }], { email: "sneaky@example.in", shipName: '=HYPERLINK("http://evil.example","click")', shipCity: "@Mumbai", shipState: "27", shipPin: "400001" });
    const all = await ordersCsv(services.db, {});
    if (!all.ok) throw new Error(all.message);
    expect(all.csv.startsWith("\uFEFF")).toBe(true);
    expect(all.csv).toContain("\r\n");
    const records = parse(all.csv, { bom: true }) as string[][];
    expect(records[0]).toEqual(ORDER_CSV_HEADER);
    const listed = await listOrders(services.db, {});
    expect(records.length - 1).toBe(listed.total);
    expect(records.slice(1, 1 + listed.rows.length).map((r) => r[0])).toEqual(listed.rows.map((r) => r.number));

    const row = Object.fromEntries(ORDER_CSV_HEADER.map((h, i) => [h, records.find((r) => r[0] === sneaky.number)![i]]));
    // ₹5,196: free shipping (over ₹4,999), ₹49 COD fee, ₹5,245; to Maharashtra, so IGST.
    expect(row).toMatchObject({
      customer_name: `'=HYPERLINK("http://evil.example","click")`,
      ship_city: "'@Mumbai",
      ship_state: "Maharashtra",
      email: "sneaky@example.in",
      phone: "'+919876543210",
      items: "4",
      status: "To ship",
      payment_method: "Cash on delivery",
      subtotal_inr: "5196.00",
      shipping_inr: "0.00",
      cod_fee_inr: "49.00",
      total_inr: "5245.00",
      cgst_inr: "0.00",
      sgst_inr: "0.00",
      invoice_number: "",
    });
    expect(Number(row.taxable_inr) + Number(row.igst_inr) + Number(row.round_off_inr)).toBeCloseTo(5245, 2);
    expect(row.placed_at_ist).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);

    const filtered = await ordersCsv(services.db, { q: "sneaky@", status: "processing" });
    if (!filtered.ok) throw new Error(filtered.message);
    expect((parse(filtered.csv, { bom: true }) as string[][]).map((r) => r[0])).toEqual(["order_number", sneaky.number]);
    const none = await ordersCsv(services.db, { status: "delivered", q: "nobody-at-all" });
    expect(none.ok && none.rows).toBe(0);
  });

  it("writes paise as plain rupees", () => {
    expect([129_900, 5, -40, 0, 100, 274_650].map(rupeesCell)).toEqual(["1299.00", "0.05", "-0.40", "0.00", "1.00", "2746.50"]);
  });
});
