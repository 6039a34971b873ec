import { and, eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "~/db/types";
import { formatPaise } from "~/lib/money";
import type { RefusalKind } from "~/lib/save-outcome";
import { recordAudit, type AuditActor } from "~/modules/audit/audit.server";
import { TOPICS } from "~/modules/events/events";
import { issueCreditNote } from "./credit-notes.server";
import { ORDER_JOBS, type OrderDeps } from "./order-deps.server";
import { sendOrderNotice } from "./order-notices.server";
import { refundableOf } from "./order-rules";
import { GatewayRefusal, GatewayUnavailable, razorpayGateway } from "./razorpay.server";
import { orderEvents, orderRefunds, orders } from "./schema";

// Refunds: reserved in the transaction that decides them (so two refunds can never give back more
// than was paid), then sent to Razorpay's refund API by exactly one sender (the row is claimed
// pending -> submitting), or recorded by hand for cash on delivery. An accepted refund of an
// invoiced order issues a credit note; the order's payment status becomes partly refunded or
// refunded.

type OrderRow = typeof orders.$inferSelect;
type RefundRow = typeof orderRefunds.$inferSelect;

/** A refund of the order's own payment (not of a stray second payment) counts against what the order was paid. */
function isOwn(order: OrderRow, refund: Pick<RefundRow, "method" | "razorpayPaymentId">): boolean {
  return refund.method === "manual" || refund.razorpayPaymentId === order.razorpayPaymentId;
}

export type ReserveInput = {
  order: OrderRow;
  amountPaise: number;
  method: "razorpay" | "manual";
  razorpayPaymentId?: string | null;
  reference?: string | null;
  reason: string;
  automatic?: boolean;
  actorEmail?: string | null;
  /** False for a stray payment that is not the order's: refunded, but not counted against the order. */
  countsAgainstOrder: boolean;
};

/** Writes a refund (pending for Razorpay, processed when recorded by hand) and reserves its amount on the order. */
export async function reserveRefund(tx: Tx, input: ReserveInput): Promise<string> {
  const [row] = await tx
    .insert(orderRefunds)
    .values({
      orderId: input.order.id,
      amountPaise: input.amountPaise,
      method: input.method,
      razorpayPaymentId: input.razorpayPaymentId ?? null,
      reference: input.reference ?? null,
      reason: input.reason,
      automatic: input.automatic ?? false,
      status: "pending",
      actorEmail: input.actorEmail ?? null,
    })
    .returning({ id: orderRefunds.id });
  if (input.countsAgainstOrder) {
    await tx
      .update(orders)
      .set({ refundedPaise: sql`${orders.refundedPaise} + ${input.amountPaise}` })
      .where(eq(orders.id, input.order.id));
  }
  return row!.id;
}

/** Payment status from the refunds that went through: refunded when they add up to the total. */
async function settlePaymentStatus(tx: Tx, order: OrderRow): Promise<string> {
  const refunds = await tx
    .select({ method: orderRefunds.method, razorpayPaymentId: orderRefunds.razorpayPaymentId, amountPaise: orderRefunds.amountPaise })
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderId, order.id), inArray(orderRefunds.status, ["accepted", "processed"])));
  const given = refunds.filter((r) => isOwn(order, r)).reduce((n, r) => n + r.amountPaise, 0);
  const status = given === 0 ? order.paymentStatus : given >= order.totalPaise ? "refunded" : "partially_refunded";
  if (status !== order.paymentStatus) await tx.update(orders).set({ paymentStatus: status as OrderRow["paymentStatus"] }).where(eq(orders.id, order.id));
  return status;
}

/**
 * Razorpay took the refund (or staff recorded it by hand): the credit note is issued and the payment
 * status settled, once; a later "processed" notice only marks the money as returned.
 */
