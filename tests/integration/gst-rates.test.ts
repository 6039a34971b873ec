import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fieldErrors } from "~/lib/form-errors";
import { saveProduct } from "~/modules/catalog/product-editor.server";
import { productInput } from "~/modules/catalog/product-form";
import { productVariants, products } from "~/modules/catalog/schema";
import { placeOrder, quoteCart, type CartLineInput } from "~/modules/orders/checkout.server";
import { invoiceRows, invoiceTotals } from "~/modules/orders/invoice-figures";
import { invoicePdf } from "~/modules/orders/invoice-pdf.server";
import { getOrderDetail, transitionOrder } from "~/modules/orders/order-admin.server";
import { orderLines } from "~/modules/orders/schema";
import { setSetting } from "~/modules/settings/site-settings.server";
import { loader as orderLoader } from "~/routes/admin/order";
import { action as cartVerifyAction } from "~/routes/api.cart-verify";
import type { AppServices } from "~/services.server";
import { answerOf } from "../support/route-calls";
import { checkoutForm } from "../support/shoppers";
import { cookieHeader, createStaff, openTestServices, requestFrom, TEST_PUBLIC_URL } from "../support/test-services";
import { DRIVERS } from "../support/test-database";

// A product's own GST rate, from the editor to the order line and the tax invoice, and the
// invoice's figures row by row for plain orders inside and outside the shop's state. Every figure
// below is worked out by hand (taxable = amount x 100 / (100 + rate), rounded to the paisa; the
// tax is the rest; CGST the lower half, SGST the odd paisa).

