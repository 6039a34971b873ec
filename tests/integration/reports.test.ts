import crypto from "node:crypto";
import { parse } from "csv-parse/sync";
import { eq, inArray } from "drizzle-orm";
import { isRouteErrorResponse } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collections, productCollections, productVariants, products } from "~/modules/catalog/schema";
import { discounts } from "~/modules/discounts/schema";
import { placeOrder, quoteCart, type CartLineInput, type PlaceOrderResult } from "~/modules/orders/checkout.server";
import { transitionOrder } from "~/modules/orders/order-admin.server";
import { refundOrder } from "~/modules/orders/refunds.server";
import { orderLines, orders } from "~/modules/orders/schema";
import { buildReport, dashboardFigures, reportCsv } from "~/modules/reports/reports.server";
import { istDay, type DayRange } from "~/modules/reports/reports";
import { readSettingForEdit, setSetting } from "~/modules/settings/settings.server";
import { signInStaff } from "~/modules/staff/sign-in.server";
import { loader as dashboardLoader } from "~/routes/admin/dashboard";
import { loader as reportsLoader } from "~/routes/admin/reports";
import { loader as reportsCsvLoader } from "~/routes/admin/reports-csv";
import { action as settingsAction } from "~/routes/admin/settings";
import type { AppServices } from "~/services.server";
import { DRIVERS } from "../support/test-database";
import { cookieHeader, createStaff, openTestServices, requestFrom } from "../support/test-services";

// Dashboard and report figures against a real database, checked against sums computed here from
// the orders themselves: intra- and inter-state, discounted, refunded, cancelled, waiting to ship.

const key = () => `k_${crypto.randomBytes(12).toString("hex")}`;
const day = (fromDay: string, toDay = fromDay): DayRange => ({ preset: "custom", fromDay, toDay, days: Math.round((Date.parse(toDay) - Date.parse(fromDay)) / 86_400_000) + 1 });
const sumOf = <T>(rows: T[], f: (r: T) => number) => rows.reduce((n, r) => n + f(r), 0);

