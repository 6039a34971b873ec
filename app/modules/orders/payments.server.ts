import { and, eq, isNull } from "drizzle-orm";
import type { DbOrTx, Tx } from "~/db/types";
import { formatPaise } from "~/lib/money";
import type { RefusalKind } from "~/lib/save-outcome";
import { TOPICS } from "~/modules/events/events";
import { ORDER_JOBS, type OrderDeps } from "./order-deps.server";
import { GatewayUnavailable, razorpayGateway, verifyPaymentSignature, verifyWebhookSignature, type GatewayPayment } from "./razorpay.server";
import { acceptRefund, reserveRefund } from "./refunds.server";
import { orderEvents, orderRefunds, orders, paymentEvents } from "./schema";
import { sendOrderNotice } from "./order-notices.server";
import { orderRowByLink, sha256 } from "./shopper-order.server";
import { markRedemptionPaid } from "~/modules/discounts/discounts.server";

// Online payment's face: the Razorpay order a shopper pays, the checkout's signed answer, and
// Razorpay's webhooks. Every payment that reaches the shop goes through one guarded step
// (applyPayment, with the order's row locked): an unpaid order becomes paid once; money for an
// order that was cancelled meanwhile, a second payment or a wrong amount is recorded and refunded
// automatically, never silently kept.

type OrderRow = typeof orders.$inferSelect;

/** What happened after the transaction that applied a payment commits. */
type After = { paidOrderId?: string; changed?: { orderId: string; number: string; status: string }; refunded?: { orderId: string; refundId: string } };

function gatewayOf(deps: Pick<OrderDeps, "config">) {
  const config = deps.config.razorpay;
  if (!config) throw new Error("online payment is not configured (RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET)");
  return { config, gateway: razorpayGateway(config) };
}

async function recordEvent(
  tx: DbOrTx,
  event: { orderId: string | null; source: string; eventKey: string; type: string; razorpayOrderId?: string | null; razorpayPaymentId?: string | null; razorpayRefundId?: string | null; amountPaise?: number | null; outcome: string; payload?: Record<string, unknown> | null },
): Promise<string | null> {
  const [row] = await tx
    .insert(paymentEvents)
    .values({ ...event, payload: event.payload ?? null })
    .onConflictDoNothing({ target: paymentEvents.eventKey })
    .returning({ id: paymentEvents.id });
  return row?.id ?? null;
}

async function setOutcome(tx: Tx, eventId: string, outcome: string, orderId?: string | null) {
  await tx
    .update(paymentEvents)
    .set(orderId === undefined ? { outcome } : { outcome, orderId })
    .where(eq(paymentEvents.id, eventId));
}

async function publishAfter(deps: OrderDeps, after: After) {
  if (after.changed) await deps.events.publish(TOPICS.orderChanged, after.changed).catch(() => {});
  if (after.paidOrderId) {
    // The order is confirmed only now that it is paid; the receipt for the money goes with it.
    await sendOrderNotice(deps, after.paidOrderId, { kind: "order_confirmation" });
    await sendOrderNotice(deps, after.paidOrderId, { kind: "payment_received" });
  }
  if (after.refunded) await sendOrderNotice(deps, after.refunded.orderId, { kind: "order_refunded", refundId: after.refunded.refundId });
}

/**
 * The Razorpay order for an unpaid online order: created once (amount in paise, receipt = our order
 * number) and stored; the same id is returned on every later call. Two calls racing may each create
 * one at Razorpay, but only the first stored is ever offered or accepted.
 */
export async function ensureRazorpayOrder(deps: OrderDeps, orderId: string): Promise<string | null> {
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order || order.paymentMethod !== "razorpay") return null;
  if (order.razorpayOrderId || order.status !== "pending_payment") return order.razorpayOrderId;
  const { gateway } = gatewayOf(deps);
  const created = await gateway.createOrder({ amountPaise: order.totalPaise, receipt: order.number, notes: { order_id: order.id, order_number: order.number } });
  const stored = await deps.db
    .update(orders)
    .set({ razorpayOrderId: created.id })
    .where(and(eq(orders.id, orderId), isNull(orders.razorpayOrderId)))
    .returning({ id: orders.razorpayOrderId });
  if (stored.length === 0) {
    const [again] = await deps.db.select({ id: orders.razorpayOrderId }).from(orders).where(eq(orders.id, orderId));
    return again?.id ?? null;
  }
  await recordEvent(deps.db, {
    orderId,
    source: "shop",
    eventKey: `shop:order:${created.id}`,
    type: "order.created",
    razorpayOrderId: created.id,
    amountPaise: created.amount,
    outcome: "Razorpay order created for the shopper to pay.",
  });
  return created.id;
}

