import { and, eq, sql } from "drizzle-orm";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/database.server";
import { createLogger } from "~/lib/logger.server";
import { productVariants, products } from "~/modules/catalog/schema";
import { openJobQueue } from "~/modules/jobs/job-queue.server";
import { createMailer, listOutbox } from "~/modules/mail/mail.server";
import { placeOrder, quoteCart, type CartLineInput } from "~/modules/orders/checkout.server";
import { creditNotePdf } from "~/modules/orders/credit-notes.server";
import { releaseHold } from "~/modules/orders/holds.server";
import { getOrderDetail, transitionOrder } from "~/modules/orders/order-admin.server";
import type { OrderDeps } from "~/modules/orders/order-deps.server";
import { declareOrderQueues, startOrderWorkers } from "~/modules/orders/order-jobs.server";
import { confirmCheckoutPayment, handleRazorpayWebhook } from "~/modules/orders/payments.server";
import { refundOrder, submitRefund } from "~/modules/orders/refunds.server";
import { creditNotes, orderEvents, orderRefunds, orders, paymentEvents } from "~/modules/orders/schema";
import { action as webhookAction } from "~/routes/api.payments.razorpay-webhook";
import type { AppServices } from "~/services.server";
import { startFakeRazorpay, type FakeRazorpay } from "../support/fake-razorpay";
import { DRIVERS } from "../support/test-database";
import { createStaff, inProcessEvents, openTestServices, TEST_PUBLIC_URL } from "../support/test-services";
import { checkoutForm } from "../support/shoppers";

// Online payment against a real database and a local Razorpay: the order a shopper pays, the
// checkout's signed answer, webhooks in any order and any number, holds released exactly once,
// refunds and credit notes. On the embedded database and on PostgreSQL.

const form = (overrides: Record<string, unknown> = {}) => checkoutForm({ paymentMethod: "razorpay", ...overrides });

const enc = new TextEncoder();