export async function acceptRefund(tx: Tx, refundId: string, result: { razorpayRefundId?: string | null; processed: boolean }): Promise<string> {
  const [refund] = await tx.select().from(orderRefunds).where(eq(orderRefunds.id, refundId)).for("update");
  if (!refund) return "Unknown refund.";
  const [order] = await tx.select().from(orders).where(eq(orders.id, refund.orderId)).for("update");
  const razorpayRefundId = refund.razorpayRefundId ?? result.razorpayRefundId ?? null;
  const target = result.processed ? "processed" : "accepted";
  if (refund.status === "processed" || (refund.status === "accepted" && target === "accepted")) {
    if (razorpayRefundId !== refund.razorpayRefundId) await tx.update(orderRefunds).set({ razorpayRefundId }).where(eq(orderRefunds.id, refundId));
    return "Already recorded: nothing changed.";
  }
  const firstAcceptance = refund.status !== "accepted";
  await tx.update(orderRefunds).set({ status: target, razorpayRefundId, failure: null }).where(eq(orderRefunds.id, refundId));
  const amount = formatPaise(refund.amountPaise);
  if (!firstAcceptance) {
    await tx.insert(orderEvents).values({ orderId: order!.id, kind: "refund_processed", message: `Refund of ${amount} (${razorpayRefundId}) reached the customer.` });
    return "Refund marked as reached the customer.";
  }
  if (refund.status === "failed" && isOwn(order!, refund)) {
    // Razorpay did refund after all what the shop took for refused: count it again.
    await tx.update(orders).set({ refundedPaise: sql`${orders.refundedPaise} + ${refund.amountPaise}` }).where(eq(orders.id, order!.id));
  }
  let note: string | null = null;
  if (isOwn(order!, refund)) {
    note = await issueCreditNote(tx, order!, refund);
    await settlePaymentStatus(tx, order!);
  }
  await tx.update(orders).set({ version: sql`${orders.version} + 1` }).where(eq(orders.id, order!.id));
  const how = refund.method === "manual" ? `recorded (reference ${refund.reference})` : `${target === "processed" ? "made" : "accepted"} by Razorpay (${razorpayRefundId})`;
  await tx.insert(orderEvents).values({ orderId: order!.id, kind: "refund", message: `Refund of ${amount} ${how}${note ? `; credit note ${note}` : ""}.`, actorEmail: refund.actorEmail });
  return `Refund ${how}${note ? `; credit note ${note}` : ""}.`;
}

/** Razorpay refused the refund: the reservation is released and staff see why. */
async function failRefund(tx: Tx, refundId: string, reason: string): Promise<void> {
  const [refund] = await tx.select().from(orderRefunds).where(eq(orderRefunds.id, refundId)).for("update");
  if (!refund || refund.status === "accepted" || refund.status === "processed" || refund.status === "failed") return;
  const [order] = await tx.select().from(orders).where(eq(orders.id, refund.orderId)).for("update");
  await tx.update(orderRefunds).set({ status: "failed", failure: reason }).where(eq(orderRefunds.id, refundId));
  if (isOwn(order!, refund)) {
    await tx
      .update(orders)
      .set({ refundedPaise: sql`${orders.refundedPaise} - ${refund.amountPaise}`, version: sql`${orders.version} + 1` })
      .where(eq(orders.id, order!.id));
  }
  await tx.insert(orderEvents).values({ orderId: order!.id, kind: "refund_failed", message: `Razorpay refused the refund of ${formatPaise(refund.amountPaise)}: ${reason}` });
}

export type SubmitOutcome =
  | { state: "accepted" | "processed"; message: string }
  | { state: "failed"; message: string }
  /** Not sent (Razorpay unreachable): sent again later. */
  | { state: "retry"; message: string }
  /** Sent, but no answer: Razorpay's refund notice (which carries our id) settles it. */
  | { state: "unknown"; message: string }
  | { state: "not-pending"; message: string };

/** Sends a reserved refund to Razorpay: exactly one caller claims it, so it is never sent twice. */
export async function submitRefund(deps: OrderDeps, refundId: string): Promise<SubmitOutcome> {
  const [claimed] = await deps.db
    .update(orderRefunds)
    .set({ status: "submitting" })
    .where(and(eq(orderRefunds.id, refundId), eq(orderRefunds.status, "pending"), eq(orderRefunds.method, "razorpay")))
    .returning();
  if (!claimed) return { state: "not-pending", message: "This refund is not waiting to be sent." };
  const [order] = await deps.db.select({ number: orders.number }).from(orders).where(eq(orders.id, claimed.orderId));
  const config = deps.config.razorpay;
  try {
    if (!config) throw new GatewayUnavailable("online payment is not configured", false);
    if (!claimed.razorpayPaymentId) throw new GatewayRefusal("the refund names no payment");
    const answer = await razorpayGateway(config).refund(claimed.razorpayPaymentId, {
      amountPaise: claimed.amountPaise,
      receipt: claimed.id,
      notes: { refund_id: claimed.id, order_number: order?.number ?? "" },
    });
    const message = await deps.db.transaction((tx) => acceptRefund(tx, claimed.id, { razorpayRefundId: answer.id, processed: answer.status === "processed" }));
    await sendOrderNotice(deps, claimed.orderId, { kind: "order_refunded", refundId: claimed.id });
    return { state: answer.status === "processed" ? "processed" : "accepted", message };
  } catch (error) {
    if (error instanceof GatewayRefusal) {
      await deps.db.transaction((tx) => failRefund(tx, claimed.id, error.message));
      return { state: "failed", message: `Razorpay refused the refund: ${error.message}` };
    }
    if (error instanceof GatewayUnavailable && !error.sent) {
      await deps.db.update(orderRefunds).set({ status: "pending" }).where(and(eq(orderRefunds.id, claimed.id), eq(orderRefunds.status, "submitting")));
      return { state: "retry", message: "Razorpay could not be reached; the refund will be sent again automatically." };
    }
    deps.log.error({ err: error, refundId }, "refund sent to Razorpay without an answer");
    await deps.db
      .update(orderRefunds)
      .set({ failure: "Sent to Razorpay without an answer: its refund notice will confirm it; check the Razorpay dashboard if none comes." })
      .where(eq(orderRefunds.id, claimed.id));
    return { state: "unknown", message: "Razorpay did not answer. The refund may have gone through: its notice will confirm it; check the Razorpay dashboard before trying again." };
  }
}