type IncomingPayment = { paymentId: string; razorpayOrderId: string | null; amountPaise: number; currency: string; method: string | null };

/**
 * One payment reaching the order (row locked by the caller). Returns the outcome in words and what
 * to do after commit.
 */
async function applyPayment(deps: OrderDeps, tx: Tx, order: OrderRow, payment: IncomingPayment, source: string): Promise<{ outcome: string; after: After }> {
  if (order.razorpayPaymentId === payment.paymentId) return { outcome: "Already recorded: nothing changed.", after: {} };
  const amountRight = payment.amountPaise === order.totalPaise && payment.currency === "INR";
  const paid = `${formatPaise(payment.amountPaise)} (${payment.paymentId}${payment.method ? `, ${payment.method}` : ""})`;
  if (order.status === "pending_payment" && !order.razorpayPaymentId && amountRight) {
    await tx
      .update(orders)
      .set({ status: "processing", paymentStatus: "paid", razorpayPaymentId: payment.paymentId, paidAt: new Date(), holdExpiresAt: null, version: order.version + 1 })
      .where(eq(orders.id, order.id));
    await tx.insert(orderEvents).values({ orderId: order.id, kind: "paid", message: `Payment of ${paid} received (${source}). Ready to ship.` });
    await markRedemptionPaid(tx, order.id);
    return { outcome: "Order marked paid.", after: { paidOrderId: order.id, changed: { orderId: order.id, number: order.number, status: "processing" } } };
  }

  // Money the shop must not keep: refunded through the API, by a durable job.
  const becomesOrdersPayment = order.status === "cancelled" && !order.razorpayPaymentId && amountRight;
  const reason =
    order.status === "cancelled"
      ? "The payment arrived after the order was cancelled (its hold had run out or staff cancelled it)."
      : !amountRight
        ? `The amount paid differs from the order's total of ${formatPaise(order.totalPaise)}.`
        : "A second payment for an order that was already paid.";
  if (becomesOrdersPayment) {
    // The order's own payment, after all: recorded on it, then refunded in full.
    await tx
      .update(orders)
      .set({ paymentStatus: "paid", razorpayPaymentId: payment.paymentId, paidAt: new Date(), version: order.version + 1 })
      .where(eq(orders.id, order.id));
  }
  const refundId = await reserveRefund(tx, {
    order: { ...order, razorpayPaymentId: becomesOrdersPayment ? payment.paymentId : order.razorpayPaymentId },
    amountPaise: payment.amountPaise,
    method: "razorpay",
    razorpayPaymentId: payment.paymentId,
    reason,
    automatic: true,
    countsAgainstOrder: becomesOrdersPayment,
  });
  if (!deps.jobs) throw new Error("the job queue is needed to refund a payment automatically");
  await deps.jobs.send(ORDER_JOBS.refund, { refundId }, { tx });
  await tx.insert(orderEvents).values({ orderId: order.id, kind: "payment_refund_due", message: `Payment of ${paid} received (${source}) but not kept: ${reason} It is being refunded automatically.` });
  return { outcome: `Not kept: ${reason} Refund ${refundId} queued.`, after: { changed: { orderId: order.id, number: order.number, status: order.status } } };
}

async function lockOrderByRazorpayId(tx: Tx, razorpayOrderId: string | null | undefined): Promise<OrderRow | null> {
  if (!razorpayOrderId) return null;
  const [order] = await tx.select().from(orders).where(eq(orders.razorpayOrderId, razorpayOrderId)).for("update");
  return order ?? null;
}

export type PaymentCheckout = {
  keyId: string;
  checkoutUrl: string;
  razorpayOrderId: string;
  amountPaise: number;
  currency: "INR";
  orderNumber: string;
  prefill: { email: string; contact: string; name: string };
};

