import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listAudit } from "~/modules/audit/audit.server";
import { listOutbox } from "~/modules/mail/mail.server";
import { signInStaff } from "~/modules/staff/sign-in.server";
import { action as discountsAction, loader as discountsLoader } from "~/routes/admin/discounts";
import { discountCodes, discountRedemptions, discounts } from "~/modules/discounts/schema";
import { collections, productCollections } from "~/modules/catalog/schema";
import { discountsCsv, generateBulkCodes, listDiscountsForAdmin, releaseRedemption } from "~/modules/discounts/discounts.server";
import { releaseHold } from "~/modules/orders/holds.server";
import { parse } from "csv-parse/sync";
import { orderForShopper, placeOrder, quoteCart, type CartLineInput, type PlaceOrderResult } from "~/modules/orders/checkout.server";
import { invoicePdf } from "~/modules/orders/invoice-pdf.server";
import { invoiceDiscountNote, invoiceTotals } from "~/modules/orders/invoice-figures";
import { getOrderDetail, transitionOrder } from "~/modules/orders/order-admin.server";
import { orderLines, orders } from "~/modules/orders/schema";
import type { AppServices } from "~/services.server";
import { cookieHeader, createStaff, openTestServices, requestFrom } from "../support/test-services";
import { answerOf, postForm } from "../support/route-calls";
import { DRIVERS } from "../support/test-database";
import { refusalThrownBy } from "../support/refusals";
import { checkoutForm, createProduct } from "../support/shoppers";

// Discount codes at checkout, against a real database: the server prices the code itself inside
// the order's transaction, counts its use there, and never lets a limited code be used once more
// than its limit, however many orders race for it.

const form = (overrides: Record<string, unknown> = {}) => checkoutForm(overrides);