describe.each(DRIVERS)("reports on %s", (kind) => {
  let services: AppServices;
  let bottle: string; // ₹1,299, HSN 73239390
  let flask: string; // ₹499, HSN 96170019
  let bottleProduct: string;
  const ids: Record<"a" | "b" | "c" | "d", string> = { a: "", b: "", c: "", d: "" };
  const actor = { id: null, email: "ops@glacial.in" };

  async function createProduct(slug: string, pricePaise: number, hsnCode: string, stock = 100) {
    const [p] = await services.db.insert(products).values({ slug, title: slug.replace(/-/g, " "), status: "active", hsnCode }).returning();
    const [v] = await services.db.insert(productVariants).values({ productId: p!.id, sku: slug.toUpperCase(), pricePaise, stockQuantity: stock }).returning();
    return { productId: p!.id, variantId: v!.id };
  }
  async function buy(cart: CartLineInput[], overrides: Record<string, string> = {}, code?: string): Promise<string> {
    const quote = await quoteCart(services.db, cart, { discountCode: code, email: "asha@example.in" });
    const result: PlaceOrderResult = await placeOrder(
      services,
      {
        email: "asha@example.in",
        phone: "98765 43210",
        shipName: "Asha Rao",
        shipLine1: "12, 4th Cross",
        shipCity: "Bengaluru",
        shipState: "29",
        shipPin: "560038",
        billingSame: "on",
        paymentMethod: "cod",
        idempotencyKey: key(),
        quoteDigest: quote.digest,
        ...(code ? { discountCode: code } : {}),
        ...overrides,
      },
      cart,
    );
    if (result.kind !== "placed") throw new Error(`not placed: ${JSON.stringify(result).slice(0, 300)}`);
    return result.order.id;
  }
  const version = async (id: string) => (await services.db.select({ v: orders.version }).from(orders).where(eq(orders.id, id)))[0]!.v;
  async function move(id: string, action: "ship" | "deliver" | "collect_cod" | "cancel") {
    const extra = action === "ship" ? { carrier: "Delhivery", trackingNumber: `DL${crypto.randomInt(1e9)}` } : {};
    const r = await transitionOrder(services, actor, id, { action, expectedVersion: await version(id), ...extra });
    if (!r.ok) throw new Error(`${action}: ${r.message}`);
  }

  beforeAll(async () => {
    services = await openTestServices(kind);
    const b = await createProduct("steel-bottle", 129_900, "73239390");
    bottle = b.variantId;
    bottleProduct = b.productId;
    flask = (await createProduct("mini-flask", 49_900, "96170019")).variantId;
    await createProduct("last-few", 99_900, "73239390", 3);
    const [col] = await services.db.insert(collections).values({ name: "Bottles", slug: "bottles" }).returning();
    await services.db.insert(productCollections).values({ collectionId: col!.id, productId: bottleProduct, sortOrder: 0 });
    await services.db.insert(discounts).values({ code: "TEN", kind: "percentage", percentBasisPoints: 1_000 });

    // A: Karnataka (the shop's state: CGST + SGST), two bottles, delivered, cash collected, ₹500 refunded.
    ids.a = await buy([{ variantId: bottle, quantity: 2 }]);
    for (const step of ["ship", "deliver", "collect_cod"] as const) await move(ids.a, step);
    const refunded = await refundOrder(services, actor, ids.a, { amountPaise: 50_000, reason: "Dented", reference: "UPI-123", expectedVersion: await version(ids.a) });
    if (!refunded.ok) throw new Error(refunded.message);
    // B: Maharashtra (IGST), a bottle and a flask with 10% off, shipped.
    ids.b = await buy([{ variantId: bottle, quantity: 1 }, { variantId: flask, quantity: 1 }], { shipState: "27", shipCity: "Pune", shipPin: "411001" }, "TEN");
    await move(ids.b, "ship");
    // C: Tamil Nadu, cancelled: not a sale.
    ids.c = await buy([{ variantId: flask, quantity: 3 }], { shipState: "33", shipCity: "Chennai", shipPin: "600001" });
    await move(ids.c, "cancel");
    // D: Karnataka, a flask waiting to be shipped.
    ids.d = await buy([{ variantId: flask, quantity: 1 }]);

    // Placed around India's midnight: B late on 10 Nov (IST), A just after it, on 11 Nov.
    const placedAt = { a: "2026-11-10T18:45:00Z", b: "2026-11-10T18:20:00Z", c: "2026-11-11T05:00:00Z", d: "2026-11-11T10:00:00Z" };
    for (const [k, at] of Object.entries(placedAt)) await services.db.update(orders).set({ createdAt: new Date(at) }).where(eq(orders.id, ids[k as keyof typeof ids]));
  });
  afterAll(() => services?.close());

  const sales = async (which: (keyof typeof ids)[]) => services.db.select().from(orders).where(inArray(orders.id, which.map((k) => ids[k])));

  it("sales over time: every figure is the sum of the orders it covers, on India's days", async () => {
    const counted = await sales(["a", "b", "d"]);
    const report = await buildReport(services.db, "sales", day("2026-11-09", "2026-11-12"), { unit: "day" });
    const t = report.tables[0]!;
    expect(t.rows.map((r) => [r.period, r.orders])).toEqual([
      ["2026-11-10", 1],
      ["2026-11-11", 2],
    ]);
    const gross = sumOf(counted, (o) => o.subtotalPaise);
    const discount = sumOf(counted, (o) => o.discountPaise);
    expect(t.totals).toMatchObject({ orders: 3, grossPaise: gross, discountPaise: discount, refundedPaise: 50_000, netPaise: gross - discount - 50_000, totalPaise: sumOf(counted, (o) => o.totalPaise) });
    expect(discount).toBeGreaterThan(0);
    expect(gross).toBe(2 * 129_900 + 129_900 + 49_900 + 49_900);

    const month = await buildReport(services.db, "sales", day("2026-11-01", "2026-11-30"), { unit: "month" });
    expect(month.tables[0]!.rows).toEqual([expect.objectContaining({ period: "2026-11-01", orders: 3, grossPaise: gross })]);
    // The 10th in India ends at 18:30 UTC: B is in it, A (18:45 UTC) is not.
    const tenth = await buildReport(services.db, "sales", day("2026-11-10"), { unit: "day" });
    expect(tenth.tables[0]!.totals).toMatchObject({ orders: 1, grossPaise: (await sales(["b"]))[0]!.subtotalPaise });
  });

  it("the dashboard: the range against the period before, top products, to ship, low stock from the setting", async () => {
    const figures = await dashboardFigures(services.db, ["admin"], day("2026-11-11"));
    const both = await sales(["a", "d"]);
    const a = both.find((r) => r.id === ids.a)!;
    const d = both.find((r) => r.id === ids.d)!;
    const [b] = await sales(["b"]);
    expect(figures.sales!.current).toMatchObject({ orders: 2, grossPaise: a.subtotalPaise + d.subtotalPaise, refundedPaise: 50_000, netPaise: a.subtotalPaise + d.subtotalPaise - 50_000, averageOrderPaise: Math.round((a.subtotalPaise + d.subtotalPaise) / 2) });
    expect(figures.sales!.previous).toMatchObject({ orders: 1, grossPaise: b!.subtotalPaise, discountPaise: b!.discountPaise });
    expect(figures.sales!.daily).toEqual([{ day: "2026-11-11", orders: 2, grossPaise: a.subtotalPaise + d.subtotalPaise, netPaise: a.subtotalPaise + d.subtotalPaise - 50_000 }]);
    expect(figures.sales!.topProducts.map((p) => [p.title, p.quantity])).toEqual([
      ["steel bottle", 2],
      ["mini flask", 1],
    ]);
    expect(figures.sales!.toShip).toBe(1);
    expect(figures.lowStock).toMatchObject({ threshold: 5, total: 1, variants: [expect.objectContaining({ sku: "LAST-FEW", stock: 3 })] });
    expect(figures.openConversations).toBe(0);
    await setSetting(services.db, "reports", { low_stock_threshold: 2 });
    expect((await dashboardFigures(services.db, ["viewer"], day("2026-11-11"))).lowStock).toMatchObject({ threshold: 2, total: 0 });
    await setSetting(services.db, "reports", { low_stock_threshold: 5 });
  });

  it("the dashboard's roll-up follows new orders and changes to old ones", async () => {
    const today = day(istDay(new Date()));
    expect((await dashboardFigures(services.db, ["admin"], today)).sales!.current.orders).toBe(0);
    const e = await buy([{ variantId: flask, quantity: 2 }]);
    expect((await dashboardFigures(services.db, ["admin"], today)).sales!.current).toMatchObject({ orders: 1, grossPaise: 2 * 49_900 });
    await move(e, "cancel");
    expect((await dashboardFigures(services.db, ["admin"], today)).sales!.current).toMatchObject({ orders: 0, grossPaise: 0 });
    // A refund on an old order is taken off the day that order was placed (11 Nov), at once.
    const before = (await dashboardFigures(services.db, ["admin"], day("2026-11-11"))).sales!.current;
    const more = await refundOrder(services, actor, ids.a, { amountPaise: 10_000, reason: "Lid scratched", reference: "UPI-124", expectedVersion: await version(ids.a) });
    expect(more.ok).toBe(true);
    const after = (await dashboardFigures(services.db, ["admin"], day("2026-11-11"))).sales!.current;
    expect(after).toMatchObject({ orders: before.orders, refundedPaise: before.refundedPaise + 10_000, netPaise: before.netPaise - 10_000 });
  });

  it("by product, variant, collection, state, payment method and discount code: sums of the lines and orders covered", async () => {
    const range = day("2026-11-01", "2026-11-30");
    const counted = await sales(["a", "b", "d"]);
    const lines = await services.db.select().from(orderLines).where(inArray(orderLines.orderId, counted.map((o) => o.id)));
    for (const slug of ["products", "variants"] as const) {
      const t = (await buildReport(services.db, slug, range)).tables[0]!;
      expect(t.totals).toMatchObject({ quantity: sumOf(lines, (l) => l.quantity), grossPaise: sumOf(lines, (l) => l.totalPaise), discountPaise: sumOf(lines, (l) => l.discountPaise) });
      expect(sumOf(lines, (l) => l.discountPaise)).toBe(sumOf(counted, (o) => o.discountPaise));
    }
    const bottleLines = lines.filter((l) => l.productId === bottleProduct);
    expect((await buildReport(services.db, "collections", range)).tables[0]!.rows).toEqual([
      { collection: "Bottles", products: 1, quantity: 3, grossPaise: sumOf(bottleLines, (l) => l.totalPaise), discountPaise: sumOf(bottleLines, (l) => l.discountPaise), netPaise: sumOf(bottleLines, (l) => l.totalPaise - l.discountPaise) },
    ]);

    const states = (await buildReport(services.db, "states", range)).tables[0]!;
    const ka = counted.filter((o) => o.placeOfSupplyStateCode === "29");
    expect(states.rows.find((r) => r.code === "29")).toMatchObject({ state: "Karnataka", orders: 2, grossPaise: sumOf(ka, (o) => o.subtotalPaise), cgstPaise: sumOf(ka, (o) => o.cgstPaise), igstPaise: 0 });
    expect(states.rows.find((r) => r.code === "27")).toMatchObject({ state: "Maharashtra", orders: 1, cgstPaise: 0, sgstPaise: 0, igstPaise: counted.find((o) => o.id === ids.b)!.igstPaise });
    expect(states.rows.find((r) => r.code === "33")).toBeUndefined();
    expect(states.totals).toMatchObject({ taxablePaise: sumOf(counted, (o) => o.taxablePaise), totalPaise: sumOf(counted, (o) => o.totalPaise) });

    expect((await buildReport(services.db, "payments", range)).tables[0]!.rows).toEqual([expect.objectContaining({ method: "Cash on delivery", orders: 3, grossPaise: sumOf(counted, (o) => o.subtotalPaise) })]);
    const b = counted.find((o) => o.id === ids.b)!;
    expect((await buildReport(services.db, "discounts", range)).tables[0]!.rows).toEqual([expect.objectContaining({ code: "TEN", kind: "percentage", orders: 1, discountPaise: b.discountPaise, grossPaise: b.subtotalPaise })]);
  });

  it("GST: invoices issued in the period per HSN and rate, CGST + SGST within Karnataka, IGST outside, and the credit note", async () => {
    const today = istDay(new Date());
    const report = await buildReport(services.db, "gst", day(today));
    const [supplies, notes] = report.tables;
    const invoiced = await sales(["a", "b"]); // shipped; C was cancelled and D is not shipped: no invoice.
    expect(supplies!.totals).toMatchObject({
      taxablePaise: sumOf(invoiced, (o) => o.taxablePaise),
      cgstPaise: sumOf(invoiced, (o) => o.cgstPaise),
      sgstPaise: sumOf(invoiced, (o) => o.sgstPaise),
      igstPaise: sumOf(invoiced, (o) => o.igstPaise),
    });
    for (const r of supplies!.rows) {
      if (r.supply === "Intra-state") expect(r).toMatchObject({ igstPaise: 0 });
      else expect(r).toMatchObject({ cgstPaise: 0, sgstPaise: 0 });
    }
    expect(supplies!.rows.filter((r) => r.hsn === "73239390").map((r) => [r.supply, r.quantity, r.rate])).toEqual([
      ["Inter-state", 1, 18],
      ["Intra-state", 2, 18],
    ]);
    expect(notes!.rows.map((n) => n.amountPaise)).toEqual([50_000, 10_000]);
    // Nothing was invoiced on the days the orders were (back-)dated to.
    expect((await buildReport(services.db, "gst", day("2026-11-10", "2026-11-11"))).tables[0]!.rows).toEqual([]);
  });

  it("refunds by the day they were made, and each CSV equals its table", async () => {
    const report = await buildReport(services.db, "refunds", day(istDay(new Date())));
    expect(report.tables[0]!.rows).toEqual([
      expect.objectContaining({ amountPaise: 50_000, method: "Recorded by hand", reason: "Dented" }),
      expect.objectContaining({ amountPaise: 10_000, reason: "Lid scratched" }),
    ]);
    for (const slug of ["sales", "states", "gst"] as const) {
      const t = (await buildReport(services.db, slug, slug === "gst" ? day(istDay(new Date())) : day("2026-11-01", "2026-11-30"))).tables[0]!;
      const csv: string[][] = parse(reportCsv(t));
      expect(csv[0]).toEqual(t.columns.map((c) => c.header));
      const rows = t.totals ? [...t.rows, t.totals] : t.rows;
      expect(csv.slice(1)).toHaveLength(rows.length);
      rows.forEach((r, i) =>
        t.columns.forEach((c, j) => {
          const v = r[c.key];
          expect(csv[i + 1]![j]).toBe(typeof v === "number" && c.kind === "money" ? (v / 100).toFixed(2) : String(v ?? ""));
        }),
      );
    }
  });

  describe("who sees what", () => {
    const cookies = new Map<string, string>();
    const roles = { "viewer@glacial.in": ["viewer"], "support@glacial.in": ["support"], "admin@glacial.in": ["admin"], "owner@glacial.in": ["super_admin"] } as const;
    beforeAll(async () => {
      for (const [email, r] of Object.entries(roles)) {
        const user = await createStaff(services, email, [...r]);
        const result = await signInStaff(services, requestFrom("/admin/login", { method: "POST" }), user);
        if (result.kind !== "signed-in") throw new Error(`sign-in of ${email} failed`);
        cookies.set(email, cookieHeader(result.headers));
      }
    });
    const args = (path: string, email: string) => ({ request: requestFrom(path, { cookie: cookies.get(email) }), context: { services }, params: {} }) as never;
    async function statusOf(run: () => Promise<unknown>): Promise<{ status: number; location?: string | null; body?: unknown }> {
      try {
        const out = await run();
        if (out instanceof Response) return { status: out.status, body: await out.text() };
        if (out && typeof out === "object" && "init" in out) return { status: (out as { init: { status?: number } | null }).init?.status ?? 200, body: (out as unknown as { data: unknown }).data };
        return { status: 200, body: out };
      } catch (thrown) {
        if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("location") };
        if (isRouteErrorResponse(thrown)) return { status: thrown.status };
        if (thrown && typeof thrown === "object" && "init" in thrown) return { status: (thrown as { init: { status: number } }).init.status };
        throw thrown;
      }
    }

    it("every role gets the dashboard, with only the cards its permissions allow", async () => {
      const path = "/admin/dashboard?range=custom&from=2026-11-11&to=2026-11-11";
      const viewer = await dashboardLoader(args(path, "viewer@glacial.in"));
      expect(viewer.figures).toMatchObject({ sales: expect.objectContaining({ toShip: 1 }), lowStock: expect.any(Object), openConversations: null });
      expect(viewer.range).toMatchObject({ fromDay: "2026-11-11", toDay: "2026-11-11", days: 1 });
      const support = await dashboardLoader(args(path, "support@glacial.in"));
      expect(support.figures).toMatchObject({ sales: expect.any(Object), lowStock: expect.any(Object), openConversations: 0 });
      for (const email of ["admin@glacial.in", "owner@glacial.in"]) {
        const page = await dashboardLoader(args(path, email));
        expect(page.figures!.sales!.current.orders).toBe(2);
        expect(page.figures!.openConversations).toBe(0);
      }
      // A wrong custom range falls back to the last 7 days, and says so.
      const wrong = await dashboardLoader(args("/admin/dashboard?range=custom&from=2026-11-20&to=2026-11-01", "admin@glacial.in"));
      expect(wrong).toMatchObject({ error: "The start date is after the end date.", range: { preset: "7d", days: 7 } });
    });

    it("the low-stock threshold is a setting a super admin changes on the Settings screen", async () => {
      // The screen's form posts to ?do=reports.
      const post = (email: string, fields: Record<string, string>) => {
        const request = new Request("http://localhost:3000/admin/settings?do=reports", { method: "POST", headers: { cookie: cookies.get(email)!, "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields) });
        return statusOf(() => settingsAction({ request, context: { services }, params: {} } as never));
      };
      const version = String((await readSettingForEdit(services.db, "reports")).version);
      expect(await post("admin@glacial.in", { low_stock_threshold: "10", version })).toMatchObject({ status: 403 });
      expect(await post("owner@glacial.in", { low_stock_threshold: "ten", version })).toMatchObject({ status: 400, body: { fieldErrors: { low_stock_threshold: "The low-stock threshold must be a whole number, like 5." } } });
      const saved = await post("owner@glacial.in", { low_stock_threshold: "4", version });
      expect(saved.body).toMatchObject({ ok: true, message: "Dashboard settings saved." });
      expect((await dashboardFigures(services.db, ["viewer"], day("2026-11-11"))).lowStock).toMatchObject({ threshold: 4, total: 1 });
    });

    it("reports and their CSV are for admin and super_admin only", async () => {
      const path = "/admin/reports?report=states&range=custom&from=2026-11-01&to=2026-11-30";
      const csvPath = "/admin/reports.csv?report=states&range=custom&from=2026-11-01&to=2026-11-30";
      for (const email of ["viewer@glacial.in", "support@glacial.in"]) {
        expect(await statusOf(() => reportsLoader(args(path, email)))).toMatchObject({ status: 302, location: "/admin/dashboard" });
        expect(await statusOf(() => reportsCsvLoader(args(csvPath, email)))).toMatchObject({ status: 403 });
      }
      for (const email of ["admin@glacial.in", "owner@glacial.in"]) {
        const page = await reportsLoader(args(path, email));
        expect(page.report.tables[0]!.totals).toMatchObject({ orders: 3 });
        const csv = await reportsCsvLoader(args(csvPath, email));
        expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
        expect(csv.headers.get("content-disposition")).toBe('attachment; filename="glacial-states-2026-11-01-to-2026-11-30.csv"');
        expect(await csv.text()).toBe(reportCsv(page.report.tables[0]!));
      }
    });
  });
});