/** What the payment page needs to open Razorpay Checkout for an unpaid order (null when there is nothing to pay). */
export async function paymentCheckoutFor(deps: OrderDeps, number: string, accessToken: string, opts: { create?: boolean } = {}): Promise<PaymentCheckout | null> {
  const config = deps.config.razorpay;
  if (!config) return null;
  let order = await orderRowByLink(deps.db, number, accessToken);
  if (!order || order.paymentMethod !== "razorpay" || order.status !== "pending_payment") return null;
  if (!order.razorpayOrderId && opts.create) {
    await ensureRazorpayOrder(deps, order.id);
    order = await orderRowByLink(deps.db, number, accessToken);
  }
  if (!order?.razorpayOrderId) return null;
  return {
    keyId: config.keyId,
    checkoutUrl: config.checkoutUrl,
    razorpayOrderId: order.razorpayOrderId,
    amountPaise: order.totalPaise,
    currency: "INR",
    orderNumber: order.number,
    prefill: { email: order.email, contact: order.phone, name: order.billingAddress.name },
  };
}

export type CheckoutAnswer = { paymentId: string; razorpayOrderId?: string; signature: string };

export type ConfirmResult =
  | { ok: true; paymentStatus: string; status: string; message: string }
  | { ok: false; refusal: Extract<RefusalKind, "not-found" | "invalid">; message: string };

/**
 * The checkout's answer from the shopper's browser: valid only when its signature was made with
 * our key secret over the Razorpay order id we stored (the browser's own order id is compared, never
 * trusted). The payment is then looked up at Razorpay. Repeating the same answer changes nothing.
 */
export async function confirmCheckoutPayment(deps: OrderDeps, number: string, accessToken: string, answer: CheckoutAnswer): Promise<ConfirmResult> {
  const config = deps.config.razorpay;
  const order = await orderRowByLink(deps.db, number, accessToken);
  if (!order) return { ok: false, refusal: "not-found", message: "We could not find that order from this link." };
  if (!config || order.paymentMethod !== "razorpay" || !order.razorpayOrderId) return { ok: false, refusal: "invalid", message: "This order is not paid online." };
  const refused: ConfirmResult = { ok: false, refusal: "invalid", message: "We could not confirm this payment. If money left your account, it will be matched or refunded automatically; you need not pay again." };
  if (!/^pay_[A-Za-z0-9]{1,40}$/.test(answer.paymentId)) return refused;
  if (answer.razorpayOrderId !== undefined && answer.razorpayOrderId !== order.razorpayOrderId) return refused;
  if (!verifyPaymentSignature(order.razorpayOrderId, answer.paymentId, answer.signature, config.keySecret)) return refused;

  // The signature proves Razorpay made this payment for our order; its amount and state come from Razorpay itself.
  let payment: GatewayPayment | null = null;
  try {
    payment = await razorpayGateway(config).fetchPayment(answer.paymentId);
  } catch (error) {
    if (!(error instanceof GatewayUnavailable)) return refused;
    deps.log.warn({ err: error, order: order.number }, "could not look the payment up at Razorpay; its webhook will settle it");
  }
  if (payment && (payment.orderId !== order.razorpayOrderId || !["captured", "authorized"].includes(payment.status))) return refused;

  const after = await deps.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(orders).where(eq(orders.id, order.id)).for("update");
    const eventId = await recordEvent(tx, {
      orderId: order.id,
      source: "checkout",
      eventKey: `checkout:${answer.paymentId}`,
      type: "checkout.success",
      razorpayOrderId: order.razorpayOrderId,
      razorpayPaymentId: answer.paymentId,
      amountPaise: payment?.amount ?? null,
      outcome: "Received.",
      payload: payment ? { status: payment.status, method: payment.method } : null,
    });
    // Already heard (a repeated answer): nothing more to do.
    if (!eventId) return {};
    // Without Razorpay's word on the amount the webhook settles it; the signature alone does not mark an order paid.
    if (!payment) {
      await setOutcome(tx, eventId, "Signature valid; waiting for Razorpay's notice of the payment.");
      return {};
    }
    const applied = await applyPayment(deps, tx, locked!, { paymentId: payment.id, razorpayOrderId: payment.orderId, amountPaise: payment.amount, currency: payment.currency, method: payment.method }, "checkout");
    await setOutcome(tx, eventId, applied.outcome);
    return applied.after;
  });
  await publishAfter(deps, after);
  const [now] = await deps.db.select({ status: orders.status, paymentStatus: orders.paymentStatus }).from(orders).where(eq(orders.id, order.id));
  const message =
    now!.paymentStatus === "paid" ? "Payment received. Thank you!" : payment ? "Your payment is recorded; we will write to you shortly." : "Your payment is being confirmed with the bank.";
  return { ok: true, status: now!.status, paymentStatus: now!.paymentStatus, message };
}