describe.each(DRIVERS)("discount codes on %s", (kind) => {
  let services: AppServices;
  let bottle: string; // ₹1,299
  let flask: string; // ₹499
  let tumbler: string; // ₹799
  let bottleProduct: string;
  let flaskProduct: string;
  let tumblerProduct: string;
  let insulated: string; // a collection holding the bottle

  async function createCode(code: string, values: Partial<typeof discounts.$inferInsert> = {}) {
    const [row] = await services.db
      .insert(discounts)
      .values({ code, kind: "percentage", percentBasisPoints: 1_000, ...values })
      .returning();
    return row!;
  }
  /** What the checkout page does: quote the cart with the code, then send the form with that quote's digest. */
  async function buy(cart: CartLineInput[], code: string | undefined, overrides: Record<string, unknown> = {}): Promise<PlaceOrderResult> {
    const email = (overrides.email as string | undefined) ?? "asha@example.in";
    const quote = await quoteCart(services.db, cart, { discountCode: code, email });
    return placeOrder(services, form({ quoteDigest: quote.digest, discountCode: code, ...overrides }), cart);
  }
  const placed = (r: PlaceOrderResult) => {
    if (r.kind !== "placed") throw new Error(`not placed: ${JSON.stringify(r).slice(0, 400)}`);
    return r.order;
  };

  beforeAll(async () => {
    services = await openTestServices(kind);
    ({ variantId: bottle, productId: bottleProduct } = await createProduct(services.db, "steel-bottle", { pricePaise: 129_900, stock: 500 }));
    ({ variantId: flask, productId: flaskProduct } = await createProduct(services.db, "mini-flask", { pricePaise: 49_900, stock: 500 }));
    ({ variantId: tumbler, productId: tumblerProduct } = await createProduct(services.db, "steel-tumbler", { pricePaise: 79_900, stock: 500 }));
    const [c] = await services.db.insert(collections).values({ name: "Insulated", slug: "insulated" }).returning();
    insulated = c!.id;
    await services.db.insert(productCollections).values({ collectionId: insulated, productId: bottleProduct });
  });
  afterAll(() => services?.close());

  it("places an order with a code: the discount spread over the lines, GST on the discounted value, the use counted, the invoice showing it", async () => {
    const code = await createCode("HUNDRED", { kind: "fixed", percentBasisPoints: null, amountPaise: 10_000 });
    const cart = [
      { variantId: bottle, quantity: 2 },
      { variantId: flask, quantity: 1 },
    ];
    // Typed in lower case: codes are matched without case.
    const order = placed(await buy(cart, "hundred"));
    const [row] = await services.db.select().from(orders).where(eq(orders.id, order.id));
    // ₹3,097 - ₹100 = ₹2,997 (over ₹2,999? no: shipping ₹99 is charged) + ₹49 COD fee = ₹3,145.
    expect(row).toMatchObject({ subtotalPaise: 309_700, discountCode: "HUNDRED", discountKind: "fixed", discountPaise: 10_000, totalPaise: 314_500 });
    expect(row!.taxablePaise + row!.cgstPaise + row!.sgstPaise + row!.roundOffPaise).toBe(314_500);
    const lines = await services.db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(orderLines.position);
    // The shares and their tax, as worked by hand in the unit test: 8389 + 1611 paise.
    expect(lines.map((l) => [l.totalPaise, l.discountPaise, l.taxablePaise, l.cgstPaise, l.sgstPaise])).toEqual([
      [259_800, 8_389, 213_060, 19_175, 19_176],
      [49_900, 1_611, 40_923, 3_683, 3_683],
    ]);
    const [counted] = await services.db.select().from(discounts).where(eq(discounts.id, code.id));
    expect(counted!.usedCount).toBe(1);
    expect(await services.db.select().from(discountRedemptions).where(eq(discountRedemptions.orderId, order.id))).toEqual([
      expect.objectContaining({ discountId: code.id, email: "asha@example.in", discountPaise: 10_000, orderTotalPaise: 314_500 }),
    ]);

    // The shopper's thank-you page and confirmation mail show the discount as a line of its own.
    expect(await orderForShopper(services.db, order.number, order.accessToken)).toMatchObject({ subtotalPaise: 309_700, discount: { code: "HUNDRED", kind: "fixed", paise: 10_000 }, totalPaise: 314_500 });
    await expect.poll(async () => (await listOutbox(services.db)).find((m) => m.subject === `Your GLACIAL order ${order.number}`)?.text ?? "").toContain("Discount (HUNDRED): −₹100");

    const ops = await createStaff(services, "dispatch@glacial.in", ["admin"]);
    const shipped = await transitionOrder(services, { id: ops.id, email: ops.email }, order.id, { action: "ship", expectedVersion: 1, carrier: "Blue Dart", trackingNumber: "BD1" });
    expect(shipped.ok).toBe(true);
    const pdf = (await invoicePdf(services.db, order.id, { compress: false }))!;
    expect(pdf.bytes.toString("latin1")).toContain(`(Order ${order.number})`);
    // What the PDF prints under its lines (its text is drawn in glyphs, so it is read from the same list).
    const detail = (await getOrderDetail(services.db, order.id))!;
    const figures = invoiceTotals(detail, true);
    expect(figures).toEqual([
      ["Goods before discount", 309_700],
      ["Discount (HUNDRED)", -10_000],
      ["Taxable value", row!.taxablePaise],
      ["CGST", row!.cgstPaise],
      ["SGST", row!.sgstPaise],
    ]);
    // Shipping ₹99 and the ₹49 COD fee are taxed as before: 8390 + 4153 taxable.
    expect(row!.taxablePaise).toBe(213_060 + 40_923 + 8_390 + 4_153);
    expect(invoiceDiscountNote(detail)).toMatch(/after the discount/);
  });

  it("ignores a discount amount, a total or a line discount sent by the client", async () => {
    await createCode("TEN");
    const cart = [{ variantId: bottle, quantity: 1 }];
    const quote = await quoteCart(services.db, cart, { discountCode: "TEN" });
    const order = placed(
      await placeOrder(services, form({ quoteDigest: quote.digest, discountCode: "TEN", discountPaise: "129900", discount: "99999", totalPaise: "100", goodsPaise: "129900" }), cart),
    );
    const [row] = await services.db.select().from(orders).where(eq(orders.id, order.id));
    // 10 % of ₹1,299 = ₹129.90; ₹1,169.10 + ₹99 + ₹49 = ₹1,317.10 -> ₹1,317.
    expect(row).toMatchObject({ discountPaise: 12_990, totalPaise: 131_700 });

    // A code sent without the quote it belongs to is not slipped in: the page is shown the new total first.
    const plain = await quoteCart(services.db, cart);
    const changed = await placeOrder(services, form({ quoteDigest: plain.digest, discountCode: "TEN" }), cart);
    expect(changed).toMatchObject({ kind: "quote-changed", quote: { discount: { code: "TEN", goodsPaise: 12_990 } } });
  });

  it("refuses each kind of bad code with its own message, and places nothing", async () => {
    const now = Date.now();
    await createCode("OLD", { endsAt: new Date(now - 60_000) });
    await createCode("SOON", { startsAt: new Date("2099-06-01T04:30:00Z") });
    await createCode("BIGSPEND", { minOrderPaise: 500_000 });
    await createCode("ONCEEACH", { perCustomerLimit: 1 });
    await createCode("FULL", { usageLimit: 1, usedCount: 1 });
    const cart = [{ variantId: bottle, quantity: 1 }];
    const refused = async (code: string) => (await quoteCart(services.db, cart, { discountCode: code, email: "asha@example.in" })).discountRefused?.message;
    expect(await refused("NOPE")).toMatch(/don't recognise this code/);
    expect(await refused("old")).toBe("This code has expired.");
    expect(await refused("SOON")).toBe("This code is not valid yet: it starts on 1 Jun 2099, 10:00 am IST.");
    // ₹5,000 - ₹1,299 = ₹3,701.
    expect(await refused("BIGSPEND")).toBe("Add ₹3,701 more to use this code.");
    expect(await refused("FULL")).toBe("This code has reached its usage limit.");

    placed(await buy(cart, "ONCEEACH"));
    expect(await refused("ONCEEACH")).toBe("You have already used this code.");
    // The same address in other letters is the same customer.
    const again = await placeOrder(services, form({ quoteDigest: (await quoteCart(services.db, cart)).digest, discountCode: "ONCEEACH", email: "ASHA@example.in" }), cart);
    expect(again).toMatchObject({ kind: "discount-refused", message: "ONCEEACH: You have already used this code.", quote: { discount: null } });
    const before = (await services.db.select().from(orders)).length;
    for (const code of ["NOPE", "OLD", "SOON", "BIGSPEND", "FULL"]) {
      const result = await placeOrder(services, form({ quoteDigest: (await quoteCart(services.db, cart)).digest, discountCode: code }), cart);
      expect(result.kind).toBe("discount-refused");
    }
    expect((await services.db.select().from(orders)).length).toBe(before);
    // Another customer may still use the once-each code.
    placed(await buy(cart, "ONCEEACH", { email: "ravi@example.in" }));
  });

  it("waives shipping with a free-shipping code", async () => {
    await createCode("SHIPFREE", { kind: "free_shipping", percentBasisPoints: null });
    const cart = [{ variantId: flask, quantity: 1 }];
    const quote = await quoteCart(services.db, cart, { discountCode: "SHIPFREE" });
    expect(quote.discount).toEqual({ code: "SHIPFREE", kind: "free_shipping", goodsPaise: 0, shippingWaivedPaise: 9_900, automatic: false, eligible: [true] });
    const order = placed(await buy(cart, "SHIPFREE"));
    const [row] = await services.db.select().from(orders).where(eq(orders.id, order.id));
    // ₹499 + ₹49 COD fee, no shipping.
    expect(row).toMatchObject({ discountCode: "SHIPFREE", discountPaise: 0, totalPaise: 54_800, shipping: expect.objectContaining({ totalPaise: 0 }) });
    // Its minimum order value still applies: ₹1,000 - ₹499 = ₹501 short.
    await createCode("SHIPOVER1000", { kind: "free_shipping", percentBasisPoints: null, minOrderPaise: 100_000 });
    expect((await quoteCart(services.db, cart, { discountCode: "SHIPOVER1000" })).discountRefused?.message).toBe("Add ₹501 more to use this code.");
    expect((await quoteCart(services.db, [{ variantId: bottle, quantity: 1 }], { discountCode: "SHIPOVER1000" })).discount).toMatchObject({ shippingWaivedPaise: 9_900 });
  });

  it("discounts only the lines of the chosen collections: GST on each line's discounted value, the others untouched", async () => {
    await createCode("INSULATED20", { percentBasisPoints: 2_000, collectionIds: [insulated] });
    const cart = [
      { variantId: bottle, quantity: 2 },
      { variantId: flask, quantity: 1 },
    ];
    const order = placed(await buy(cart, "INSULATED20"));
    const [row] = await services.db.select().from(orders).where(eq(orders.id, order.id));
    // 20 % of the bottles' ₹2,598 only = ₹519.60. Goods then cost ₹2,577.40: shipping ₹99 is
    // charged, and the ₹49 COD fee: ₹2,725.40, rounded to ₹2,725 (-40 paise).
    expect(row).toMatchObject({ subtotalPaise: 309_700, discountPaise: 51_960, roundOffPaise: -40, totalPaise: 272_500 });
    const lines = await services.db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(orderLines.position);
    // Bottles: ₹2,078.40 charged; taxable 207840 × 100 / 118 = 176135.6 -> 176136; tax 31704, halved.
    // Flask: full ₹499; taxable 49900 × 100 / 118 = 42288.1 -> 42288; tax 7612, halved.
    expect(lines.map((l) => [l.totalPaise, l.discountPaise, l.taxablePaise, l.cgstPaise, l.sgstPaise])).toEqual([
      [259_800, 51_960, 176_136, 15_852, 15_852],
      [49_900, 0, 42_288, 3_806, 3_806],
    ]);
    expect(row!.taxablePaise + row!.cgstPaise + row!.sgstPaise + row!.roundOffPaise).toBe(272_500);
  });

  it("spreads a fixed amount over the chosen products only, to the paisa, the odd paisa to the largest remainder", async () => {
    await createCode("SMALLTHINGS", { kind: "fixed", percentBasisPoints: null, amountPaise: 10_000, productIds: [flaskProduct, tumblerProduct] });
    const cart = [
      { variantId: bottle, quantity: 1 },
      { variantId: flask, quantity: 1 },
      { variantId: tumbler, quantity: 1 },
    ];
    const order = placed(await buy(cart, "smallthings"));
    const lines = await services.db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(orderLines.position);
    // ₹100 over ₹499 + ₹799 = ₹1,298: 3844.37 and 6155.62 paise; the floors leave 1 paisa, which
    // goes to the tumbler (the larger remainder). The bottle is not discounted.
    expect(lines.map((l) => l.discountPaise)).toEqual([0, 3_844, 6_156]);
    // The tumbler: 79900 - 6156 = 73744 charged; taxable 73744 × 100 / 118 = 62494.9 -> 62495.
    expect(lines[2]).toMatchObject({ taxablePaise: 62_495, cgstPaise: 5_624, sgstPaise: 5_625 });
    expect(lines[0]).toMatchObject({ taxablePaise: 110_085, cgstPaise: 9_907, sgstPaise: 9_908 });
  });

  it("refuses a targeted code when nothing in the cart qualifies, and counts the minimum on the items it is for", async () => {
    await createCode("FLASKS", { productIds: [flaskProduct], minOrderPaise: 100_000 });
    const refused = async (cart: CartLineInput[]) => (await quoteCart(services.db, cart, { discountCode: "FLASKS" })).discountRefused?.message;
    expect(await refused([{ variantId: bottle, quantity: 1 }])).toBe("This code is not for the items in your cart.");
    // ₹1,299 of bottles do not count towards the flasks' ₹1,000: ₹1,000 - ₹499 = ₹501 short.
    expect(await refused([{ variantId: bottle, quantity: 1 }, { variantId: flask, quantity: 1 }])).toBe("Add ₹501 more to use this code.");
    const result = await placeOrder(services, form({ quoteDigest: (await quoteCart(services.db, [{ variantId: bottle, quantity: 1 }])).digest, discountCode: "FLASKS" }), [{ variantId: bottle, quantity: 1 }]);
    expect(result).toMatchObject({ kind: "discount-refused", message: "FLASKS: This code is not for the items in your cart." });
    const ok = await quoteCart(services.db, [{ variantId: flask, quantity: 3 }], { discountCode: "FLASKS" });
    expect(ok.discount).toMatchObject({ code: "FLASKS", goodsPaise: 14_970 });
  });

  it("applies the automatic discount that saves most without a code; a typed code replaces it only when it saves at least as much", async () => {
    const five = await createCode("MONSOON5", { percentBasisPoints: 500, automatic: true });
    const fifty = await createCode("FLAT50", { kind: "fixed", percentBasisPoints: null, amountPaise: 5_000, automatic: true });
    await createCode("TINY10", { kind: "fixed", percentBasisPoints: null, amountPaise: 1_000 });
    await createCode("TWENTY", { percentBasisPoints: 2_000 });
    try {
      const cart = [{ variantId: tumbler, quantity: 1 }];
      // ₹799: 5 % is ₹39.95, the flat ₹50 saves more.
      const plain = await quoteCart(services.db, cart);
      expect(plain.discount).toMatchObject({ code: "FLAT50", automatic: true, goodsPaise: 5_000 });
      // An automatic discount's name is not a code.
      expect((await quoteCart(services.db, cart, { discountCode: "FLAT50" })).discountRefused?.message).toMatch(/don't recognise this code/);
      // A ₹10 code saves less: the automatic discount stays, and the shopper is told why.
      const tiny = await quoteCart(services.db, cart, { discountCode: "tiny10" });
      expect(tiny.discount).toMatchObject({ code: "FLAT50" });
      expect(tiny.discountRefused).toMatchObject({ code: "TINY10", message: "Your order already has the FLAT50 discount, which saves you more than this code." });
      // 20 % (₹159.80) saves more: it replaces the automatic one.
      const twenty = await quoteCart(services.db, cart, { discountCode: "TWENTY" });
      expect(twenty.discount).toMatchObject({ code: "TWENTY", automatic: false, goodsPaise: 15_980 });

      // Placed without a code: the automatic discount is on the order, counted like a code.
      const auto = placed(await buy(cart, undefined, { email: "auto@example.in" }));
      const [row] = await services.db.select().from(orders).where(eq(orders.id, auto.id));
      expect(row).toMatchObject({ discountCode: "FLAT50", discountPaise: 5_000 });
      expect(await orderForShopper(services.db, auto.number, auto.accessToken)).toMatchObject({ discount: { code: "FLAT50", paise: 5_000 } });
      // The smaller code sent with the order does not stop it: the better discount is kept.
      const kept = placed(await buy(cart, "TINY10", { email: "kept@example.in" }));
      expect((await services.db.select().from(orders).where(eq(orders.id, kept.id)))[0]).toMatchObject({ discountCode: "FLAT50" });
      const withCode = placed(await buy(cart, "TWENTY", { email: "coded@example.in" }));
      expect((await services.db.select().from(orders).where(eq(orders.id, withCode.id)))[0]).toMatchObject({ discountCode: "TWENTY", discountPaise: 15_980 });
      const [counted] = await services.db.select().from(discounts).where(eq(discounts.id, fifty.id));
      expect(counted!.usedCount).toBe(2);
      expect((await services.db.select().from(discounts).where(eq(discounts.id, five.id)))[0]!.usedCount).toBe(0);
    } finally {
      // The other tests' orders are priced without them.
      await services.db.update(discounts).set({ active: false }).where(eq(discounts.automatic, true));
    }
  });

  it("makes bulk codes unique and unconfusable, each good for one order, all sharing the discount's limit of 10 when 50 orders race", async () => {
    const owner = await createStaff(services, "bulk-owner@glacial.in", ["super_admin"]);
    const actor = { id: owner.id, email: owner.email };
    const parent = await createCode("DIWALI", { percentBasisPoints: 1_000, usageLimit: 10 });
    const started = performance.now();
    const made = await generateBulkCodes(services.db, actor, parent.id, { count: 1_000, prefix: "DIWALI" });
    const ms = performance.now() - started;
    console.log(`[discounts] 1000 bulk codes on ${kind}: ${ms.toFixed(0)} ms`);
    expect(made.message).toBe("1000 codes made for DIWALI.");
    const codes = made.codes;
    expect(new Set(codes).size).toBe(1_000);
    for (const c of codes) expect(c).toMatch(/^DIWALI-[ABCDEFGHJKMNPQRSTUVWXYZ2-9]{8}$/);
    expect(await services.db.select().from(discountCodes).where(eq(discountCodes.discountId, parent.id))).toHaveLength(1_000);

    // 50 orders at once, each with its own code of the one discount: its limit of 10 holds.
    const cart = [{ variantId: flask, quantity: 1 }];
    const results = await Promise.all(
      codes.slice(0, 50).map(async (code, i) => {
        const quote = await quoteCart(services.db, cart, { discountCode: code });
        return placeOrder(services, form({ quoteDigest: quote.digest, discountCode: code, email: `diwali${i}@example.in` }), cart);
      }),
    );
    expect(results.filter((r) => r.kind === "placed")).toHaveLength(10);
    expect(results.filter((r) => r.kind === "discount-refused")).toHaveLength(40);
    const [row] = await services.db.select().from(discounts).where(eq(discounts.id, parent.id));
    expect(row!.usedCount).toBe(10);
    const spent = await services.db.select().from(discountCodes).where(eq(discountCodes.usedCount, 1));
    expect(spent.filter((c) => c.discountId === parent.id)).toHaveLength(10);
    // The order shows the code the shopper typed; the redemption names it too.
    const first = results.find((r) => r.kind === "placed")!;
    const [firstRow] = await services.db.select().from(orders).where(eq(orders.id, (first as { order: { id: string } }).order.id));
    expect(codes).toContain(firstRow!.discountCode);

    // A bulk code is good for one order, even when the discount has uses left.
    const open = await createCode("WELCOME", { percentBasisPoints: 500 });
    const two = (await generateBulkCodes(services.db, actor, open.id, { count: 2, prefix: "HELLO" })).codes;
    placed(await buy(cart, two[0], { email: "first@example.in" }));
    expect((await quoteCart(services.db, cart, { discountCode: two[0], email: "second@example.in" })).discountRefused?.message).toBe("This code has already been used.");
    expect((await quoteCart(services.db, cart, { discountCode: two[1]!.toLowerCase() })).discount).toMatchObject({ code: two[1] });
    // A prefix too long, or a count over 1000, never reaches the database: the form schema refuses it (tested in the unit tests); an automatic discount has no bulk codes.
    const auto = await createCode("AUTOBULK", { automatic: true, active: false });
    // The module throws the refusal; the route answers it through the one table (400, beside the count).
    expect(await refusalThrownBy(generateBulkCodes(services.db, actor, auto.id, { count: 2, prefix: "X1" }))).toMatchObject({
      status: 400,
      fieldErrors: { count: "An automatic discount applies without a code: it has no bulk codes." },
    });
    expect(await services.db.select().from(discountCodes).where(eq(discountCodes.discountId, auto.id))).toEqual([]);
  });

  it("gives a use back, once, when the order is cancelled by staff or its payment hold runs out", async () => {
    const code = await createCode("ONEONLY", { usageLimit: 1, perCustomerLimit: 1 });
    const cart = [{ variantId: flask, quantity: 1 }];
    const first = placed(await buy(cart, "ONEONLY", { email: "gita@example.in" }));
    expect((await quoteCart(services.db, cart, { discountCode: "ONEONLY" })).discountRefused?.message).toBe("This code has reached its usage limit.");
    const ops = await createStaff(services, "canceller@glacial.in", ["admin"]);
    const actor = { id: ops.id, email: ops.email };
    expect(await transitionOrder(services, actor, first.id, { action: "cancel", expectedVersion: 1 })).toMatchObject({ ok: true });
    const count = async () => (await services.db.select().from(discounts).where(eq(discounts.id, code.id)))[0]!.usedCount;
    expect(await count()).toBe(0);
    // A second cancel is refused, and a second release finds nothing to give back.
    expect(await transitionOrder(services, actor, first.id, { action: "cancel", expectedVersion: 2 })).toMatchObject({ ok: false });
    expect(await services.db.transaction((tx) => releaseRedemption(tx, first.id))).toBe(false);
    expect(await count()).toBe(0);
    // The same shopper may use it again (the cancelled order no longer counts against her).
    const second = placed(await buy(cart, "ONEONLY", { email: "gita@example.in" }));
    expect(await count()).toBe(1);

    // An online order whose hold runs out unpaid gives its use back too (as if unpaid: no gateway here to ask).
    await services.db.update(orders).set({ status: "pending_payment", paymentStatus: "pending", holdExpiresAt: new Date(Date.now() - 60_000) }).where(eq(orders.id, second.id));
    expect(await releaseHold(services, second.id)).toBe("released");
    expect(await releaseHold(services, second.id)).toBe("not-pending");
    expect(await count()).toBe(0);
    const redemptions = await services.db.select().from(discountRedemptions).where(eq(discountRedemptions.discountId, code.id));
    expect(redemptions.map((r) => r.releasedAt !== null)).toEqual([true, true]);
  });


  it("uses a code limited to 10 uses exactly 10 times when 50 orders race for it", async () => {
    const code = await createCode("RACE10", { usageLimit: 10 });
    const cart = [{ variantId: flask, quantity: 1 }];
    const quote = await quoteCart(services.db, cart, { discountCode: "RACE10" });
    expect(quote.discount).not.toBeNull();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => placeOrder(services, form({ quoteDigest: quote.digest, discountCode: "RACE10", email: `racer${i}@example.in` }), cart)),
    );
    const kinds = results.map((r) => r.kind);
    expect(kinds.filter((k) => k === "placed")).toHaveLength(10);
    expect(kinds.filter((k) => k === "discount-refused")).toHaveLength(40);
    for (const r of results) if (r.kind === "discount-refused") expect(r.message).toBe("RACE10: This code has reached its usage limit.");
    const [row] = await services.db.select().from(discounts).where(eq(discounts.id, code.id));
    expect(row!.usedCount).toBe(10);
    expect(await services.db.select().from(discountRedemptions).where(eq(discountRedemptions.discountId, code.id))).toHaveLength(10);
    expect(await services.db.select().from(orders).where(eq(orders.discountCode, "RACE10"))).toHaveLength(10);
  });

  describe("the back office", () => {
    const cookies = new Map<string, string>();
    const signIn = async (email: string, roles: Parameters<typeof createStaff>[2]) => {
      const user = await createStaff(services, email, roles);
      const result = await signInStaff(services, requestFrom("/admin/login", { method: "POST" }), user);
      if (result.kind !== "signed-in") throw new Error(`sign-in of ${email} failed`);
      cookies.set(email, cookieHeader(result.headers));
    };
    const post = (path: string, fields: Record<string, string>, as?: string) => postForm(services, discountsAction, path, fields, { cookie: as ? cookies.get(as) : undefined });
    const statusOf = answerOf;
    const fields = (overrides: Record<string, string> = {}) => ({
      code: "monsoon15",
      kind: "percentage",
      percent: "15",
      amount: "",
      minOrder: "1,000",
      startsAt: "",
      endsAt: "",
      usageLimit: "3",
      perCustomerLimit: "1",
      ...overrides,
    });

    beforeAll(async () => {
      await signIn("owner@glacial.in", ["super_admin"]);
      await signIn("shopkeeper@glacial.in", ["admin"]);
      await signIn("viewer@glacial.in", ["viewer"]);
      await signIn("helpdesk@glacial.in", ["support"]);
    });

    it("refuses anyone without the discounts permission before reading the body: 401 signed out, 403 viewer and support", async () => {
      for (const [as, status] of [
        [undefined, 401],
        ["viewer@glacial.in", 403],
        ["helpdesk@glacial.in", 403],
      ] as const) {
        for (const op of ["create", "save", "deactivate", "activate", "bogus"]) {
          const call = post(`/admin/discounts?do=${op}`, fields(), as);
          expect((await statusOf(call.run)).status).toBe(status);
          expect(call.read()).toBe(false);
        }
      }
      expect(await services.db.select().from(discounts).where(eq(discounts.code, "MONSOON15"))).toEqual([]);
      // The page itself sends them away too.
      const page = await statusOf(() => discountsLoader({ request: requestFrom("/admin/discounts", { cookie: cookies.get("viewer@glacial.in") }), context: { services }, params: {} } as never));
      expect(page).toMatchObject({ status: 302, location: "/admin/dashboard" });
    });

    it("creates, lists with uses, status and revenue, edits, refuses mistakes beside their fields, and deactivates: each write audited", async () => {
      const created = await statusOf(post("/admin/discounts?edit=new&do=create", fields(), "shopkeeper@glacial.in").run);
      expect(created).toMatchObject({ status: 302, location: "/admin/discounts?saved=Discount%20MONSOON15%20created." });
      const [row] = await services.db.select().from(discounts).where(eq(discounts.code, "MONSOON15"));
      expect(row).toMatchObject({ kind: "percentage", percentBasisPoints: 1_500, minOrderPaise: 100_000, usageLimit: 3, perCustomerLimit: 1, active: true });

      // An action name every object inherits is no action.
      expect(await statusOf(post("/admin/discounts?do=toString", fields(), "owner@glacial.in").run)).toMatchObject({ status: 400, body: { error: "Unknown action." } });
      // The same code in other letters is the same code.
      const again = await statusOf(post("/admin/discounts?edit=new&do=create", fields({ code: "Monsoon15" }), "owner@glacial.in").run);
      expect(again).toMatchObject({ status: 400, body: { fieldErrors: { code: "The code MONSOON15 already exists: choose another." } } });
      const bad = await statusOf(post("/admin/discounts?edit=new&do=create", fields({ code: "X1", percent: "120", endsAt: "2026-13-01T00:00" }), "owner@glacial.in").run);
      expect(bad).toMatchObject({ status: 400, body: { fieldErrors: { code: expect.any(String), percent: "Percentage must be a whole number from 1 to 100.", endsAt: expect.any(String) }, values: expect.objectContaining({ code: "X1" }) } });

      // Used once, by an order of ₹1,299 (15 % off: ₹1,104.15 + ₹99 + ₹49 = ₹1,252).
      const order = placed(await buy([{ variantId: bottle, quantity: 1 }], "MONSOON15", { email: "meera@example.in" }));
      const listed = await discountsLoader({ request: requestFrom("/admin/discounts", { cookie: cookies.get("shopkeeper@glacial.in") }), context: { services }, params: {} } as never);
      // Revenue counts the order once it is paid: cash on delivery, once collected.
      expect(listed.rows.find((r) => r.code === "MONSOON15")).toMatchObject({ kind: "Percentage", value: "15%", appliesTo: "Whole order", uses: "1 / 3", status: "active", revenuePaise: 0 });
      expect(order.totalPaise).toBe(125_200);
      const ops = { id: null, email: "shopkeeper@glacial.in" };
      await transitionOrder(services, ops, order.id, { action: "ship", expectedVersion: 1, carrier: "Delhivery", trackingNumber: "DL1" });
      expect(await transitionOrder(services, ops, order.id, { action: "collect_cod", expectedVersion: 2 })).toMatchObject({ ok: true });
      const paid = await discountsLoader({ request: requestFrom("/admin/discounts", { cookie: cookies.get("shopkeeper@glacial.in") }), context: { services }, params: {} } as never);
      expect(paid.rows.find((r) => r.code === "MONSOON15")).toMatchObject({ revenuePaise: 125_200 });

      // A limit under the uses already made is refused beside its field; a stale version is refused whole.
      const lower = await statusOf(post(`/admin/discounts?edit=${row!.id}&do=save`, { ...fields({ usageLimit: "0" }), id: row!.id, version: "1" }, "shopkeeper@glacial.in").run);
      expect(lower).toMatchObject({ status: 400, body: { fieldErrors: { usageLimit: expect.any(String) } } });
      const scheduled = await statusOf(
        post(`/admin/discounts?edit=${row!.id}&do=save`, { ...fields({ startsAt: "2099-01-01T09:00", usageLimit: "5" }), id: row!.id, version: "1" }, "shopkeeper@glacial.in").run,
      );
      expect(scheduled).toMatchObject({ status: 302 });
      const stale = await statusOf(post(`/admin/discounts?edit=${row!.id}&do=save`, { ...fields(), id: row!.id, version: "1" }, "shopkeeper@glacial.in").run);
      expect(stale).toMatchObject({ status: 409, body: { ok: false, error: "This discount was changed by someone else — reload to see their changes.", values: expect.objectContaining({ code: "monsoon15", version: "1" }) } });
      const [edited] = await services.db.select().from(discounts).where(eq(discounts.id, row!.id));
      // 09:00 in India is 03:30 UTC.
      expect(edited).toMatchObject({ version: 2, usageLimit: 5, startsAt: new Date("2099-01-01T03:30:00Z") });
      const afterEdit = await discountsLoader({ request: requestFrom("/admin/discounts", { cookie: cookies.get("owner@glacial.in") }), context: { services }, params: {} } as never);
      expect(afterEdit.rows.find((r) => r.code === "MONSOON15")).toMatchObject({ status: "scheduled", window: "from 1 Jan 2099, 9:00 am IST" });

      // Switching off from an old version, or a discount that does not exist: refused whole, nothing changed.
      expect(await statusOf(post("/admin/discounts?do=deactivate", { id: row!.id, version: "1" }, "shopkeeper@glacial.in").run)).toMatchObject({
        status: 409,
        body: { ok: false, error: "This discount was changed by someone else — reload to see their changes." },
      });
      // Gone is the refusal table's "not-found": 404, for each form that names a discount.
      const missing = "55555555-5555-4555-8555-555555555555";
      expect(await statusOf(post("/admin/discounts?do=deactivate", { id: missing, version: "1" }, "shopkeeper@glacial.in").run)).toEqual({
        status: 404,
        body: { ok: false, error: "That discount no longer exists." },
      });
      expect(await statusOf(post(`/admin/discounts?edit=${missing}&do=save`, { ...fields({ code: "NOWHERE1" }), id: missing, version: "1" }, "shopkeeper@glacial.in").run)).toMatchObject({
        status: 404,
        body: { ok: false, error: "That discount no longer exists.", values: expect.objectContaining({ code: "NOWHERE1" }) },
      });
      expect(await statusOf(post(`/admin/discounts?edit=${missing}&do=generate`, { id: missing, count: "5", prefix: "GONE" }, "shopkeeper@glacial.in").run)).toMatchObject({
        status: 404,
        body: { ok: false, form: "bulk", error: "That discount no longer exists." },
      });
      const off = await statusOf(post("/admin/discounts?do=deactivate", { id: row!.id, version: "2" }, "shopkeeper@glacial.in").run);
      expect(off).toMatchObject({ status: 302, location: "/admin/discounts?saved=Discount%20MONSOON15%20deactivated." });
      expect((await quoteCart(services.db, [{ variantId: bottle, quantity: 1 }], { discountCode: "monsoon15" })).discountRefused?.message).toBe("This code is no longer available.");

      const audit = (await listAudit(services.db, { module: "discounts" })).filter((a) => a.targetId === row!.id);
      expect(audit.map((a) => a.action).sort()).toEqual(["create", "deactivate", "edit"]);
      expect(audit.find((a) => a.action === "create")!.changes.after).toMatchObject({ name: "MONSOON15", percentBasisPoints: 1_500 });
      expect(audit.find((a) => a.action === "edit")!.changes).toMatchObject({ before: { usageLimit: 3, startsAt: null }, after: { usageLimit: 5, startsAt: "2099-01-01T03:30:00.000Z" } });
    });

    it("creates a discount for ticked products and collections, and refuses an id that is no product", async () => {
      const made = await statusOf(
        post("/admin/discounts?edit=new&do=create", { ...fields({ code: "bottles5", percent: "5", usageLimit: "", perCustomerLimit: "", minOrder: "" }), [`product:${flaskProduct}`]: "on", [`collection:${insulated}`]: "on" }, "owner@glacial.in").run,
      );
      expect(made).toMatchObject({ status: 302 });
      const [row] = await services.db.select().from(discounts).where(eq(discounts.code, "BOTTLES5"));
      expect(row).toMatchObject({ productIds: [flaskProduct], collectionIds: [insulated], automatic: false });
      const ghost = "44444444-4444-4444-8444-444444444444";
      const refused = await statusOf(post("/admin/discounts?edit=new&do=create", { ...fields({ code: "GHOST5", usageLimit: "", perCustomerLimit: "" }), [`product:${ghost}`]: "on" }, "owner@glacial.in").run);
      expect(refused).toMatchObject({ status: 400, body: { fieldErrors: { productIds: expect.stringMatching(/no longer exists/) } } });
      expect(await services.db.select().from(discounts).where(eq(discounts.code, "GHOST5"))).toEqual([]);
      // Bulk codes through the route: permission first, the form's schema, then one transaction.
      const bulk = await statusOf(post(`/admin/discounts?edit=${row!.id}&do=generate`, { id: row!.id, count: "3", prefix: "bot" }, "shopkeeper@glacial.in").run);
      expect(bulk).toMatchObject({ status: 302, location: `/admin/discounts?edit=${row!.id}&saved=3%20codes%20made%20for%20BOTTLES5.` });
      expect(await statusOf(post(`/admin/discounts?edit=${row!.id}&do=generate`, { id: row!.id, count: "5000", prefix: "bot" }, "shopkeeper@glacial.in").run)).toMatchObject({
        status: 400,
        body: { form: "bulk", fieldErrors: { count: "Make from 1 to 1000 codes at a time." } },
      });
      const viewer = post(`/admin/discounts?edit=${row!.id}&do=generate`, { id: row!.id, count: "3", prefix: "bot" }, "viewer@glacial.in");
      expect((await statusOf(viewer.run)).status).toBe(403);
      expect(viewer.read()).toBe(false);
    });

    it("exports the list as CSV: the same rows, uses and revenue as the screen", async () => {
      const list = await listDiscountsForAdmin(services.db);
      const csv = await discountsCsv(services.db);
      expect(csv.startsWith("\uFEFFcode,automatic,kind,value,applies_to")).toBe(true);
      const rows = parse(csv.slice(1), { columns: true }) as Record<string, string>[];
      expect(rows.map((r) => r.code)).toEqual(list.map((d) => d.code));
      for (const [i, d] of list.entries()) {
        expect(rows[i]).toMatchObject({ uses: String(d.usedCount), revenue_inr: (d.revenuePaise / 100).toFixed(2), bulk_codes: String(d.bulkCodes), automatic: d.automatic ? "yes" : "no" });
      }
      expect(rows.find((r) => r.code === "MONSOON15")).toMatchObject({ revenue_inr: "1252.00", applies_to: "Whole order", value: "15%" });
      expect(rows.find((r) => r.code === "INSULATED20")).toMatchObject({ applies_to: "1 collection" });
      expect(rows.find((r) => r.code === "BOTTLES5")).toMatchObject({ applies_to: "1 product, 1 collection", bulk_codes: "3", bulk_codes_used: "0" });
      expect(rows.find((r) => r.code === "DIWALI")).toMatchObject({ uses: "10", usage_limit: "10", bulk_codes: "1000", bulk_codes_used: "10" });

      // Over HTTP: staff with the right get the file, others a refusal rather than a page.
      const { loader: csvLoader } = await import("~/routes/admin/discounts-csv");
      const res = (await csvLoader({ request: requestFrom("/admin/discounts.csv", { cookie: cookies.get("viewer@glacial.in") }), context: { services }, params: {} } as never).catch((e: unknown) => e)) as Response;
      expect([401, 403]).toContain(res.status ?? (res as unknown as { init: { status: number } }).init?.status);
      const ok = (await csvLoader({ request: requestFrom("/admin/discounts.csv", { cookie: cookies.get("shopkeeper@glacial.in") }), context: { services }, params: {} } as never)) as Response;
      expect(ok.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      // Read as bytes: text() would drop the byte-order mark that tells Excel the file is UTF-8.
      expect(Buffer.from(await ok.arrayBuffer()).toString("utf8")).toBe(await discountsCsv(services.db));
    });
  });
});