describe.each(DRIVERS)("online payments on %s", (kind) => {
  let fake: FakeRazorpay;
  let services: AppServices;
  let bottle: string; // ₹1,299
  let flask: string; // ₹499
  let workersStarted = false;

  async function variant(slug: string, pricePaise: number, stock: number) {
    const [p] = await services.db.insert(products).values({ slug, title: slug.replace(/-/g, " "), status: "active", hsnCode: "73239390" }).returning();
    const [v] = await services.db.insert(productVariants).values({ productId: p!.id, sku: slug.toUpperCase(), pricePaise, stockQuantity: stock }).returning();
    return v!.id;
  }
  const stockOf = async (variantId: string) => (await services.db.select({ s: productVariants.stockQuantity }).from(productVariants).where(eq(productVariants.id, variantId)))[0]!.s;
  const orderRow = async (id: string) => (await services.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const eventsOf = async (id: string, kind?: string) =>
    services.db
      .select()
      .from(orderEvents)
      .where(kind ? and(eq(orderEvents.orderId, id), eq(orderEvents.kind, kind)) : eq(orderEvents.orderId, id));

  async function buy(cart: CartLineInput[], overrides: Record<string, unknown> = {}) {
    const quote = await quoteCart(services.db, cart, { onlinePayment: true });
    const result = await placeOrder(services, form({ quoteDigest: quote.digest, ...overrides }), cart);
    if (result.kind !== "placed") throw new Error(`not placed: ${JSON.stringify(result)}`);
    return { ...result.order, row: await orderRow(result.order.id) };
  }

  /**
   * A webhook delivered to the shop's endpoint as Razorpay would (signed over the exact bytes),
   * answered with the status and body Razorpay sees.
   */
  async function deliver(bytes: Uint8Array, signature: string | null, eventId: string) {
    const headers: Record<string, string> = { "x-razorpay-event-id": eventId, ...(signature === null ? {} : { "x-razorpay-signature": signature }) };
    const request = new Request(`${TEST_PUBLIC_URL}/api/payments/razorpay/webhook`, { method: "POST", headers, body: new Uint8Array(bytes) });
    const response = (await webhookAction({ request, context: { services }, params: {} } as never)) as Response;
    return { status: response.status, body: (await response.json()) as { ok: boolean; duplicate?: boolean; error?: string } };
  }
  function webhook(body: string, eventId: string, signature = fake.sign(body)) {
    return deliver(enc.encode(body), signature, eventId);
  }

  async function ensureWorkers() {
    if (workersStarted) return;
    workersStarted = true;
    await startOrderWorkers({ ...services, jobs: services.jobs! });
  }

  /** Drives the clock: the hold has run out and its queued job is due now. */
  async function expireHold(orderId: string) {
    await services.db.update(orders).set({ holdExpiresAt: new Date(Date.now() - 1000) }).where(eq(orders.id, orderId));
    await services.db.execute(sql`update pgboss.job set start_after = now() where name = 'order-hold-release' and data->>'orderId' = ${orderId} and state = 'created'`);
  }

  beforeAll(async () => {
    fake = await startFakeRazorpay();
    services = await openTestServices(kind, { jobs: true, razorpay: fake.config });
    bottle = await variant("steel-bottle", 129_900, 100);
    flask = await variant("mini-flask", 49_900, 100);
  });
  afterAll(async () => {
    await services?.close();
    await fake?.close();
  });

  it("places an online order: awaiting payment, stock held, a Razorpay order for its total, its release queued by the same transaction", async () => {
    const quote = await quoteCart(services.db, [{ variantId: bottle, quantity: 1 }], { onlinePayment: true });
    expect(quote.payment.find((p) => p.method === "razorpay")).toMatchObject({ available: true });
    const stock = await stockOf(bottle);
    const cart = [{ variantId: bottle, quantity: 2 }];
    const f = form({ quoteDigest: (await quoteCart(services.db, cart, { onlinePayment: true })).digest });
    const placed = await placeOrder(services, f, cart);
    if (placed.kind !== "placed") throw new Error(placed.kind);
    const row = await orderRow(placed.order.id);
    // ₹2,598 + ₹99 shipping, no COD fee.
    expect(row).toMatchObject({ status: "pending_payment", paymentStatus: "pending", totalPaise: 269_700, refundedPaise: 0 });
    expect(row.holdExpiresAt!.getTime() - row.createdAt.getTime()).toBeGreaterThan(14 * 60_000);
    expect(row.holdExpiresAt!.getTime() - row.createdAt.getTime()).toBeLessThan(16 * 60_000);
    expect(await stockOf(bottle)).toBe(stock - 2);
    const remote = fake.orders.get(row.razorpayOrderId!);
    expect(remote).toMatchObject({ amount: 269_700, currency: "INR", receipt: row.number, status: "created" });
    const jobs = (await services.db.execute(sql`select start_after from pgboss.job where name = 'order-hold-release' and data->>'orderId' = ${row.id}`)) as unknown as { rows: { start_after: string }[] };
    expect(jobs.rows).toHaveLength(1);
    expect(Math.abs(new Date(jobs.rows[0]!.start_after).getTime() - row.holdExpiresAt!.getTime())).toBeLessThan(1000);
    // No confirmation until it is paid.
    expect((await listOutbox(services.db)).filter((m) => m.subject.includes(row.number))).toHaveLength(0);
    // The same checkout again: the same order and the same Razorpay order.
    const ordersCreated = fake.calls.filter((c) => c === "POST /v1/orders").length;
    const again = await placeOrder(services, f, cart);
    expect(again).toMatchObject({ kind: "placed", replayed: true, order: { id: row.id } });
    expect(fake.calls.filter((c) => c === "POST /v1/orders").length).toBe(ordersCreated);
    expect(await stockOf(bottle)).toBe(stock - 2);
  });

  it("accepts the checkout's answer only when signed over the Razorpay order id the shop stored; tampering changes nothing", async () => {
    const a = await buy([{ variantId: flask, quantity: 1 }]);
    const b = await buy([{ variantId: flask, quantity: 1 }], { email: "other@example.in" });
    const paidB = fake.pay(b.row.razorpayOrderId!).answer;
    const paidA = fake.pay(a.row.razorpayOrderId!).answer;
    const confirm = (answer: { razorpay_payment_id: string; razorpay_order_id?: string; razorpay_signature: string }) =>
      confirmCheckoutPayment(services, a.number, a.accessToken, { paymentId: answer.razorpay_payment_id, razorpayOrderId: answer.razorpay_order_id, signature: answer.razorpay_signature });

    // Each of these is refused with the same words, as bad input (400 through the one table).
    const NOT_CONFIRMED = { ok: false, refusal: "invalid", message: expect.stringMatching(/^We could not confirm this payment/) };
    // One changed character of the signature.
    const flipped = paidA.razorpay_signature.slice(0, -1) + (paidA.razorpay_signature.endsWith("0") ? "1" : "0");
    expect(await confirm({ ...paidA, razorpay_signature: flipped })).toMatchObject(NOT_CONFIRMED);
    // Another order's genuine payment, presented for this order (with or without its own order id).
    expect(await confirm(paidB)).toMatchObject(NOT_CONFIRMED);
    expect(await confirm({ ...paidB, razorpay_order_id: undefined })).toMatchObject(NOT_CONFIRMED);
    // This payment, but the browser names another Razorpay order id.
    expect(await confirm({ ...paidA, razorpay_order_id: b.row.razorpayOrderId! })).toMatchObject(NOT_CONFIRMED);
    // A made-up payment id, and a wrong link secret.
    expect(await confirm({ ...paidA, razorpay_payment_id: "pay_Madeup00000000" })).toMatchObject(NOT_CONFIRMED);
    expect(await confirmCheckoutPayment(services, a.number, "x".repeat(32), { paymentId: paidA.razorpay_payment_id, signature: paidA.razorpay_signature })).toMatchObject({ ok: false, refusal: "not-found" });
    expect(await orderRow(a.id)).toMatchObject({ status: "pending_payment", paymentStatus: "pending", razorpayPaymentId: null, version: a.row.version });
    expect(await services.db.select().from(paymentEvents).where(and(eq(paymentEvents.orderId, a.id), eq(paymentEvents.source, "checkout")))).toHaveLength(0);

    // The genuine answer, twice: paid once, mailed once.
    expect(await confirm(paidA)).toMatchObject({ ok: true, paymentStatus: "paid", status: "processing" });
    expect(await confirm(paidA)).toMatchObject({ ok: true, paymentStatus: "paid" });
    expect(await orderRow(a.id)).toMatchObject({ status: "processing", paymentStatus: "paid", razorpayPaymentId: paidA.razorpay_payment_id, holdExpiresAt: null });
    expect(await eventsOf(a.id, "paid")).toHaveLength(1);
    await expect.poll(async () => (await listOutbox(services.db)).filter((m) => m.subject === `Your GLACIAL order ${a.number}`).length).toBe(1);
    const mail = (await listOutbox(services.db)).find((m) => m.subject === `Your GLACIAL order ${a.number}`)!;
    expect(mail.text).toContain("We have received your payment of ₹598.");
  });

  it("turns five webhooks, repeated and out of order, into one paid transition", async () => {
    const placed = await buy([{ variantId: flask, quantity: 2 }]);
    const rzp = placed.row.razorpayOrderId!;
    const failed = fake.fail(rzp, "Your bank declined the payment.");
    const captured = fake.pay(rzp).payment;
    const f = fake.webhook("payment.failed", { paymentId: failed.id });
    const c = fake.webhook("payment.captured", { paymentId: captured.id });
    const p = fake.webhook("order.paid", { paymentId: captured.id });
    // order.paid first, then the older failure, the capture, and both repeated by Razorpay.
    const deliveries = [p, f, c, p, c];
    const answers = [];
    for (const d of deliveries) answers.push(await webhook(d.body, d.eventId));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.map((a) => Boolean(a.body.duplicate))).toEqual([false, false, false, true, true]);
    const row = await orderRow(placed.id);
    expect(row).toMatchObject({ status: "processing", paymentStatus: "paid", razorpayPaymentId: captured.id });
    expect(await eventsOf(placed.id, "paid")).toHaveLength(1);
    expect(await eventsOf(placed.id, "payment_failed")).toHaveLength(0);
    const stored = await services.db.select().from(paymentEvents).where(and(eq(paymentEvents.orderId, placed.id), eq(paymentEvents.source, "webhook")));
    expect(stored.map((e) => e.type).sort()).toEqual(["order.paid", "payment.captured", "payment.failed"]);

    // The same five at once, for another order: still one paid transition.
    const other = await buy([{ variantId: flask, quantity: 1 }]);
    const otherFailed = fake.fail(other.row.razorpayOrderId!);
    const otherPaid = fake.pay(other.row.razorpayOrderId!).payment;
    const of = fake.webhook("payment.failed", { paymentId: otherFailed.id });
    const oc = fake.webhook("payment.captured", { paymentId: otherPaid.id });
    const op = fake.webhook("order.paid", { paymentId: otherPaid.id });
    const together = await Promise.all([oc, op, of, oc, op].map((d) => webhook(d.body, d.eventId)));
    expect(together.every((a) => a.status === 200)).toBe(true);
    expect(together.filter((a) => a.body.duplicate)).toHaveLength(2);
    expect(await orderRow(other.id)).toMatchObject({ status: "processing", paymentStatus: "paid", razorpayPaymentId: otherPaid.id });
    expect(await eventsOf(other.id, "paid")).toHaveLength(1);
  });

  it("answers a webhook with one byte changed with 400 and changes nothing", async () => {
    const placed = await buy([{ variantId: flask, quantity: 1 }]);
    const captured = fake.pay(placed.row.razorpayOrderId!).payment;
    const { body, eventId } = fake.webhook("payment.captured", { paymentId: captured.id });
    const signature = fake.sign(body);
    const bytes = enc.encode(body);
    // One byte of the amount changed (₹598.00 -> ₹598.01): still valid JSON, but not what was signed.
    const amount = `"amount":${placed.row.totalPaise}`;
    expect(body).toContain(amount);
    const at = body.indexOf(amount) + amount.length - 1;
    const tampered = Uint8Array.from(bytes);
    tampered[at] = "1".charCodeAt(0);
    expect(await deliver(tampered, signature, eventId)).toEqual({ status: 400, body: { ok: false, error: "Invalid signature." } });
    expect(await deliver(bytes, null, eventId)).toMatchObject({ status: 400 });
    expect(await deliver(bytes, signature.toUpperCase() + "00", eventId)).toMatchObject({ status: 400 });
    // The module names the kind of refusal; the route gives it its status from the one table.
    expect(await handleRazorpayWebhook(services, tampered, { signature, eventId })).toEqual({ ok: false, refusal: "invalid", error: "Invalid signature." });
    expect(await orderRow(placed.id)).toMatchObject({ status: "pending_payment", paymentStatus: "pending", version: placed.row.version });
    expect(await services.db.select().from(paymentEvents).where(eq(paymentEvents.eventKey, `webhook:${eventId}`))).toHaveLength(0);
    // The untouched bytes are accepted.
    expect(await deliver(bytes, signature, eventId)).toEqual({ status: 200, body: { ok: true } });
    expect(await orderRow(placed.id)).toMatchObject({ paymentStatus: "paid" });
  });

  it("gives an unpaid order's stock back once when its hold runs out, through the queued job; a payment after that is refunded", async () => {
    const stock = await stockOf(bottle);
    const placed = await buy([{ variantId: bottle, quantity: 3 }]);
    expect(await stockOf(bottle)).toBe(stock - 3);
    // Before the hold runs out nothing happens.
    expect(await releaseHold(services, placed.id)).toBe("not-due");
    expect(await stockOf(bottle)).toBe(stock - 3);

    await ensureWorkers();
    await expireHold(placed.id);
    await expect.poll(async () => (await orderRow(placed.id)).status, { timeout: 20_000 }).toBe("cancelled");
    expect(await stockOf(bottle)).toBe(stock);
    // Again, by hand: nothing more comes back.
    expect(await releaseHold(services, placed.id, { now: new Date(Date.now() + 3600_000) })).toBe("not-pending");
    expect(await stockOf(bottle)).toBe(stock);
    expect(await eventsOf(placed.id, "hold_released")).toHaveLength(1);

    // The shopper pays after all: recorded, never kept; refunded automatically through the API.
    const late = fake.pay(placed.row.razorpayOrderId!).payment;
    const notice = fake.webhook("payment.captured", { paymentId: late.id });
    expect(await webhook(notice.body, notice.eventId)).toMatchObject({ status: 200 });
    await expect.poll(async () => (await orderRow(placed.id)).paymentStatus, { timeout: 20_000 }).toBe("refunded");
    const row = await orderRow(placed.id);
    expect(row).toMatchObject({ status: "cancelled", razorpayPaymentId: late.id, refundedPaise: row.totalPaise });
    const refunds = [...fake.refunds.values()].filter((r) => r.payment_id === late.id);
    expect(refunds).toEqual([expect.objectContaining({ amount: row.totalPaise })]);
    expect(await services.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, placed.id))).toEqual([
      expect.objectContaining({ automatic: true, status: "processed", razorpayRefundId: refunds[0]!.id }),
    ]);
    expect(await stockOf(bottle)).toBe(stock);
  });

  it("never lets a payment and the hold's release both win", async () => {
    for (let i = 0; i < 3; i++) {
      const stock = await stockOf(flask);
      const placed = await buy([{ variantId: flask, quantity: 1 }]);
      await services.db.update(orders).set({ holdExpiresAt: new Date(Date.now() - 1000) }).where(eq(orders.id, placed.id));
      const payment = fake.pay(placed.row.razorpayOrderId!).payment;
      const notice = fake.webhook("payment.captured", { paymentId: payment.id });
      // The remote order says "paid": the release would wait for the notice; skip that check to race them.
      const [released] = await Promise.all([releaseHold(services, placed.id, { attempt: 99 }), webhook(notice.body, notice.eventId)]);
      const row = await orderRow(placed.id);
      if (released === "released") {
        // The release locked first: the payment is refunded, the stock is back.
        expect(row.status).toBe("cancelled");
        expect(await stockOf(flask)).toBe(stock);
        expect(await services.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, placed.id))).toHaveLength(1);
      } else {
        expect(row).toMatchObject({ status: "processing", paymentStatus: "paid" });
        expect(await stockOf(flask)).toBe(stock - 1);
        expect(await eventsOf(placed.id, "hold_released")).toHaveLength(0);
      }
    }
  });

  it("releases each hold exactly once with two processes' workers on one database", async () => {
    await ensureWorkers();
    // A second process: on PostgreSQL its own pool, job queue and workers on the same database; the
    // embedded database has one connection per process, so there a second queue shares it.
    const url = kind === "postgres" ? (services.database.pool as pg.Pool & { options: { connectionString: string } }).options.connectionString : null;
    const database = url ? await openDatabase({ kind: "postgres", url, poolSize: 4 }) : services.database;
    const log = createLogger("silent");
    const jobs = await openJobQueue(database, { log, pollingIntervalSeconds: 0.5 });
    await declareOrderQueues(jobs);
    const second: OrderDeps & { jobs: typeof jobs } = { db: database.db, events: inProcessEvents(), mailer: createMailer(database.db, { from: "t@glacial.in", log }), log, jobs, config: services.config };
    await startOrderWorkers(second);
    try {
      const stock = await stockOf(bottle);
      const placed: Awaited<ReturnType<typeof buy>>[] = [];
      for (let i = 0; i < 4; i++) placed.push(await buy([{ variantId: bottle, quantity: 2 }]));
      expect(await stockOf(bottle)).toBe(stock - 8);
      for (const p of placed) {
        await expireHold(p.id);
        // Duplicates from both processes, as if each had queued it too.
        await services.jobs!.send("order-hold-release", { orderId: p.id });
        await jobs.send("order-hold-release", { orderId: p.id });
      }
      await expect.poll(async () => (await Promise.all(placed.map((p) => orderRow(p.id)))).every((r) => r.status === "cancelled"), { timeout: 30_000 }).toBe(true);
      // Every job of these orders done (none still running), then count.
      const ids = placed.map((p) => p.id);
      await expect
        .poll(
          async () =>
            ((await services.db.execute(sql`select count(*)::int as n from pgboss.job where name = 'order-hold-release' and data->>'orderId' in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) and state in ('created', 'retry', 'active')`)) as unknown as { rows: { n: number }[] }).rows[0]!.n,
          { timeout: 30_000 },
        )
        .toBe(0);
      expect(await stockOf(bottle)).toBe(stock);
      for (const p of placed) expect(await eventsOf(p.id, "hold_released")).toHaveLength(1);
    } finally {
      await jobs.stop();
      if (url) await database.close();
    }
  });

  it("refunds part of a shipped online order through Razorpay with a credit note of hand-computed figures, then the rest", async () => {
    const ops = await createStaff(services, `refunds-${kind}@glacial.in`, ["admin"]);
    const actor = { id: ops.id, email: ops.email };
    const placed = await buy([{ variantId: bottle, quantity: 2 }]);
    const answer = fake.pay(placed.row.razorpayOrderId!).answer;
    expect(await confirmCheckoutPayment(services, placed.number, placed.accessToken, { paymentId: answer.razorpay_payment_id, razorpayOrderId: answer.razorpay_order_id, signature: answer.razorpay_signature })).toMatchObject({ ok: true });
    const version = async () => (await orderRow(placed.id)).version;
    // Nothing to credit before the goods leave? A refund works, but only an invoiced order gets credit notes.
    expect(await transitionOrder(services, actor, placed.id, { action: "ship", expectedVersion: await version(), carrier: "Delhivery", trackingNumber: "DL1" })).toMatchObject({ ok: true });

    expect(await refundOrder(services, actor, placed.id, { amountPaise: 300_000, reason: "too much", expectedVersion: await version() })).toMatchObject({ ok: false, refusal: "invalid", message: "Enter an amount between ₹1 and ₹2,697." });
    expect(await refundOrder(services, actor, placed.id, { amountPaise: 50_000, reason: "stale page", expectedVersion: (await version()) - 1 })).toMatchObject({ ok: false, refusal: "stale" });
    const first = await refundOrder(services, actor, placed.id, { amountPaise: 50_000, reason: "One bottle arrived dented", expectedVersion: await version() });
    expect(first).toMatchObject({ ok: true });
    expect(await orderRow(placed.id)).toMatchObject({ paymentStatus: "partially_refunded", refundedPaise: 50_000 });
    const remote = [...fake.refunds.values()].find((r) => r.payment_id === answer.razorpay_payment_id)!;
    expect(remote).toMatchObject({ amount: 50_000, notes: { order_number: placed.number } });
    // Worked out by hand in app/modules/orders/credit-note.test.ts: ₹500 of ₹2,697 inside Karnataka.
    const [note] = await services.db.select().from(creditNotes).where(eq(creditNotes.orderId, placed.id));
    expect(note).toMatchObject({ amountPaise: 50_000, taxablePaise: 42_373, cgstPaise: 3_813, sgstPaise: 3_814, igstPaise: 0 });
    expect(note!.number).toMatch(/^GLC\/\d{2}-\d{2}\/\d{6}$/);
    expect(note!.number.length).toBeLessThanOrEqual(16);
    const pdf = (await creditNotePdf(services.db, placed.id, note!.id, { compress: false }))!;
    expect(pdf.bytes.toString("latin1")).toContain(`(Credit note ${note!.number})`);

    // Razorpay's own notice of that refund changes nothing more.
    const processed = fake.webhook("refund.processed", { refundId: remote.id });
    expect(await webhook(processed.body, processed.eventId)).toMatchObject({ status: 200 });
    expect(await services.db.select().from(creditNotes).where(eq(creditNotes.orderId, placed.id))).toHaveLength(1);

    // The rest: the two notes together reverse the invoice exactly (228,559 taxable, 20,570 + 20,571 tax).
    expect(await refundOrder(services, actor, placed.id, { amountPaise: 219_700, reason: "Returned", expectedVersion: await version() })).toMatchObject({ ok: true });
    const notes = await services.db.select().from(creditNotes).where(eq(creditNotes.orderId, placed.id)).orderBy(creditNotes.issuedAt);
    expect(notes[1]).toMatchObject({ amountPaise: 219_700, taxablePaise: 186_186, cgstPaise: 16_757, sgstPaise: 16_757 });
    expect(Number(notes[1]!.number.split("/")[2])).toBe(Number(notes[0]!.number.split("/")[2]) + 1);
    expect(await orderRow(placed.id)).toMatchObject({ paymentStatus: "refunded", refundedPaise: 269_700 });
    expect(await refundOrder(services, actor, placed.id, { amountPaise: 100, reason: "more", expectedVersion: await version() })).toMatchObject({ ok: false, refusal: "illegal" });
    const detail = (await getOrderDetail(services.db, placed.id))!;
    expect(detail).toMatchObject({ refundable: 0 });
    expect(detail.refunds.map((r) => r.status)).toEqual(["processed", "processed"]);
  });

  it("reverses an inter-state invoice as IGST; records a COD refund by hand with its reference", async () => {
    const ops = await createStaff(services, `refunds2-${kind}@glacial.in`, ["admin"]);
    const actor = { id: ops.id, email: ops.email };
    const version = async (id: string) => (await orderRow(id)).version;
    const online = await buy([{ variantId: bottle, quantity: 1 }], { shipState: "27", shipCity: "Pune", shipPin: "411001" });
    const answer = fake.pay(online.row.razorpayOrderId!).answer;
    await confirmCheckoutPayment(services, online.number, online.accessToken, { paymentId: answer.razorpay_payment_id, signature: answer.razorpay_signature });
    await transitionOrder(services, actor, online.id, { action: "ship", expectedVersion: await version(online.id), carrier: "Blue Dart", trackingNumber: "BD1" });
    expect(await refundOrder(services, actor, online.id, { amountPaise: 30_000, reason: "Late delivery", expectedVersion: await version(online.id) })).toMatchObject({ ok: true });
    const [igst] = await services.db.select().from(creditNotes).where(eq(creditNotes.orderId, online.id));
    expect(igst).toMatchObject({ amountPaise: 30_000, taxablePaise: 25_424, igstPaise: 4_576, cgstPaise: 0, sgstPaise: 0 });

    const quote = await quoteCart(services.db, [{ variantId: flask, quantity: 1 }]);
    const cod = await placeOrder(services, form({ paymentMethod: "cod", quoteDigest: quote.digest }), [{ variantId: flask, quantity: 1 }]);
    if (cod.kind !== "placed") throw new Error(cod.kind);
    expect(await refundOrder(services, actor, cod.order.id, { amountPaise: 10_000, reason: "x", reference: "UTR1", expectedVersion: 1 })).toMatchObject({ ok: false, refusal: "illegal" });
    for (const action of ["ship", "deliver", "collect_cod"] as const) {
      expect(await transitionOrder(services, actor, cod.order.id, { action, expectedVersion: await version(cod.order.id), carrier: "DTDC", trackingNumber: "D1" })).toMatchObject({ ok: true });
    }
    expect(await refundOrder(services, actor, cod.order.id, { amountPaise: 10_000, reason: "Goodwill", expectedVersion: await version(cod.order.id) })).toMatchObject({ ok: false, refusal: "invalid" });
    expect(await refundOrder(services, actor, cod.order.id, { amountPaise: 10_000, reason: "Goodwill", reference: "UPI 4123 9876", expectedVersion: await version(cod.order.id) })).toMatchObject({ ok: true });
    expect(await orderRow(cod.order.id)).toMatchObject({ paymentStatus: "partially_refunded", refundedPaise: 10_000 });
    expect(await services.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, cod.order.id))).toEqual([expect.objectContaining({ method: "manual", status: "processed", reference: "UPI 4123 9876" })]);
    expect(await services.db.select().from(creditNotes).where(eq(creditNotes.orderId, cod.order.id))).toHaveLength(1);
  });

  it("cancelling a paid online order restocks it and refunds the payment; a refusal by Razorpay releases the reservation; an unreachable Razorpay leaves it to send again", async () => {
    const ops = await createStaff(services, `cancel-${kind}@glacial.in`, ["admin"]);
    const actor = { id: ops.id, email: ops.email };
    const stock = await stockOf(flask);
    const placed = await buy([{ variantId: flask, quantity: 2 }]);
    const answer = fake.pay(placed.row.razorpayOrderId!).answer;
    await confirmCheckoutPayment(services, placed.number, placed.accessToken, { paymentId: answer.razorpay_payment_id, signature: answer.razorpay_signature });
    const cancelled = await transitionOrder(services, actor, placed.id, { action: "cancel", expectedVersion: (await orderRow(placed.id)).version });
    expect(cancelled).toMatchObject({ ok: true, message: expect.stringContaining("is being refunded") });
    expect(await stockOf(flask)).toBe(stock);
    expect(await orderRow(placed.id)).toMatchObject({ status: "cancelled", paymentStatus: "refunded" });
    // No invoice was issued (it never shipped): the refund gives back an advance, no credit note.
    expect(await services.db.select().from(creditNotes).where(eq(creditNotes.orderId, placed.id))).toHaveLength(0);

    // Razorpay refuses (here: the payment was refunded on the dashboard meanwhile).
    const other = await buy([{ variantId: flask, quantity: 1 }]);
    const paid = fake.pay(other.row.razorpayOrderId!);
    await confirmCheckoutPayment(services, other.number, other.accessToken, { paymentId: paid.answer.razorpay_payment_id, signature: paid.answer.razorpay_signature });
    paid.payment.amount_refunded = paid.payment.amount;
    const refused = await refundOrder(services, actor, other.id, { amountPaise: 20_000, reason: "Try", expectedVersion: (await orderRow(other.id)).version });
    expect(refused).toMatchObject({ ok: true, message: expect.stringContaining("Razorpay refused the refund") });
    expect(await orderRow(other.id)).toMatchObject({ paymentStatus: "paid", refundedPaise: 0 });
    paid.payment.amount_refunded = 0;

    // Razorpay cannot be reached at all: nothing was sent, so the refund waits to be sent again.
    // (No job queue here, so the test itself plays the job that sends it again.)
    const offline: OrderDeps = { ...services, jobs: undefined, config: { ...services.config, razorpay: { ...fake.config, apiUrl: "http://127.0.0.1:9" } } };
    const [row] = await services.db.select().from(orders).where(eq(orders.id, other.id));
    const queued = await refundOrder(offline, actor, other.id, { amountPaise: 20_000, reason: "Offline", expectedVersion: row!.version });
    expect(queued).toMatchObject({ ok: true, message: expect.stringContaining("will be sent again") });
    const [waiting] = await services.db.select().from(orderRefunds).where(and(eq(orderRefunds.orderId, other.id), eq(orderRefunds.reason, "Offline")));
    expect(waiting).toMatchObject({ status: "pending" });
    // Once Razorpay is back the job (or the sweep) sends it, once.
    expect(await submitRefund(services, waiting!.id)).toMatchObject({ state: "processed" });
    expect(await submitRefund(services, waiting!.id)).toMatchObject({ state: "not-pending" });
    expect(await orderRow(other.id)).toMatchObject({ paymentStatus: "partially_refunded", refundedPaise: 20_000 });
  });
});