/**
 * What a webhook delivery gets: taken (a repeat of an event already stored is marked duplicate),
 * or refused with the kind of refusal, which the route turns into its status through the one table
 * (REFUSAL_STATUS): payments not set up is "not-found", a bad signature or body is "invalid".
 */
export type WebhookAnswer = { ok: true; duplicate?: true } | { ok: false; refusal: Extract<RefusalKind, "not-found" | "invalid">; error: string };

type Entity = Record<string, unknown>;
type WebhookEvent = { event?: unknown; payload?: { payment?: { entity?: Entity }; order?: { entity?: Entity }; refund?: { entity?: Entity } } };

const str = (v: unknown): string | null => (typeof v === "string" && v.length > 0 && v.length <= 200 ? v : null);
const int = (v: unknown): number | null => (typeof v === "number" && Number.isSafeInteger(v) ? v : null);

function paymentOf(entity: Entity | undefined): IncomingPayment | null {
  const paymentId = str(entity?.id);
  const amount = int(entity?.amount);
  if (!entity || !paymentId || amount === null) return null;
  return { paymentId, razorpayOrderId: str(entity.order_id), amountPaise: amount, currency: str(entity.currency) ?? "", method: str(entity.method) };
}

/**
 * A Razorpay webhook. The signature is checked over the body exactly as it arrived; the event is
 * stored once per event id (a repeat is taken again and changes nothing), and applied in the same
 * transaction, so an event is either stored and applied or neither. Events may come in any order:
 * a payment's failure after its capture changes nothing, a capture after a failure pays the order.
 */
export async function handleRazorpayWebhook(deps: OrderDeps, rawBody: Uint8Array, headers: { signature: string | null; eventId: string | null }): Promise<WebhookAnswer> {
  const config = deps.config.razorpay;
  if (!config) return { ok: false, refusal: "not-found", error: "Online payment is not configured." };
  if (!verifyWebhookSignature(rawBody, headers.signature, config.webhookSecret)) return { ok: false, refusal: "invalid", error: "Invalid signature." };
  let event: WebhookEvent;
  try {
    event = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(rawBody)) as WebhookEvent;
  } catch {
    return { ok: false, refusal: "invalid", error: "The body is not JSON." };
  }
  const type = str(event?.event) ?? "unknown";
  const eventKey = headers.eventId && /^[A-Za-z0-9_.:-]{1,100}$/.test(headers.eventId) ? `webhook:${headers.eventId}` : `webhook-body:${sha256(Buffer.from(rawBody).toString("latin1"))}`;
  const paymentEntity = event.payload?.payment?.entity;
  const orderEntity = event.payload?.order?.entity;
  const refundEntity = event.payload?.refund?.entity;
  const payment = paymentOf(paymentEntity);
  const razorpayOrderId = payment?.razorpayOrderId ?? str(orderEntity?.id);

  const outcome = await deps.db.transaction(async (tx) => {
    const eventId = await recordEvent(tx, {
      orderId: null,
      source: "webhook",
      eventKey,
      type,
      razorpayOrderId,
      razorpayPaymentId: payment?.paymentId ?? null,
      razorpayRefundId: str(refundEntity?.id),
      amountPaise: int(refundEntity?.amount) ?? payment?.amountPaise ?? null,
      outcome: "Received.",
      payload: { event: type, payment: paymentEntity ?? null, order: orderEntity ?? null, refund: refundEntity ?? null },
    });
    if (!eventId) return { duplicate: true, after: {} as After };
    const order = await lockOrderByRazorpayId(tx, razorpayOrderId);
    if (!order) {
      await setOutcome(tx, eventId, "No order of this shop has that Razorpay order id: recorded only.");
      return { duplicate: false, after: {} as After };
    }
    let result: { outcome: string; after: After };
    switch (type) {
      case "payment.captured":
      case "order.paid": {
        if (!payment || (payment.razorpayOrderId && payment.razorpayOrderId !== order.razorpayOrderId)) {
          result = { outcome: "The event names no payment of this order: recorded only.", after: {} };
        } else if (str(paymentEntity?.status) && str(paymentEntity?.status) !== "captured") {
          result = { outcome: `The payment is ${str(paymentEntity?.status)}, not captured: recorded only.`, after: {} };
        } else {
          result = await applyPayment(deps, tx, order, payment, "Razorpay notice");
        }
        break;
      }
      case "payment.failed":
        result = await applyFailure(tx, order, payment, str((paymentEntity as Entity | undefined)?.error_description));
        break;
      case "refund.processed":
        result = await applyRefundProcessed(tx, order, refundEntity);
        break;
      default:
        result = { outcome: "Not an event the shop acts on: recorded only.", after: {} };
    }
    await setOutcome(tx, eventId, result.outcome, order.id);
    return { duplicate: false, after: result.after };
  });
  await publishAfter(deps, outcome.after);
  return { ok: true, ...(outcome.duplicate ? { duplicate: true as const } : {}) };
}

