import crypto from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listAudit } from "~/modules/audit/audit.server";
import { refusalOf } from "~/lib/save-outcome";
import { customerAddresses } from "~/modules/customers/schema";
import { discounts } from "~/modules/discounts/schema";
import { customerDetail, erasePersonalData, exportPersonalData, guestKey, listCustomers } from "~/modules/customers/customers.server";
import { parseCustomerQuery } from "~/modules/customers/customers";
import { newsletterSubscribers } from "~/modules/marketing/schema";
import { placeOrder, quoteCart, type PlaceOrderResult } from "~/modules/orders/checkout.server";
import { transitionOrder } from "~/modules/orders/order-admin.server";
import { checkoutReminders, invoices, orderLines, orders } from "~/modules/orders/schema";
import { sessions } from "~/modules/staff/schema";
import { signInShopper } from "~/modules/staff/shopper-auth.server";
import { signInStaff } from "~/modules/staff/sign-in.server";
import { supportConversations, supportMessages } from "~/modules/support/schema";
import { action as customerAction, loader as customerLoader } from "~/routes/admin/customer";
import { action as exportAction } from "~/routes/admin/customer-export";
import { loader as customersLoader } from "~/routes/admin/customers";
import type { AppServices } from "~/services.server";
import { checkoutForm, createProduct, createShopper } from "../support/shoppers";
import { answerOf, postForm } from "../support/route-calls";
import { DRIVERS } from "../support/test-database";
import { cookieHeader, createStaff, openTestServices, requestFrom } from "../support/test-services";

// The back office's customers: accounts and guest buyers grouped by confirmed email, their
// figures, notes and tags, and a person's data export and erasure (DPDP Act 2023), against both
// databases and through the route functions with each role.

type Person = { email: string; phone: string; name: string; line1: string; city?: string };
const ASHA: Person = { email: "asha@example.in", phone: "98111 22233", name: "Asha Rao", line1: "7 Lavelle Road" };
const RAVI: Person = { email: "ravi@example.in", phone: "97000 11122", name: "Ravi Kumar", line1: "22 Park Street", city: "Kolkata" };
const MEERA: Person = { email: "meera@example.in", phone: "96000 33344", name: "Meera Iyer", line1: "4 Boat Club Road" };

const COUNTED = ["paid", "cod_collected", "refunded", "partially_refunded"];

