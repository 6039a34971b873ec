import crypto from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { productVariants, products } from "~/modules/catalog/schema";
import { listOutbox } from "~/modules/mail/mail.server";
import {
  attachGuestOrders,
  listShopperOrders,
  orderForShopper,
  placeOrder,
  quoteCart,
  trackOrder,
  type CartLineInput,
  type PlaceOrderResult,
} from "~/modules/orders/checkout.server";
import { currentShopper, registerShopper, verifyShopperEmail } from "~/modules/staff/shopper-auth.server";
import { invoicePdf } from "~/modules/orders/invoice-pdf.server";
import { financialYearOf } from "~/modules/orders/invoice-number";
import { getOrderDetail, listOrders, transitionOrder } from "~/modules/orders/order-admin.server";
import { orderLines, orders } from "~/modules/orders/schema";
import { users } from "~/modules/staff/schema";
import type { AppServices } from "~/services.server";
import { createStaff, openTestServices } from "../support/test-services";
import { DRIVERS } from "../support/test-database";
import { checkoutForm } from "../support/shoppers";

// Placing orders against a real database: prices from the catalogue, stock never oversold, one
// order per checkout key, on the embedded database and on PostgreSQL.

const form = (overrides: Record<string, unknown> = {}) => checkoutForm(overrides);