/** A failed attempt: the shopper may try again while the hold lasts; a failure never undoes a payment. */
async function applyFailure(tx: Tx, order: OrderRow, payment: IncomingPayment | null, description: string | null): Promise<{ outcome: string; after: After }> {
  if (order.status !== "pending_payment" || order.paymentStatus !== "pending") {
    return { outcome: `Order is ${order.status}, payment ${order.paymentStatus}: a failed attempt changes nothing.`, after: {} };
  }
  await tx.update(orders).set({ paymentStatus: "failed", version: order.version + 1 }).where(eq(orders.id, order.id));
  await tx.insert(orderEvents).values({
    orderId: order.id,
    kind: "payment_failed",
    message: `A payment attempt failed${payment ? ` (${payment.paymentId})` : ""}${description ? `: ${description}` : ""}. The shopper may try again while the stock is held.`,
  });
  return { outcome: "Attempt failed: the order still waits for payment.", after: { changed: { orderId: order.id, number: order.number, status: order.status } } };
}

/** Razorpay says a refund reached the customer: matched by its id, or by our refund id in its notes (the notice can beat the API's answer). */
async function applyRefundProcessed(tx: Tx, order: OrderRow, entity: Entity | undefined): Promise<{ outcome: string; after: After }> {
  const razorpayRefundId = str(entity?.id);
  const notes = (entity?.notes ?? {}) as Record<string, unknown>;
  const ours = str(notes.refund_id);
  const [byId] = razorpayRefundId ? await tx.select({ id: orderRefunds.id }).from(orderRefunds).where(eq(orderRefunds.razorpayRefundId, razorpayRefundId)) : [];
  const [byNote] = !byId && ours && /^[0-9a-f-]{36}$/.test(ours) ? await tx.select({ id: orderRefunds.id }).from(orderRefunds).where(and(eq(orderRefunds.id, ours), eq(orderRefunds.orderId, order.id))) : [];
  const refundId = byId?.id ?? byNote?.id;
  if (!refundId || !razorpayRefundId) {
    await tx.insert(orderEvents).values({ orderId: order.id, kind: "refund_outside", message: `Razorpay reports a refund of ${formatPaise(int(entity?.amount) ?? 0)} (${razorpayRefundId ?? "no id"}) that was not made from the shop: check the Razorpay dashboard.` });
    return { outcome: "A refund the shop did not make: noted on the order for staff.", after: {} };
  }
  const outcome = await acceptRefund(tx, refundId, { razorpayRefundId, processed: true });
  return { outcome, after: { changed: { orderId: order.id, number: order.number, status: order.status }, refunded: { orderId: order.id, refundId } } };
}

/** The order's payment events, newest last, for the staff order page. */
export async function listPaymentEvents(db: DbOrTx, orderId: string) {
  return db
    .select({
      id: paymentEvents.id,
      source: paymentEvents.source,
      type: paymentEvents.type,
      razorpayPaymentId: paymentEvents.razorpayPaymentId,
      razorpayRefundId: paymentEvents.razorpayRefundId,
      amountPaise: paymentEvents.amountPaise,
      outcome: paymentEvents.outcome,
      createdAt: paymentEvents.createdAt,
    })
    .from(paymentEvents)
    .where(eq(paymentEvents.orderId, orderId))
    .orderBy(paymentEvents.createdAt);
}