describe.each(DRIVERS)("customers in the back office on %s", (kind) => {
  let services: AppServices;
  let variantId: string;
  let ashaId: string;
  let meeraId: string;
  const cookies = new Map<string, string>();

  async function buy(p: Person, opts: { email?: string; userId?: string; quantity?: number; discountCode?: string } = {}) {
    const cart = [{ variantId, quantity: opts.quantity ?? 1 }];
    const email = opts.email ?? p.email;
    const quote = await quoteCart(services.db, cart, { email, discountCode: opts.discountCode });
    const form = checkoutForm({
      email,
      phone: p.phone,
      shipName: p.name,
      shipLine1: p.line1,
      shipCity: p.city ?? "Bengaluru",
      shipState: p.city ? "19" : "29",
      shipPin: p.city ? "700016" : "560001",
      quoteDigest: quote.digest,
      ...(opts.discountCode ? { discountCode: opts.discountCode } : {}),
    });
    const result: PlaceOrderResult = await placeOrder(services, form, cart, { userId: opts.userId ?? null });
    if (result.kind !== "placed") throw new Error(`not placed: ${JSON.stringify(result).slice(0, 300)}`);
    return result.order;
  }
  const setPayment = (id: string, paymentStatus: (typeof orders.$inferSelect)["paymentStatus"], refundedPaise = 0) =>
    services.db.update(orders).set({ paymentStatus, refundedPaise }).where(eq(orders.id, id));

  /** Lifetime value computed here, from the order rows themselves. */
  async function expectedValue(ids: string[]) {
    const rows = await services.db.select().from(orders).where(inArray(orders.id, ids));
    const paid = rows.filter((r) => COUNTED.includes(r.paymentStatus));
    const ltv = paid.reduce((sum, r) => sum + r.totalPaise - r.refundedPaise, 0);
    return { ltv, paidCount: paid.length, aov: paid.length ? Math.round(ltv / paid.length) : null };
  }

  const ashaOrders: string[] = [];
  const raviOrders: string[] = [];

  beforeAll(async () => {
    services = await openTestServices(kind);
    ({ variantId } = await createProduct(services.db, "steel-bottle", { pricePaise: 129_900, stock: 500 }));
    ashaId = (await createShopper(services.auth, ASHA.email)).id;
    // Meera registered but never confirmed her address: guest orders under it are not hers.
    const ctx = await services.auth.$context;
    meeraId = (await ctx.internalAdapter.createUser({ email: MEERA.email, name: MEERA.name, emailVerified: false }, { method: "admin" })).id;

    // Asha: one order signed in, one as a guest typed in other letters with a discount code, one unpaid.
    await services.db.insert(discounts).values({ code: "WELCOME10", kind: "percentage", percentBasisPoints: 1_000 });
    const a1 = await buy(ASHA, { userId: ashaId, quantity: 2 });
    const a2 = await buy(ASHA, { email: "ASHA@Example.IN", discountCode: "WELCOME10" });
    const a3 = await buy(ASHA);
    ashaOrders.push(a1.id, a2.id, a3.id);
    await setPayment(a1.id, "cod_collected");
    await setPayment(a2.id, "partially_refunded", 20_000);
    // Ravi: a guest with two orders, both paid.
    const r1 = await buy(RAVI);
    const r2 = await buy(RAVI, { quantity: 3 });
    raviOrders.push(r1.id, r2.id);
    await setPayment(r1.id, "paid");
    await setPayment(r2.id, "cod_collected");
    await buy(MEERA);

    // A checkout she left with her email (the reminder not sent yet).
    await services.db.insert(checkoutReminders).values({ checkoutKey: "k_left_by_asha_0001", email: ASHA.email.toLowerCase(), name: ASHA.name, lines: [{ variantId, quantity: 1 }], remindAt: new Date() });
    await services.db.insert(customerAddresses).values({ userId: ashaId, name: ASHA.name, phone: "+919811122233", line1: ASHA.line1, city: "Bengaluru", stateCode: "29", pin: "560001", isDefault: true });
    await services.db.insert(newsletterSubscribers).values([
      { email: "Asha@example.in", source: "popup", consentText: "Send me offers", consentedAt: new Date() },
      { email: RAVI.email, source: "footer", consentText: "Send me offers", consentedAt: new Date(), unsubscribedAt: new Date() },
    ]);
    for (const p of [ASHA, RAVI]) {
      const [c] = await services.db
        .insert(supportConversations)
        .values({ visitorName: p.name, visitorEmail: p.email, visitorPhone: p.phone, visitorTokenHash: crypto.randomBytes(16).toString("hex") })
        .returning();
      await services.db.insert(supportMessages).values({ conversationId: c!.id, senderType: "visitor", senderName: p.name, message: `Hello, I am ${p.name}, call me on ${p.phone}` });
    }

    for (const [email, roles] of [
      ["owner@glacial.in", ["super_admin"]],
      ["shopkeeper@glacial.in", ["admin"]],
      ["helpdesk@glacial.in", ["support"]],
      ["viewer@glacial.in", ["viewer"]],
    ] as const) {
      const user = await createStaff(services, email, [...roles]);
      const result = await signInStaff(services, requestFrom("/admin/login", { method: "POST" }), user);
      if (result.kind !== "signed-in") throw new Error(`sign-in of ${email} failed`);
      cookies.set(email, cookieHeader(result.headers));
    }
  });
  afterAll(() => services?.close());

  const list = (search: string) => listCustomers(services.db, parseCustomerQuery(new URLSearchParams(search)));

  it("groups guest orders with the account whose confirmed email they carry, in any letters; an unconfirmed account gets none", async () => {
    const all = await list("");
    const asha = all.rows.filter((r) => r.email.toLowerCase() === ASHA.email);
    expect(asha).toHaveLength(1);
    expect(asha[0]).toMatchObject({ key: `u-${ashaId}`, kind: "account", orderCount: 3, subscribed: true });
    expect(all.rows.filter((r) => r.email === RAVI.email)).toEqual([expect.objectContaining({ kind: "guest", key: guestKey(RAVI.email), orderCount: 2, subscribed: false })]);
    const meera = all.rows.filter((r) => r.email === MEERA.email);
    expect(meera.map((r) => [r.kind, r.orderCount]).sort()).toEqual([
      ["account", 0],
      ["guest", 1],
    ]);
    expect(meera.find((r) => r.kind === "account")!.key).toBe(`u-${meeraId}`);
    // No staff member is a customer.
    expect(all.rows.some((r) => r.email.endsWith("@glacial.in"))).toBe(false);
  });

  it("finds by name, email and phone; filters by orders, newsletter and joining date; sorts by value, orders and last order", async () => {
    expect((await list("q=asha rao")).rows.map((r) => r.key)).toEqual([`u-${ashaId}`]);
    expect((await list("q=RAVI@EXAMPLE")).rows.map((r) => r.email)).toEqual([RAVI.email]);
    expect((await list("q=+91 97000 11122")).rows.map((r) => r.email)).toEqual([RAVI.email]);
    expect((await list("q=9811122233")).rows.map((r) => r.key)).toEqual([`u-${ashaId}`]);
    expect((await list("q=nobody-like-this")).total).toBe(0);
    expect((await list("orders=no")).rows.map((r) => r.key)).toEqual([`u-${meeraId}`]);
    expect((await list("subscribed=yes")).rows.map((r) => r.key)).toEqual([`u-${ashaId}`]);
    const today = new Date().toLocaleDateString("en-CA", { timeZone: "Asia/Kolkata" });
    expect((await list(`from=${today}&to=${today}`)).total).toBe(4);
    expect((await list("to=2020-01-01")).total).toBe(0);

    const asha = await expectedValue(ashaOrders);
    const ravi = await expectedValue(raviOrders);
    expect(ravi.ltv).toBeGreaterThan(asha.ltv);
    expect((await list("sort=ltv&dir=desc")).rows.slice(0, 2).map((r) => [r.email.toLowerCase(), r.lifetimeValuePaise])).toEqual([
      [RAVI.email, ravi.ltv],
      [ASHA.email, asha.ltv],
    ]);
    expect((await list("sort=orders&dir=desc")).rows[0]!.key).toBe(`u-${ashaId}`);
    expect((await list("sort=orders&dir=asc")).rows[0]!.orderCount).toBe(0);
    expect((await list("sort=last&dir=desc")).rows[0]!.email).toBe(MEERA.email);
    // Nonsense in the address falls back to the defaults.
    expect((await list("sort=drop table&dir=sideways&page=-3")).page).toBe(1);
  });

  it("shows lifetime value (paid orders less refunds) and average order value equal to the orders' own sums", async () => {
    const detail = (await customerDetail(services.db, `u-${ashaId}`))!;
    const expected = await expectedValue(ashaOrders);
    expect(expected.paidCount).toBe(2);
    expect(detail.customer).toMatchObject({ orderCount: 3, paidOrderCount: 2, lifetimeValuePaise: expected.ltv, averageOrderValuePaise: expected.aov });
    expect(detail.orders.map((o) => o.id).sort()).toEqual([...ashaOrders].sort());
    expect(detail.orders.reduce((s, o) => s + (o.countsPaise ?? 0), 0)).toBe(expected.ltv);
    expect(detail.addresses).toHaveLength(1);
    expect(detail.conversations).toEqual([expect.objectContaining({ visitorName: ASHA.name, messageCount: 1 })]);
    expect(detail.newsletter).toEqual([expect.objectContaining({ subscribed: true, consentText: "Send me offers" })]);
    expect(detail.customer.emails).toEqual([ASHA.email]);
    // A guest's key after their orders joined the account finds the account.
    expect((await customerDetail(services.db, guestKey(ASHA.email)))!.customer.key).toBe(`u-${ashaId}`);
  });

  // ---- through the routes, as each role ----

  const post = (run: typeof customerAction | typeof exportAction, path: string, fields: Record<string, string>, params: Record<string, string>, as?: string) =>

    postForm(services, run, path, fields, { params, cookie: as ? cookies.get(as) : undefined });
  const statusOf = answerOf;
  const page = (path: string, as: string, params: Record<string, string> = {}) =>
    statusOf(() => (params.key ? customerLoader : customersLoader)({ request: requestFrom(path, { cookie: cookies.get(as) }), context: { services }, params } as never));

  it("lets support see customers (view only) and sends a viewer away, as the permission matrix says", async () => {
    const seen = await page("/admin/customers?q=asha", "helpdesk@glacial.in");
    expect(seen.status).toBe(200);
    expect((seen.body as { rows: { key: string }[] }).rows.map((r) => r.key)).toEqual([`u-${ashaId}`]);
    const detail = await page(`/admin/customers/u-${ashaId}`, "helpdesk@glacial.in", { key: `u-${ashaId}` });
    expect(detail.body).toMatchObject({ can: { note: false, tag: false, deleteNote: false, privacy: false } });
    expect(await page("/admin/customers", "viewer@glacial.in")).toMatchObject({ status: 302, location: "/admin/dashboard" });
    expect(await page(`/admin/customers/u-${ashaId}`, "viewer@glacial.in", { key: `u-${ashaId}` })).toMatchObject({ status: 302, location: "/admin/dashboard" });
    expect((await page("/admin/customers/nope", "owner@glacial.in", { key: "nope" })).status).toBe(404);
    expect((await page(`/admin/customers/${guestKey("nobody@example.in")}`, "owner@glacial.in", { key: guestKey("nobody@example.in") })).status).toBe(404);
  });

  it("refuses writes without the permission before reading the body; erasure and export are for super_admin only (403 for admin)", async () => {
    const params = { key: `u-${ashaId}` };
    for (const [as, status] of [
      [undefined, 401],
      ["viewer@glacial.in", 403],
      ["helpdesk@glacial.in", 403],
    ] as const) {
      for (const op of ["note", "deleteNote", "tag", "untag", "erase", "toString"]) {
        const call = post(customerAction, `/admin/customers/u-${ashaId}?do=${op}`, { body: "x", tag: "vip" }, params, as);
        expect((await statusOf(call.run)).status, `${op} as ${as}`).toBe(status);
        expect(call.read()).toBe(false);
      }
    }
    const adminErase = post(customerAction, `/admin/customers/u-${ashaId}?do=erase`, {}, params, "shopkeeper@glacial.in");
    expect(await statusOf(adminErase.run)).toMatchObject({ status: 403, body: { error: "Only a super admin may erase a customer's personal data." } });
    expect(adminErase.read()).toBe(false);
    for (const as of [undefined, "shopkeeper@glacial.in", "helpdesk@glacial.in"]) {
      const call = post(exportAction, `/admin/customers/u-${ashaId}/export.json`, {}, params, as);
      expect((await statusOf(call.run)).status).toBe(as ? 403 : 401);
      expect(call.read()).toBe(false);
    }
    expect(await statusOf(post(customerAction, `/admin/customers/u-${ashaId}?do=toString`, {}, params, "owner@glacial.in").run)).toMatchObject({ status: 400, body: { error: "Unknown action." } });
  });

  it("adds notes and tags (admin), shows them, deletes them, and audits each", async () => {
    const params = { key: `u-${ashaId}` };
    const path = (op: string) => `/admin/customers/u-${ashaId}?do=${op}`;
    expect(await statusOf(post(customerAction, path("note"), { body: "Prefers delivery after 6 pm." }, params, "shopkeeper@glacial.in").run)).toMatchObject({
      status: 302,
      location: `/admin/customers/u-${ashaId}?saved=Note%20added.`,
    });
    expect(await statusOf(post(customerAction, path("note"), { body: "   " }, params, "shopkeeper@glacial.in").run)).toMatchObject({ status: 400, body: { form: "note", fieldErrors: { body: "Write the note first." } } });
    expect(await statusOf(post(customerAction, path("tag"), { tag: " VIP " }, params, "shopkeeper@glacial.in").run)).toMatchObject({ status: 302 });
    expect(await statusOf(post(customerAction, path("tag"), { tag: "wholesale" }, params, "shopkeeper@glacial.in").run)).toMatchObject({ status: 302 });
    expect(await statusOf(post(customerAction, path("tag"), { tag: "no spaces" }, params, "shopkeeper@glacial.in").run)).toMatchObject({ status: 400, body: { form: "tag" } });
    // A note on a guest follows them.
    const raviKey = guestKey(RAVI.email);
    expect(await statusOf(post(customerAction, `/admin/customers/${raviKey}?do=note`, { body: "Ravi asked for a GST invoice." }, { key: raviKey }, "owner@glacial.in").run)).toMatchObject({ status: 302 });

    const detail = (await customerDetail(services.db, `u-${ashaId}`))!;
    expect(detail.notes.map((n) => [n.body, n.authorEmail])).toEqual([["Prefers delivery after 6 pm.", "shopkeeper@glacial.in"]]);
    expect(detail.tags).toEqual(["vip", "wholesale"]);
    expect((await list("q=asha")).rows[0]!.tags).toEqual(["vip", "wholesale"]);

    expect(await statusOf(post(customerAction, path("untag"), { tag: "wholesale" }, params, "shopkeeper@glacial.in").run)).toMatchObject({ status: 302 });
    const noteId = detail.notes[0]!.id;
    expect(await statusOf(post(customerAction, path("note"), { body: "temporary" }, params, "shopkeeper@glacial.in").run)).toMatchObject({ status: 302 });
    const temp = (await customerDetail(services.db, `u-${ashaId}`))!.notes.find((n) => n.body === "temporary")!;
    expect(await statusOf(post(customerAction, path("deleteNote"), { noteId: temp.id }, params, "shopkeeper@glacial.in").run)).toMatchObject({ status: 302 });
    const after = (await customerDetail(services.db, `u-${ashaId}`))!;
    expect(after.tags).toEqual(["vip"]);
    expect(after.notes.map((n) => n.id)).toEqual([noteId]);

    const audit = await listAudit(services.db, { module: "customers" });
    expect(audit.map((a) => a.action).sort()).toEqual(["add_note", "add_note", "add_note", "add_tag", "add_tag", "delete_note", "remove_tag"]);
    // The audit row does not repeat the note's words.
    expect(JSON.stringify(audit)).not.toContain("6 pm");
  });

  it("exports the person's data as JSON (super_admin), with nothing of anyone else's, and audits the export", async () => {
    const call = post(exportAction, `/admin/customers/u-${ashaId}/export.json`, {}, { key: `u-${ashaId}` }, "owner@glacial.in");
    const answer = await statusOf(call.run);
    expect(answer.status).toBe(200);
    expect(answer.response!.headers.get("content-disposition")).toMatch(/^attachment; filename="glacial-personal-data-u-[0-9a-f-]+-\d{4}-\d{2}-\d{2}\.json"$/);
    const text = await answer.response!.text();
    const out = JSON.parse(text);
    expect(out.customer).toMatchObject({ kind: "account", email: ASHA.email, emailVerified: true });
    expect(out.orders).toHaveLength(3);
    expect(out.orders.every((o: { lines: unknown[] }) => o.lines.length === 1)).toBe(true);
    expect(out.addresses).toEqual([expect.objectContaining({ line1: ASHA.line1 })]);
    expect(out.supportConversations[0].messages[0].text).toContain(ASHA.name);
    expect(out.newsletter).toEqual([expect.objectContaining({ subscribed: true })]);
    expect(out.staffNotes.map((n: { text: string }) => n.text)).toEqual(["Prefers delivery after 6 pm."]);
    expect(out.tags).toEqual(["vip"]);
    for (const other of [RAVI.email, RAVI.name, RAVI.line1, "97000", MEERA.email, MEERA.name, "GST invoice"]) expect(text, other).not.toContain(other);
    const [audit] = await listAudit(services.db, { module: "customers", limit: 1 });
    expect(audit).toMatchObject({ action: "export_personal_data", targetId: `u-${ashaId}`, actorEmail: "owner@glacial.in" });
    expect(JSON.stringify(audit!.changes)).not.toContain(ASHA.email);
  });

  it("erases the person in one go: no personal field left in any table but the invoice's; sign-in and sessions gone; others untouched; audited", async () => {
    // An invoiced order (shipped), and a live session of hers.
    const ops = await createStaff(services, "ops@glacial.in", ["admin"]);
    const [a1] = await services.db.select().from(orders).where(eq(orders.id, ashaOrders[0]!));
    await services.db.update(orders).set({ paymentStatus: "cod_pending" }).where(eq(orders.id, a1!.id));
    const shipped = await transitionOrder(services, { id: ops.id, email: ops.email }, a1!.id, { action: "ship", expectedVersion: a1!.version, carrier: "Blue Dart", trackingNumber: "BD1" });
    expect(shipped).toMatchObject({ ok: true });
    await setPayment(a1!.id, "cod_collected");
    const [invoiced] = await services.db.select().from(orders).where(eq(orders.id, a1!.id));
    const [invoice] = await services.db.select().from(invoices).where(eq(invoices.orderId, a1!.id));
    expect(invoice).toBeTruthy();
    await services.db.update(orderLines).set({ engraving: "For Asha Rao" }).where(eq(orderLines.orderId, ashaOrders[1]!));
    const signedIn = await signInShopper(services, { email: ASHA.email, password: "a long shopper passphrase" }, new Headers({ "x-forwarded-for": "10.0.0.7" }));
    expect(signedIn.ok).toBe(true);
    expect(await services.db.select().from(sessions).where(eq(sessions.userId, ashaId))).not.toHaveLength(0);
    const valueBefore = await expectedValue(ashaOrders);
    const raviBefore = (await customerDetail(services.db, guestKey(RAVI.email)))!;

    const erase = await statusOf(post(customerAction, `/admin/customers/u-${ashaId}?do=erase`, {}, { key: `u-${ashaId}` }, "owner@glacial.in").run);
    expect(erase).toMatchObject({ status: 302, location: `/admin/customers/u-${ashaId}?saved=Personal%20data%20erased.` });

    // Nothing personal anywhere: every table, every row, as text.
    const tables = (await services.db.execute(sql`select table_name as t from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`)) as unknown as { rows: { t: string }[] };
    const needles = [ASHA.email, "9811122233", "98111 22233", ASHA.name, ASHA.line1, "Prefers delivery"];
    const leaks: string[] = [];
    for (const { t } of tables.rows) {
      const rows = (await services.db.execute(sql`select to_jsonb(x)->>'id' as id, x::text as row from ${sql.identifier(t)} x`)) as unknown as { rows: { id: string | null; row: string }[] };
      for (const r of rows.rows) {
        for (const needle of needles) {
          if (!r.row.toLowerCase().includes(needle.toLowerCase())) continue;
          // The one exception: the tax invoice's buyer name and address on the invoiced order.
          const invoiceField = t === "orders" && r.id === invoiced!.id && (needle === ASHA.name || needle === ASHA.line1);
          if (!invoiceField) leaks.push(`${t}: ${needle}`);
        }
      }
    }
    expect(leaks).toEqual([]);

    // The invoice is as issued: its order's buyer fields and every figure unchanged.
    const [kept] = await services.db.select().from(orders).where(eq(orders.id, invoiced!.id));
    for (const field of ["billingAddress", "shippingAddress", "gstin", "placeOfSupplyStateCode", "subtotalPaise", "taxablePaise", "cgstPaise", "sgstPaise", "igstPaise", "totalPaise", "number", "shipping", "codFee"] as const) {
      expect(kept![field], field).toEqual(invoiced![field]);
    }
    expect(kept!.email).toMatch(/^erased-[0-9a-f]{12}@erased\.invalid$/);
    expect(await services.db.select().from(invoices).where(eq(invoices.orderId, invoiced!.id))).toEqual([invoice]);
    // Uninvoiced orders lost the address but kept the figures; lifetime value is unchanged.
    const [uninvoiced] = await services.db.select().from(orders).where(eq(orders.id, ashaOrders[1]!));
    expect(uninvoiced!.shippingAddress).toMatchObject({ name: "Erased customer", line1: "Erased", stateCode: "29" });
    expect(await expectedValue(ashaOrders)).toEqual(valueBefore);
    const after = (await customerDetail(services.db, `u-${ashaId}`))!;
    expect(after.customer).toMatchObject({ erased: true, name: "Erased customer", lifetimeValuePaise: valueBefore.ltv, orderCount: 3 });
    expect(after).toMatchObject({ addresses: [], conversations: [], newsletter: [], notes: [], tags: [] });

    // She cannot sign in, and her sessions are gone.
    expect(await services.db.select().from(sessions).where(eq(sessions.userId, ashaId))).toEqual([]);
    expect(await signInShopper(services, { email: ASHA.email, password: "a long shopper passphrase" }, new Headers({ "x-forwarded-for": "10.0.0.7" }))).toMatchObject({ ok: false });
    if (signedIn.ok) {
      const cookie = signedIn.setCookies.map((c) => c.split(";")[0]).join("; ");
      expect(await services.auth.api.getSession({ headers: new Headers({ cookie }) })).toBeNull();
    }

    // Ravi is untouched.
    expect(await customerDetail(services.db, guestKey(RAVI.email))).toEqual(raviBefore);

    const [audit] = await listAudit(services.db, { module: "customers", limit: 1 });
    expect(audit).toMatchObject({ action: "erase_personal_data", targetId: `u-${ashaId}`, actorEmail: "owner@glacial.in", changes: { after: { kind: "account", orders: 3, invoicedOrdersKept: 1, addresses: 1, conversations: 1, newsletter: 1, notes: 1, discountUses: 1, checkoutReminders: 1 } } });
    // Twice is refused: a conflict with the record's state, a 409 through the one status table, from the module and from the screen.
    await expect(erasePersonalData(services.db, { id: null, email: "test" }, `u-${ashaId}`)).rejects.toThrow("This customer's personal data was already erased.");
    expect(await erasePersonalData(services.db, { id: null, email: "test" }, `u-${ashaId}`).catch(refusalOf)).toMatchObject({ ok: false, status: 409 });
    const again = await statusOf(post(customerAction, `/admin/customers/u-${ashaId}?do=erase`, {}, { key: `u-${ashaId}` }, "owner@glacial.in").run);
    expect(again).toMatchObject({ status: 409, body: { ok: false, error: "This customer's personal data was already erased." } });
    // A note on an erased customer is refused beside the note form, with what was typed.
    const note = await statusOf(post(customerAction, `/admin/customers/u-${ashaId}?do=note`, { body: "After erasure" }, { key: `u-${ashaId}` }, "owner@glacial.in").run);
    expect(note).toMatchObject({ status: 409, body: { ok: false, form: "note", error: "This customer's personal data was erased: no notes can be added.", values: { body: "After erasure" } } });
  });

  it("erases a guest too: their orders take one pseudonym and the person leaves the list", async () => {
    const outcome = await erasePersonalData(services.db, { id: null, email: "test" }, guestKey(RAVI.email));
    expect(outcome).toMatchObject({ message: "Personal data erased.", counts: { orders: 2, conversations: 1, newsletter: 1, notes: 1 } });
    expect((await list(`q=${RAVI.email}`)).total).toBe(0);
    const rows = await services.db.select().from(orders).where(inArray(orders.id, raviOrders));
    expect(new Set(rows.map((r) => r.email)).size).toBe(1);
    expect(rows.every((r) => r.phone.startsWith("erased-") && r.billingAddress.name === "Erased customer")).toBe(true);
    expect(await exportPersonalData(services.db, { id: null, email: "test" }, guestKey(RAVI.email))).toBeNull();
  });
});
