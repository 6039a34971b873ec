import { and, eq, inArray, lte } from "drizzle-orm";
import { formatPaise } from "~/lib/money";
import { returnStock } from "~/modules/catalog/catalog.server";
import { TOPICS } from "~/modules/events/events";
import type { OrderDeps } from "./order-deps.server";
import { sendOrderNotice } from "./order-notices.server";
import { GatewayUnavailable, razorpayGateway } from "./razorpay.server";
import { orderEvents, orderLines, orders, paymentEvents } from "./schema";
import { releaseRedemption } from "~/modules/discounts/discounts.server";

// Holds: the stock an online order takes while its shopper pays. A durable job, written by the
// transaction that placed the order, releases it when the hold runs out: the order is cancelled and
// its stock given back in one transaction guarded by the order's status, so that a payment arriving
// at the same moment and the release can never both win (whichever locks the order first decides;
// a payment after the release is refunded automatically).

export type ReleaseOutcome =
  /** The hold ran out: order cancelled, stock back on sale. */
  | "released"
  /** Paid, cancelled or released already: nothing to do (a repeated job lands here). */
  | "not-pending"
  /** The hold has not run out yet (its job came early, or the hold was extended). */
  | "not-due"
  /** Razorpay says the order is paid though its notice has not arrived: wait a little for it. */
  | "postponed";

/** How long to wait for a payment notice Razorpay says is coming, and how often. */
export const POSTPONE_MS = 5 * 60_000;
export const MAX_POSTPONEMENTS = 2;

/**
 * Releases the order's hold if it has run out at `now`. Before giving the stock back it asks
 * Razorpay whether the order was paid meanwhile (a notice may be late); if Razorpay cannot be
 * reached the hold is released anyway, and a payment that turns up later is refunded.
 */
export async function releaseHold(deps: OrderDeps, orderId: string, opts: { now?: Date; attempt?: number } = {}): Promise<ReleaseOutcome> {
  const now = opts.now ?? new Date();
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order || order.status !== "pending_payment") return "not-pending";
  if (order.holdExpiresAt && order.holdExpiresAt > now) return "not-due";

  const config = deps.config.razorpay;
  if (config && order.razorpayOrderId && (opts.attempt ?? 0) < MAX_POSTPONEMENTS) {
    try {
      const remote = await razorpayGateway(config).fetchOrder(order.razorpayOrderId);
      if (remote.status === "paid") {
        // The hold is extended, so neither this job nor the sweeper releases it meanwhile.
        await deps.db
          .update(orders)
          .set({ holdExpiresAt: new Date(now.getTime() + POSTPONE_MS) })
          .where(and(eq(orders.id, orderId), eq(orders.status, "pending_payment")));
        await deps.db
          .insert(paymentEvents)
          .values({
            orderId,
            source: "shop",
            eventKey: `shop:hold-check:${orderId}:${opts.attempt ?? 0}`,
            type: "hold.check",
            razorpayOrderId: order.razorpayOrderId,
            amountPaise: remote.amountPaid,
            outcome: "Hold ran out, but Razorpay reports the order paid: waiting for its payment notice before releasing the stock.",
          })
          .onConflictDoNothing({ target: paymentEvents.eventKey });
        return "postponed";
      }
    } catch (error) {
      if (!(error instanceof GatewayUnavailable)) throw error;
      deps.log.warn({ err: error, orderId }, "could not ask Razorpay about an order whose hold ran out; releasing it");
    }
  }

  const released = await deps.db.transaction(async (tx) => {
    // The guard: only an order still waiting for its payment is released; a payment that locked it first has moved it on.
    const [locked] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!locked || locked.status !== "pending_payment" || !["pending", "failed"].includes(locked.paymentStatus)) return null;
    if (locked.holdExpiresAt && locked.holdExpiresAt > now) return null;
    await tx.update(orders).set({ status: "cancelled", holdExpiresAt: null, version: locked.version + 1 }).where(eq(orders.id, orderId));
    const lines = await tx.select({ variantId: orderLines.variantId, quantity: orderLines.quantity }).from(orderLines).where(eq(orderLines.orderId, orderId));
    for (const line of lines) if (line.variantId) await returnStock(tx, line.variantId, line.quantity);
    await releaseRedemption(tx, orderId);
    await tx.insert(orderEvents).values({
      orderId,
      kind: "hold_released",
      message: `No payment of ${formatPaise(locked.totalPaise)} arrived while the stock was held: order cancelled, items back in stock. A payment that still arrives is refunded automatically.`,
    });
    return locked.number;
  });
  if (!released) {
    const [again] = await deps.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
    return again?.status === "pending_payment" ? "not-due" : "not-pending";
  }
  await deps.events.publish(TOPICS.orderChanged, { orderId, number: released, status: "cancelled" }).catch(() => {});
  await sendOrderNotice(deps, orderId, { kind: "order_cancelled", reason: "No payment arrived while the items were held for you. If money did leave your account, it is refunded automatically." });
  return "released";
}

/** Unpaid orders whose hold ran out more than `graceMs` ago (their own job should have come first). */
export async function expiredHolds(deps: Pick<OrderDeps, "db">, now: Date, graceMs = 2 * 60_000, limit = 200): Promise<string[]> {
  const rows = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, "pending_payment"), inArray(orders.paymentStatus, ["pending", "failed"]), lte(orders.holdExpiresAt, new Date(now.getTime() - graceMs))))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** The safety net: releases every hold whose job went missing (a job that failed for good, say). */
export async function sweepExpiredHolds(deps: OrderDeps, now = new Date()): Promise<number> {
  let released = 0;
  for (const id of await expiredHolds(deps, now)) {
    if ((await releaseHold(deps, id, { now, attempt: MAX_POSTPONEMENTS })) === "released") released++;
  }
  return released;
}

/** When the order's hold runs out now (null once it is no longer waiting for payment). */
export async function holdExpiryOf(deps: Pick<OrderDeps, "db">, orderId: string): Promise<Date | null> {
  const [order] = await deps.db.select({ status: orders.status, holdExpiresAt: orders.holdExpiresAt }).from(orders).where(eq(orders.id, orderId));
  return order?.status === "pending_payment" ? order.holdExpiresAt : null;
}