describe.each(DRIVERS)("orders on %s", (kind) => {
  let services: AppServices;
  let product: { id: string };
  let bottle: string; // ₹1,299, 40 in stock
  let flask: string; // ₹499, 5 in stock
  let hidden: string; // a draft product's variant

  async function createProduct(slug: string, status: "active" | "draft", pricePaise: number, stock: number) {
    const [p] = await services.db.insert(products).values({ slug, title: slug.replace(/-/g, " "), status, hsnCode: "73239390" }).returning();
    const [v] = await services.db.insert(productVariants).values({ productId: p!.id, sku: slug.toUpperCase(), pricePaise, stockQuantity: stock }).returning();
    return { product: p!, variant: v!.id };
  }
  const stockOf = async (variantId: string) => (await services.db.select({ s: productVariants.stockQuantity }).from(productVariants).where(eq(productVariants.id, variantId)))[0]!.s;
  /** What the checkout page does: quote the cart, then send the form with the quote's digest. */
  async function buy(cart: CartLineInput[], overrides: Record<string, unknown> = {}): Promise<PlaceOrderResult> {
    const quote = await quoteCart(services.db, cart);
    return placeOrder(services, form({ quoteDigest: quote.digest, ...overrides }), cart);
  }

  beforeAll(async () => {
    services = await openTestServices(kind);
    const b = await createProduct("steel-bottle", "active", 129_900, 40);
    product = b.product;
    bottle = b.variant;
    flask = (await createProduct("mini-flask", "active", 49_900, 5)).variant;
    hidden = (await createProduct("secret-prototype", "draft", 99_900, 10)).variant;
  });
  afterAll(() => services?.close());

  it("prices a cart from the database and names each line's problem", async () => {
    const quote = await quoteCart(services.db, [
      { variantId: bottle, quantity: 2 },
      { variantId: hidden, quantity: 1 },
      { variantId: "not-a-uuid", quantity: 1 },
      { variantId: flask, quantity: 6 },
    ]);
    expect(quote.lines.map((l) => [l.title, l.unitPricePaise, l.problem])).toEqual([
      ["steel bottle", 129_900, null],
      ["secret prototype", 0, { kind: "unavailable" }],
      ["Unavailable item", 0, { kind: "unavailable" }],
      ["mini flask", 49_900, { kind: "stock", left: 5 }],
    ]);
    expect(quote.ready).toBe(false);
    // Only the buyable line counts: ₹2,598, below free shipping, so the flat ₹99.
    expect(quote.totals).toMatchObject({ subtotalPaise: 259_800, totalPaise: 269_700 });
    expect(quote.payment.find((p) => p.method === "cod")).toMatchObject({ available: true, feePaise: 4_900 });
    expect(quote.payment.find((p) => p.method === "razorpay")).toMatchObject({ available: false, reason: expect.stringMatching(/not switched on yet/) });
  });

  it("places a cash-on-delivery order: stock taken, lines and tax frozen, numbered, mailed, shown only with its link", async () => {
    const before = await stockOf(bottle);
    const result = await buy([{ variantId: bottle, quantity: 2, engraving: "Asha" }]);
    if (result.kind !== "placed") throw new Error(`not placed: ${JSON.stringify(result)}`);
    expect(result.order.number).toMatch(/^GL-\d{6}$/);
    expect(await stockOf(bottle)).toBe(before - 2);
    const [row] = await services.db.select().from(orders).where(eq(orders.id, result.order.id));
    // ₹2,598 + ₹99 shipping + ₹49 COD fee = ₹2,746; all inside Karnataka: CGST + SGST.
    expect(row).toMatchObject({ status: "processing", paymentStatus: "cod_pending", totalPaise: 274_600, igstPaise: 0, placeOfSupplyStateCode: "29", phone: "+919876543210" });
    expect(row!.taxablePaise + row!.cgstPaise + row!.sgstPaise + row!.roundOffPaise).toBe(274_600);
    const lines = await services.db.select().from(orderLines).where(eq(orderLines.orderId, result.order.id));
    expect(lines).toEqual([expect.objectContaining({ title: "steel bottle", sku: "STEEL-BOTTLE", hsnCode: "73239390", engraving: "Asha", quantity: 2, unitPricePaise: 129_900, totalPaise: 259_800 })]);

    // A later price change does not touch the order.
    await services.db.update(productVariants).set({ pricePaise: 149_900 }).where(eq(productVariants.id, bottle));
    const view = await orderForShopper(services.db, result.order.number, result.order.accessToken);
    expect(view).toMatchObject({ totalPaise: 274_600, lines: [expect.objectContaining({ unitPricePaise: 129_900 })] });
    await services.db.update(productVariants).set({ pricePaise: 129_900 }).where(eq(productVariants.id, bottle));
    expect(await orderForShopper(services.db, result.order.number, "a".repeat(32))).toBeNull();

    await expect.poll(async () => (await listOutbox(services.db)).filter((m) => m.subject === `Your GLACIAL order ${result.order.number}`).length).toBe(1);
    const mail = (await listOutbox(services.db)).find((m) => m.subject === `Your GLACIAL order ${result.order.number}`)!;
    expect(mail.text).toContain("Total: ₹2,746");
    expect(mail.text).toContain(`/thank-you?order=${result.order.number}&key=${result.order.accessToken}`);
  });

  it("prices inter-state orders as IGST", async () => {
    const result = await buy([{ variantId: bottle, quantity: 1 }], { shipState: "27", shipCity: "Pune", shipPin: "411001" });
    if (result.kind !== "placed") throw new Error(result.kind);
    const [row] = await services.db.select().from(orders).where(eq(orders.id, result.order.id));
    expect(row).toMatchObject({ cgstPaise: 0, sgstPaise: 0, placeOfSupplyStateCode: "27" });
    expect(row!.igstPaise).toBeGreaterThan(0);
  });

  it("makes one order of one checkout key sent 20 times at once, with the same answer each time; another cart with that key is refused", async () => {
    const cart = [{ variantId: bottle, quantity: 1 }];
    const quote = await quoteCart(services.db, cart);
    const f = form({ quoteDigest: quote.digest });
    const stock = await stockOf(bottle);
    const answers = await Promise.all(Array.from({ length: 20 }, () => placeOrder(services, f, cart)));
    const numbers = new Set(answers.map((a) => (a.kind === "placed" ? `${a.order.number}/${a.order.accessToken}` : a.kind)));
    expect([...numbers]).toHaveLength(1);
    expect([...numbers][0]).toMatch(/^GL-\d{6}\//);
    expect(await services.db.select({ id: orders.id }).from(orders).where(eq(orders.idempotencyKey, f.idempotencyKey))).toHaveLength(1);
    expect(await stockOf(bottle)).toBe(stock - 1);
    expect(await placeOrder(services, f, [{ variantId: bottle, quantity: 3 }])).toEqual({ kind: "key-reused" });
    expect(await stockOf(bottle)).toBe(stock - 1);
  });

  it("never oversells: 200 buyers at once for the last 5 units make exactly 5 orders", async () => {
    const cart = [{ variantId: flask, quantity: 1 }];
    const quote = await quoteCart(services.db, cart);
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => placeOrder(services, form({ quoteDigest: quote.digest, email: `buyer${i}@example.in` }), cart)));
    const placed = results.filter((r) => r.kind === "placed");
    const soldOut = results.filter((r) => r.kind === "out-of-stock");
    expect(placed).toHaveLength(5);
    expect(soldOut).toHaveLength(195);
    expect(soldOut[0]).toMatchObject({ message: 'Sorry, "mini flask" has just sold out. Your order was not placed: please review your cart.' });
    expect(await stockOf(flask)).toBe(0);
    const flaskOrders = await services.db.select({ id: orderLines.id }).from(orderLines).where(eq(orderLines.variantId, flask));
    expect(flaskOrders).toHaveLength(5);
  });

  it("refuses a tampered or stale checkout and changes nothing", async () => {
    const count = async () => (await services.db.select({ id: orders.id }).from(orders)).length;
    const ordersBefore = await count();
    const stock = await stockOf(bottle);
    const cart = [{ variantId: bottle, quantity: 1 }];
    // A digest that is not the one the page was shown (a price the browser made up).
    expect(await placeOrder(services, form({ quoteDigest: "0".repeat(32) }), cart)).toMatchObject({ kind: "quote-changed" });
    // The price changed after the page was shown: the new quote comes back, nothing is placed.
    const quote = await quoteCart(services.db, cart);
    await services.db.update(productVariants).set({ pricePaise: 139_900 }).where(eq(productVariants.id, bottle));
    const stale = await placeOrder(services, form({ quoteDigest: quote.digest }), cart);
    expect(stale).toMatchObject({ kind: "quote-changed", quote: { lines: [expect.objectContaining({ unitPricePaise: 139_900 })] } });
    await services.db.update(productVariants).set({ pricePaise: 129_900 }).where(eq(productVariants.id, bottle));
    // Quantities that are not whole positive numbers are dropped; nothing left is an empty cart.
    expect(await buy([{ variantId: bottle, quantity: 0 }, { variantId: bottle, quantity: -3 }, { variantId: bottle, quantity: 1.5 }])).toEqual({ kind: "empty-cart" });
    // A draft product's variant or a made-up id cannot be bought.
    expect(await buy([{ variantId: hidden, quantity: 1 }])).toMatchObject({ kind: "quote-changed" });
    expect(await buy([{ variantId: crypto.randomUUID(), quantity: 1 }])).toMatchObject({ kind: "quote-changed" });
    // Bad fields: each named.
    const invalid = await buy(cart, { phone: "12345", shipPin: "012345", shipState: "XX", email: "x@" });
    expect(invalid.kind === "invalid" && Object.keys(invalid.fieldErrors).sort()).toEqual(["email", "phone", "shipPin", "shipState"]);
    expect(await count()).toBe(ordersBefore);
    expect(await stockOf(bottle)).toBe(stock);
    expect((await services.db.select({ id: products.id }).from(products).where(inArray(products.id, [product.id]))).length).toBe(1);
  });

  it("lets staff ship, deliver and collect cash in order; refuses an illegal move and a stale one; cancelling restocks", async () => {
    const ops = await createStaff(services, "ops@glacial.in", ["admin"]);
    const actor = { id: ops.id, email: ops.email };
    const placed = await buy([{ variantId: bottle, quantity: 3 }], { email: "ravi@example.in", phone: "+91 91234 56789" });
    if (placed.kind !== "placed") throw new Error(placed.kind);
    const id = placed.order.id;
    const version = async () => (await getOrderDetail(services.db, id))!.version;
    expect((await listOrders(services.db, { q: "91234" })).rows.map((r) => r.number)).toEqual([placed.order.number]);
    expect((await listOrders(services.db, { q: placed.order.number, status: "processing", payment: "cod" })).total).toBe(1);

    expect(await transitionOrder(services, actor, id, { action: "deliver", expectedVersion: await version() })).toMatchObject({ ok: false, refusal: "illegal", message: "An order that is to ship cannot be marked delivered." });
    expect(await transitionOrder(services, actor, id, { action: "ship", expectedVersion: await version(), carrier: "Delhivery" })).toMatchObject({ ok: false, refusal: "invalid" });
    // Two staff members ship at once from the same version: one wins, the other is told to reload.
    const v = await version();
    const both = await Promise.all([
      transitionOrder(services, actor, id, { action: "ship", expectedVersion: v, carrier: "Delhivery", trackingNumber: "DL123" }),
      transitionOrder(services, actor, id, { action: "cancel", expectedVersion: v }),
    ]);
    expect(both.filter((r) => r.ok)).toHaveLength(1);
    expect(both.filter((r) => !r.ok)).toEqual([expect.objectContaining({ refusal: "stale" })]);
    const afterRace = (await getOrderDetail(services.db, id))!;
    if (afterRace.status === "cancelled") return; // the cancel won: covered below on another order

    expect(afterRace).toMatchObject({ status: "shipped", carrier: "Delhivery", trackingNumber: "DL123", next: ["deliver", "collect_cod"] });
    expect((await transitionOrder(services, actor, id, { action: "deliver", expectedVersion: await version() })).ok).toBe(true);
    expect((await transitionOrder(services, actor, id, { action: "collect_cod", expectedVersion: await version() })).ok).toBe(true);
    const done = (await getOrderDetail(services.db, id))!;
    expect(done).toMatchObject({ status: "delivered", paymentStatus: "cod_collected", next: [] });
    expect(done.events.map((e) => e.kind)).toEqual(["placed", "ship", "deliver", "collect_cod"]);

    const other = await buy([{ variantId: bottle, quantity: 2 }]);
    if (other.kind !== "placed") throw new Error(other.kind);
    const stock = await stockOf(bottle);
    expect((await transitionOrder(services, actor, other.order.id, { action: "cancel", expectedVersion: 1 })).ok).toBe(true);
    expect(await stockOf(bottle)).toBe(stock + 2);
    expect(await transitionOrder(services, actor, other.order.id, { action: "ship", expectedVersion: 2, carrier: "x", trackingNumber: "y" })).toMatchObject({ ok: false, refusal: "illegal" });
  });

  it("tracks an order only for someone who names its number and the email or mobile given, and stops guessing", async () => {
    const placed = await buy([{ variantId: bottle, quantity: 1 }], { email: "track.me@example.in", phone: "+91 99887 76655" });
    if (placed.kind !== "placed") throw new Error(placed.kind);
    const number = placed.order.number;
    const byEmail = await trackOrder(services.db, { number, contact: "Track.Me@example.in", clientIp: "203.0.113.10" });
    expect(byEmail).toMatchObject({ ok: true, order: { number, status: "processing", itemCount: 1, city: "Bengaluru", carrier: null } });
    expect(await trackOrder(services.db, { number: number.toLowerCase(), contact: "99887 76655", clientIp: "203.0.113.10" })).toMatchObject({ ok: true });
    // A wrong pair answers exactly like a number that does not exist.
    const wrong = await trackOrder(services.db, { number, contact: "someone.else@example.in", clientIp: "203.0.113.11" });
    const unknown = await trackOrder(services.db, { number: "GL-999999", contact: "track.me@example.in", clientIp: "203.0.113.12" });
    expect(wrong).toEqual({ ok: false, refusal: "not-found" });
    expect(unknown).toEqual(wrong);
    // Guessing one order's contact from many addresses: after a few failures that order is locked for an hour, even for the right pair.
    for (let i = 0; i < 8; i++) await trackOrder(services.db, { number, contact: `guess${i}@example.in`, clientIp: `198.51.100.${i + 20}` });
    expect(await trackOrder(services.db, { number, contact: "track.me@example.in", clientIp: "198.51.100.99" })).toMatchObject({ ok: false, refusal: "rate-limited", retryAfterSeconds: expect.any(Number) });
  });

  it("issues consecutive tax invoices of the financial year when orders ship, as a PDF", async () => {
    const ops = await createStaff(services, "dispatch@glacial.in", ["admin"]);
    const actor = { id: ops.id, email: ops.email };
    const numbers: string[] = [];
    for (const shipState of ["29", "27"]) {
      const placed = await buy([{ variantId: bottle, quantity: 1 }], { shipState, shipPin: shipState === "29" ? "560038" : "411001" });
      if (placed.kind !== "placed") throw new Error(placed.kind);
      expect(await invoicePdf(services.db, placed.order.id)).toBeNull();
      const shipped = await transitionOrder(services, actor, placed.order.id, { action: "ship", expectedVersion: 1, carrier: "Blue Dart", trackingNumber: `BD${shipState}` });
      expect(shipped.ok).toBe(true);
      const detail = (await getOrderDetail(services.db, placed.order.id))!;
      numbers.push(detail.invoice!.number);
      const pdf = (await invoicePdf(services.db, placed.order.id, { compress: false }))!;
      expect(pdf.number).toBe(detail.invoice!.number);
      const text = pdf.bytes.toString("latin1");
      expect(text.startsWith("%PDF-")).toBe(true);
      expect(text).toContain(`(Tax invoice ${pdf.number})`);
      expect(text).toContain(`(Order ${placed.order.number})`);
    }
    const fy = financialYearOf(new Date());
    // Earlier tests shipped orders too: these two are the next two numbers of this year, one after the other.
    const serials = numbers.map((n) => Number(n.split("/")[2]));
    expect(numbers.every((n) => n.startsWith(`GL/${fy}/`) && n.length <= 16)).toBe(true);
    expect(serials[1]).toBe(serials[0]! + 1);
  });

  it("starts the invoice numbers again at 1 when the financial year turns at midnight in India on 1 April", async () => {
    const ops = await createStaff(services, "yearend@glacial.in", ["admin"]);
    const actor = { id: ops.id, email: ops.email };
    const shipAt = async (instant: string) => {
      const placed = await buy([{ variantId: bottle, quantity: 1 }]);
      if (placed.kind !== "placed") throw new Error(placed.kind);
      // Only the clock moves (no timers): the shipment is dated at that instant.
      vi.useFakeTimers({ toFake: ["Date"], now: new Date(instant) });
      try {
        const shipped = await transitionOrder(services, actor, placed.order.id, { action: "ship", expectedVersion: 1, carrier: "Blue Dart", trackingNumber: "BDYE" });
        expect(shipped.ok).toBe(true);
      } finally {
        vi.useRealTimers();
      }
      return (await getOrderDetail(services.db, placed.order.id))!.invoice!.number;
    };
    // 23:59:59 on 31 March 2031 in India is 18:29:59 UTC; a second later is the new year there.
    expect(await shipAt("2031-03-31T18:29:58Z")).toBe("GL/30-31/000001");
    expect(await shipAt("2031-03-31T18:29:59Z")).toBe("GL/30-31/000002");
    expect(await shipAt("2031-03-31T18:30:00Z")).toBe("GL/31-32/000001");
    expect(await shipAt("2031-04-01T09:00:00Z")).toBe("GL/31-32/000002");
  });

  it("gives a guest's orders to the account registered later with the same address, once it is confirmed", async () => {
    const placed = await buy([{ variantId: bottle, quantity: 1 }], { email: "Later.Member@example.in" });
    if (placed.kind !== "placed") throw new Error(placed.kind);
    expect(await registerShopper(services, { email: "later.member@example.in", password: "a long member passphrase" }, new Headers({ "x-forwarded-for": "203.0.113.60" }))).toEqual({ ok: true });
    const mail = async () => (await listOutbox(services.db)).find((m) => m.to === "later.member@example.in" && m.subject === "Confirm your email for GLACIAL");
    await expect.poll(async () => Boolean(await mail())).toBe(true);
    const [userRow] = await services.db.select({ id: users.id }).from(users).where(eq(users.email, "later.member@example.in"));
    // Not yet confirmed: nothing joins.
    expect(await attachGuestOrders(services.db, { id: userRow!.id, email: "later.member@example.in", emailVerified: false })).toBe(0);
    const token = new URL(/https?:\/\/\S+/.exec((await mail())!.text!)![0]).searchParams.get("token")!;
    const verified = (await verifyShopperEmail(services.auth, token))!;
    const shopper = (await currentShopper(services.auth, new Headers({ cookie: verified.setCookies.map((c) => c.split(";")[0]).join("; ") })))!;
    expect(shopper).toMatchObject({ email: "later.member@example.in", emailVerified: true });
    expect(await attachGuestOrders(services.db, shopper)).toBe(1);
    expect(await listShopperOrders(services.db, shopper.id)).toEqual([expect.objectContaining({ number: placed.order.number, itemCount: 1, status: "processing" })]);
  });
});