export type RefundInput = { amountPaise: number; reason: string; reference?: string; expectedVersion: number };
export type RefundResult = { ok: true; message: string } | { ok: false; refusal: Extract<RefusalKind, "not-found" | "stale" | "illegal" | "invalid">; message: string };

/**
 * A refund staff make from the order page: full or partial, up to what is left of the payment.
 * Online payments go back through Razorpay's refund API; cash on delivery is recorded by hand with
 * the reference of the transfer staff made. Checked against the version staff saw.
 */
export async function refundOrder(deps: OrderDeps, actor: AuditActor, orderId: string, input: RefundInput): Promise<RefundResult> {
  const decided = await deps.db.transaction(async (tx): Promise<RefundResult & { refundId?: string; online?: boolean; number?: string }> => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!order) return { ok: false, refusal: "not-found", message: "No order with that id." };
    if (order.version !== input.expectedVersion) return { ok: false, refusal: "stale", message: "This order was changed by someone else — reload to see its current state." };
    const refundable = refundableOf(order);
    if (refundable <= 0) return { ok: false, refusal: "illegal", message: "There is nothing to refund on this order: it has not been paid, or it was refunded in full." };
    if (!Number.isSafeInteger(input.amountPaise) || input.amountPaise < 100 || input.amountPaise > refundable) {
      return { ok: false, refusal: "invalid", message: `Enter an amount between ₹1 and ${formatPaise(refundable)}.` };
    }
    const online = order.paymentMethod === "razorpay";
    const reference = input.reference?.trim() || null;
    if (!online && !reference) return { ok: false, refusal: "invalid", message: "Enter the reference of the transfer you made to the customer (UPI or bank)." };
    if (online && !deps.config.razorpay) return { ok: false, refusal: "illegal", message: "Online payment is not configured on this server, so Razorpay cannot be asked for the refund." };
    const refundId = await reserveRefund(tx, {
      order,
      amountPaise: input.amountPaise,
      method: online ? "razorpay" : "manual",
      razorpayPaymentId: order.razorpayPaymentId,
      reference,
      reason: input.reason,
      actorEmail: actor.email,
      countsAgainstOrder: true,
    });
    await tx.update(orders).set({ version: order.version + 1 }).where(eq(orders.id, orderId));
    await recordAudit(tx, {
      actor,
      module: "sales",
      action: "order_refund",
      targetId: orderId,
      before: { refundedPaise: order.refundedPaise },
      after: { refundedPaise: order.refundedPaise + input.amountPaise, amountPaise: input.amountPaise, method: online ? "razorpay" : "manual", reason: input.reason },
    });
    if (!online) {
      const message = await acceptRefund(tx, refundId, { processed: true });
      return { ok: true, message: `${order.number}: ${message}`, number: order.number, refundId, online: false };
    }
    await tx.insert(orderEvents).values({ orderId, kind: "refund_requested", message: `Refund of ${formatPaise(input.amountPaise)} requested: ${input.reason}`, actorEmail: actor.email });
    return { ok: true, message: "", refundId, online, number: order.number };
  });
  if (!decided.ok) return decided;
  let message = decided.message;
  if (decided.online) {
    const sent = await submitRefund(deps, decided.refundId!);
    if (sent.state === "retry") await deps.jobs?.send(ORDER_JOBS.refund, { refundId: decided.refundId });
    message = `${decided.number}: ${sent.message}`;
  } else if (decided.refundId) {
    await sendOrderNotice(deps, orderId, { kind: "order_refunded", refundId: decided.refundId });
  }
  await deps.events.publish(TOPICS.orderChanged, { orderId, number: decided.number }).catch(() => {});
  return { ok: true, message };
}

/** The order's refunds, oldest first, for the staff order page. */
export async function listRefunds(db: OrderDeps["db"], orderId: string) {
  return db
    .select({
      id: orderRefunds.id,
      amountPaise: orderRefunds.amountPaise,
      method: orderRefunds.method,
      status: orderRefunds.status,
      reason: orderRefunds.reason,
      reference: orderRefunds.reference,
      razorpayRefundId: orderRefunds.razorpayRefundId,
      automatic: orderRefunds.automatic,
      failure: orderRefunds.failure,
      actorEmail: orderRefunds.actorEmail,
      createdAt: orderRefunds.createdAt,
    })
    .from(orderRefunds)
    .where(eq(orderRefunds.orderId, orderId))
    .orderBy(orderRefunds.createdAt);
}