describe.each(DRIVERS)("GST rates per product on %s", (kind) => {
  let services: AppServices;
  let actor: { id: string; email: string };
  let bottle: { productId: string; variantId: string }; // ₹1,299, no rate of its own (the shop's 18 %)
  let brush: { productId: string; variantId: string }; // ₹349, 5 %
  let flask: { productId: string; variantId: string }; // ₹1,299.50, no rate of its own

  /** A product through the editor's own schema and save, as staff make one. */
  async function product(slug: string, price: string, hsnCode: string, gstRatePercent: string) {
    const input = productInput.parse({ title: slug.replace(/-/g, " "), slug, status: "active", skuBase: slug.toUpperCase(), hsnCode, gstRatePercent, options: [], variants: [{ optionValues: {}, price, stockQuantity: 50 }] });
    const { id } = await saveProduct(services.db, input, {});
    const [variant] = await services.db.select({ id: productVariants.id }).from(productVariants).where(eq(productVariants.productId, id));
    return { productId: id, variantId: variant!.id };
  }
  async function buy(cart: CartLineInput[], overrides: Record<string, unknown> = {}) {
    const quote = await quoteCart(services.db, cart, { placeOfSupplyStateCode: String(overrides.shipState ?? "29") });
    const result = await placeOrder(services, checkoutForm({ quoteDigest: quote.digest, ...overrides }), cart);
    if (result.kind !== "placed") throw new Error(`not placed: ${JSON.stringify(result)}`);
    return { quote, order: result.order };
  }
  async function ship(orderId: string) {
    const shipped = await transitionOrder(services, actor, orderId, { action: "ship", expectedVersion: 1, carrier: "Blue Dart", trackingNumber: `BD${orderId.slice(0, 8)}` });
    expect(shipped.ok).toBe(true);
    return (await getOrderDetail(services.db, orderId))!;
  }

  beforeAll(async () => {
    services = await openTestServices(kind);
    await setSetting(services.db, "gst_settings", { percentage: 18 });
    const staff = await createStaff(services, "gst.dispatch@glacial.in", ["admin"]);
    actor = { id: staff.id, email: staff.email };
    bottle = await product("steel-bottle", "1299", "73239390", "");
    brush = await product("bottle-brush", "349", "96039000", "5");
    flask = await product("round-flask", "1299.50", "73239310", "");
  });
  afterAll(() => services?.close());

  it("keeps a product's rate as the editor saved it: a slab, or null for the shop's default; refuses any other", async () => {
    const rows = await services.db.select({ slug: products.slug, rate: products.gstRatePercent }).from(products).where(eq(products.slug, "bottle-brush"));
    expect(rows).toEqual([{ slug: "bottle-brush", rate: 5 }]);
    expect((await services.db.select({ rate: products.gstRatePercent }).from(products).where(eq(products.id, bottle.productId)))[0]!.rate).toBeNull();
    for (const bad of ["7", "17.5", "40", "x"]) {
      const parsed = productInput.safeParse({ title: "Odd", slug: "odd-rate", status: "draft", skuBase: "ODD", gstRatePercent: bad, options: [], variants: [] });
      expect(fieldErrors(parsed.error!).gstRatePercent, bad).toBe("Choose a GST rate of 0, 3, 5, 12, 18 or 28 percent.");
    }
    // The database holds the same rule: a rate written past the editor is refused too.
    await expect(services.db.update(products).set({ gstRatePercent: 7 }).where(eq(products.id, brush.productId))).rejects.toThrow();
  });

  it("tells the cart each line's rate: the product's own, else the shop's default (POST /api/cart/verify)", async () => {
    const request = new Request(`${TEST_PUBLIC_URL}/api/cart/verify`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ variantIds: [bottle.variantId, brush.variantId] }),
    });
    const answer = await answerOf(() => cartVerifyAction({ request, context: { services }, params: {} } as never));
    expect(answer.status).toBe(200);
    const { variants } = answer.body as { variants: { variantId: string; gstRatePercent: number }[] };
    expect(Object.fromEntries(variants.map((v) => [v.variantId, v.gstRatePercent]))).toEqual({ [bottle.variantId]: 18, [brush.variantId]: 5 });
  });

  it("prices and freezes each line at its product's rate, with shipping and the COD fee at the highest (inside the state)", async () => {
    const { quote, order } = await buy([
      { variantId: bottle.variantId, quantity: 1 },
      { variantId: brush.variantId, quantity: 2 },
    ]);
    expect(quote.lines.map((l) => l.gstRatePercent)).toEqual([18, 5]);
    expect(quote).toMatchObject({ gstRates: [5, 18], gstRatePercent: 18 });

    const lines = await services.db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(orderLines.position);
    // Bottle 129900 at 18 %: 110084.75 -> 110085; tax 19815 = 9907 + 9908.
    // Brushes 69800 at 5 %: 66476.19 -> 66476; tax 3324 = 1662 + 1662.
    expect(lines.map((l) => [l.hsnCode, l.gstRatePercent, l.totalPaise, l.taxablePaise, l.cgstPaise, l.sgstPaise, l.igstPaise])).toEqual([
      ["73239390", 18, 129_900, 110_085, 9_907, 9_908, 0],
      ["96039000", 5, 69_800, 66_476, 1_662, 1_662, 0],
    ]);

    // The order screen's lines table shows each line's frozen rate beside its HSN code.
    const signIn = await services.auth.api.signInEmail({ body: { email: actor.email, password: "a long test passphrase" }, asResponse: true });
    const screen = (await orderLoader({ request: requestFrom(`/admin/orders/${order.id}`, { cookie: cookieHeader(signIn.headers) }), context: { services }, params: { id: order.id } } as never)) as {
      order: { lines: { hsnCode: string; gstRatePercent: number }[] };
    };
    expect(screen.order.lines.map((l) => [l.hsnCode, l.gstRatePercent])).toEqual([
      ["73239390", 18],
      ["96039000", 5],
    ]);
    // A rate changed after the sale does not touch the order.
    await services.db.update(products).set({ gstRatePercent: 12 }).where(eq(products.id, brush.productId));

    const detail = await ship(order.id);
    // Shipping ₹99 (₹1,997 is under the ₹4,999 threshold) at 18 %: 8390 + 755 + 755; COD ₹49: 4153 + 373 + 374.
    expect(invoiceRows(detail, "7323")).toEqual([
      { label: "steel bottle", hsn: "73239390", quantity: "1", taxablePaise: 110_085, ratePercent: 18, cgstPaise: 9_907, sgstPaise: 9_908, igstPaise: 0, amountPaise: 129_900 },
      { label: "bottle brush", hsn: "96039000", quantity: "2", taxablePaise: 66_476, ratePercent: 5, cgstPaise: 1_662, sgstPaise: 1_662, igstPaise: 0, amountPaise: 69_800 },
      { label: "Shipping", hsn: "73239390", quantity: "", taxablePaise: 8_390, ratePercent: 18, cgstPaise: 755, sgstPaise: 755, igstPaise: 0, amountPaise: 9_900 },
      { label: "Cash on delivery fee", hsn: "73239390", quantity: "", taxablePaise: 4_153, ratePercent: 18, cgstPaise: 373, sgstPaise: 374, igstPaise: 0, amountPaise: 4_900 },
    ]);
    // 110085 + 66476 + 8390 + 4153 = 189104; CGST 12697; SGST 12699; 214500 in all, whole rupees.
    expect(invoiceTotals(detail, true)).toEqual([
      ["Taxable value", 189_104],
      ["CGST", 12_697],
      ["SGST", 12_699],
    ]);
    expect(detail.totalPaise).toBe(214_500);
    const pdf = (await invoicePdf(services.db, order.id, { compress: false }))!.bytes.toString("latin1");
    expect(pdf.startsWith("%PDF-")).toBe(true);
    await services.db.update(products).set({ gstRatePercent: 5 }).where(eq(products.id, brush.productId));
  });

  it("taxes mixed rates as IGST outside the state, each line at its own rate", async () => {
    const { order } = await buy(
      [
        { variantId: brush.variantId, quantity: 2 },
        { variantId: bottle.variantId, quantity: 1 },
      ],
      { shipState: "27", shipCity: "Pune", shipPin: "411001" },
    );
    const detail = await ship(order.id);
    // The charges take the bottle's 18 % and its HSN, though the brushes come first.
    expect(invoiceRows(detail, "7323").map((r) => [r.label, r.hsn, r.ratePercent, r.taxablePaise, r.igstPaise, r.cgstPaise + r.sgstPaise, r.amountPaise])).toEqual([
      ["bottle brush", "96039000", 5, 66_476, 3_324, 0, 69_800],
      ["steel bottle", "73239390", 18, 110_085, 19_815, 0, 129_900],
      ["Shipping", "73239390", 18, 8_390, 1_510, 0, 9_900],
      ["Cash on delivery fee", "73239390", 18, 4_153, 747, 0, 4_900],
    ]);
    expect(invoiceTotals(detail, false)).toEqual([
      ["Taxable value", 189_104],
      ["IGST", 25_396],
    ]);
  });

  it("a product without a rate follows the shop's default as it is when the order is placed", async () => {
    await setSetting(services.db, "gst_settings", { percentage: 12 });
    const { quote, order } = await buy([{ variantId: bottle.variantId, quantity: 1 }]);
    await setSetting(services.db, "gst_settings", { percentage: 18 });
    expect(quote).toMatchObject({ gstRates: [12], gstRatePercent: 12 });
    // 129900 at 12 %: 115982.14 -> 115982; tax 13918 = 6959 + 6959.
    const [line] = await services.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    expect(line).toMatchObject({ gstRatePercent: 12, taxablePaise: 115_982, cgstPaise: 6_959, sgstPaise: 6_959 });
  });

  describe("invoice figures of plain orders, row by row", () => {
    it("inside the state: CGST + SGST on the goods, shipping and the COD fee, and a round-off to the rupee", async () => {
      const { order } = await buy([{ variantId: flask.variantId, quantity: 1 }]);
      const detail = await ship(order.id);
      // Flask 129950 at 18 %: 110127.12 -> 110127; tax 19823 = 9911 + 9912.
      // Shipping 9900: 8390; 1510 = 755 + 755. COD 4900: 4153; 747 = 373 + 374.
      expect(invoiceRows(detail, "7323")).toEqual([
        { label: "round flask", hsn: "73239310", quantity: "1", taxablePaise: 110_127, ratePercent: 18, cgstPaise: 9_911, sgstPaise: 9_912, igstPaise: 0, amountPaise: 129_950 },
        { label: "Shipping", hsn: "73239310", quantity: "", taxablePaise: 8_390, ratePercent: 18, cgstPaise: 755, sgstPaise: 755, igstPaise: 0, amountPaise: 9_900 },
        { label: "Cash on delivery fee", hsn: "73239310", quantity: "", taxablePaise: 4_153, ratePercent: 18, cgstPaise: 373, sgstPaise: 374, igstPaise: 0, amountPaise: 4_900 },
      ]);
      // Taxable 110127 + 8390 + 4153 = 122670; CGST 9911 + 755 + 373 = 11039; SGST 9912 + 755 + 374 = 11041.
      // Charged 129950 + 9900 + 4900 = 144750 = ₹1,447.50, rounded to ₹1,448: round-off +50 paise.
      expect(invoiceTotals(detail, true)).toEqual([
        ["Taxable value", 122_670],
        ["CGST", 11_039],
        ["SGST", 11_041],
        ["Round-off", 50],
      ]);
      expect(detail.totalPaise).toBe(144_800);
    });

    it("to another state: IGST only", async () => {
      const { order } = await buy([{ variantId: flask.variantId, quantity: 2 }], { shipState: "27", shipCity: "Pune", shipPin: "411001" });
      const detail = await ship(order.id);
      // Two flasks 259900 at 18 %: 220254.24 -> 220254; IGST 39646. Shipping 8390 + 1510; COD 4153 + 747.
      expect(invoiceRows(detail, "7323")).toEqual([
        { label: "round flask", hsn: "73239310", quantity: "2", taxablePaise: 220_254, ratePercent: 18, cgstPaise: 0, sgstPaise: 0, igstPaise: 39_646, amountPaise: 259_900 },
        { label: "Shipping", hsn: "73239310", quantity: "", taxablePaise: 8_390, ratePercent: 18, cgstPaise: 0, sgstPaise: 0, igstPaise: 1_510, amountPaise: 9_900 },
        { label: "Cash on delivery fee", hsn: "73239310", quantity: "", taxablePaise: 4_153, ratePercent: 18, cgstPaise: 0, sgstPaise: 0, igstPaise: 747, amountPaise: 4_900 },
      ]);
      // Taxable 220254 + 8390 + 4153 = 232797; IGST 39646 + 1510 + 747 = 41903; 274700 = ₹2,747: no round-off.
      expect(invoiceTotals(detail, false)).toEqual([
        ["Taxable value", 232_797],
        ["IGST", 41_903],
      ]);
      expect(detail.totalPaise).toBe(274_700);
    });
  });
});
