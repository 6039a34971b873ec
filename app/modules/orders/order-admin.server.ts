import { and, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "~/db/types";
import { recordAudit, type AuditActor } from "~/modules/audit/audit.server";
import { returnStock } from "~/modules/catalog/catalog.server";
import { formatPaise } from "~/lib/money";
import type { RefusalKind } from "~/lib/save-outcome";
import { TOPICS } from "~/modules/events/events";
import { listCreditNotes } from "./credit-notes.server";
import { ORDER_JOBS, type OrderDeps } from "./order-deps.server";
import { nextStatuses, type PaymentStatus, refundableOf, STATUS_LABELS, type OrderStatus, type StaffTransition } from "./order-rules";
import { financialYearOf, invoiceNumber } from "./invoice-number";
import { listPaymentEvents } from "./payments.server";
import { sendOrderNotice, type OrderNotice } from "./order-notices.server";
import { listRefunds, reserveRefund, submitRefund } from "./refunds.server";
import { invoiceCounters, invoices, orderEvents, orderLines, orders } from "./schema";
import { markRedemptionPaid, releaseRedemption } from "~/modules/discounts/discounts.server";

// The back office's face for orders: the list with filters and search, one order in full (with its
// payment events, refunds and credit notes), and the moves staff make (ship, deliver, cancel, mark
// COD collected), each checked against the order's version so two staff acting at once cannot both
// win. Cancelling a paid online order refunds what is left of its payment.

export type OrderListFilter = { q?: string; status?: OrderStatus; payment?: "cod" | "razorpay"; paymentStatus?: PaymentStatus; from?: Date; to?: Date; page?: number };
export const ORDERS_PER_PAGE = 25;

/** The filter as one SQL condition: the list and its CSV export select exactly the same orders. */
export function orderListCondition(filter: OrderListFilter): SQL | undefined {
  const where: SQL[] = [];
  if (filter.status) where.push(eq(orders.status, filter.status));
  if (filter.payment) where.push(eq(orders.paymentMethod, filter.payment));
  if (filter.paymentStatus) where.push(eq(orders.paymentStatus, filter.paymentStatus));
  if (filter.from) where.push(sql`${orders.createdAt} >= ${filter.from}`);
  if (filter.to) where.push(sql`${orders.createdAt} < ${filter.to}`);
  const q = filter.q?.trim();
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(or(ilike(orders.number, like), ilike(orders.email, like), ilike(orders.phone, like))!);
  }
  return where.length ? and(...where) : undefined;
}

export async function listOrders(db: Db, filter: OrderListFilter) {
  const condition = orderListCondition(filter);
  const page = Math.max(1, filter.page ?? 1);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: orders.id,
        number: orders.number,
        createdAt: orders.createdAt,
        email: orders.email,
        name: sql<string>`${orders.shippingAddress}->>'name'`,
        totalPaise: orders.totalPaise,
        status: orders.status,
        paymentMethod: orders.paymentMethod,
        paymentStatus: orders.paymentStatus,
      })
      .from(orders)
      .where(condition)
      .orderBy(desc(orders.createdAt), desc(orders.number))
      .limit(ORDERS_PER_PAGE)
      .offset((page - 1) * ORDERS_PER_PAGE),
    db.select({ n: count() }).from(orders).where(condition),
  ]);
  return { rows, total: total?.n ?? 0, page, pages: Math.max(1, Math.ceil((total?.n ?? 0) / ORDERS_PER_PAGE)) };
}

export async function getOrderDetail(db: Db, id: string) {
  const [order] = await db.select().from(orders).where(eq(orders.id, id));
  if (!order) return null;
  const [lines, events, [invoice], paymentEvents, refunds, creditNotes] = await Promise.all([
    db.select().from(orderLines).where(eq(orderLines.orderId, id)).orderBy(orderLines.position),
    db.select().from(orderEvents).where(eq(orderEvents.orderId, id)).orderBy(orderEvents.createdAt),
    db.select({ number: invoices.number, issuedAt: invoices.issuedAt }).from(invoices).where(eq(invoices.orderId, id)),
    listPaymentEvents(db, id),
    listRefunds(db, id),
    listCreditNotes(db, id),
  ]);
  const { accessTokenHash: _hash, idempotencyKey: _key, cartDigest: _digest, ...visible } = order;
  return {
    ...visible,
    lines,
    events,
    invoice: invoice ?? null,
    next: nextStatuses(order.status, order.paymentMethod, order.paymentStatus),
    paymentEvents,
    refunds,
    creditNotes,
    refundable: refundableOf(order),
  };
}

export type TransitionResult = { ok: true; message: string } | { ok: false; refusal: Extract<RefusalKind, "not-found" | "stale" | "illegal" | "invalid">; message: string };

export type TransitionInput = { action: StaffTransition; expectedVersion: number; carrier?: string; trackingNumber?: string; note?: string };

/** One staff move on an order: legal from its current status only, and only from the version the staff member saw. */
export async function transitionOrder(deps: OrderDeps, actor: AuditActor, orderId: string, input: TransitionInput): Promise<TransitionResult> {
  const result = await deps.db.transaction(async (tx): Promise<TransitionResult & { number?: string; status?: OrderStatus; refundId?: string }> => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!order) return { ok: false, refusal: "not-found", message: "No order with that id." };
    if (order.version !== input.expectedVersion) {
      return { ok: false, refusal: "stale", message: "This order was changed by someone else — reload to see its current state." };
    }
    const allowed = nextStatuses(order.status, order.paymentMethod, order.paymentStatus);
    if (!allowed.includes(input.action)) {
      return { ok: false, refusal: "illegal", message: `An order that is ${STATUS_LABELS[order.status].toLowerCase()} cannot be ${ACTION_PAST[input.action]}.` };
    }
    const set: Partial<typeof orders.$inferInsert> = { version: order.version + 1 };
    let message: string;
    let refundId: string | undefined;
    switch (input.action) {
      case "ship": {
        const carrier = input.carrier?.trim();
        const tracking = input.trackingNumber?.trim();
        if (!carrier || !tracking) return { ok: false, refusal: "invalid", message: "Enter the carrier and the tracking number." };
        Object.assign(set, { status: "shipped", carrier, trackingNumber: tracking });
        // The goods leave: that is when the tax invoice is issued, numbered in this transaction.
        const invoice = await issueInvoice(tx, orderId);
        message = `Shipped with ${carrier}, tracking number ${tracking}; tax invoice ${invoice}.`;
        break;
      }
      case "deliver":
        Object.assign(set, { status: "delivered" });
        message = "Delivered.";
        break;
      case "collect_cod":
        Object.assign(set, { paymentStatus: "cod_collected" });
        await markRedemptionPaid(tx, orderId);
        message = "Cash on delivery collected.";
        break;
      case "cancel": {
        Object.assign(set, { status: "cancelled" });
        const lines = await tx.select({ variantId: orderLines.variantId, quantity: orderLines.quantity }).from(orderLines).where(eq(orderLines.orderId, orderId));
        for (const line of lines) if (line.variantId) await returnStock(tx, line.variantId, line.quantity);
        // A discount's use comes back with the stock (once: a cancelled order cannot be cancelled again).
        await releaseRedemption(tx, orderId);
        Object.assign(set, { holdExpiresAt: null });
        message = "Cancelled; the items are back in stock.";
        // A paid online order: what is left of its payment goes back (a stale page cannot refund twice: the version guards it).
        const refundable = refundableOf(order);
        if (refundable > 0 && order.paymentMethod === "razorpay") {
          if (!deps.config.razorpay) return { ok: false, refusal: "illegal", message: "This order was paid online, and online payment is not configured here to refund it." };
          refundId = await reserveRefund(tx, {
            order,
            amountPaise: refundable,
            method: "razorpay",
            razorpayPaymentId: order.razorpayPaymentId,
            reason: "Order cancelled by the shop.",
            actorEmail: actor.email,
            countsAgainstOrder: true,
          });
          message = `Cancelled; the items are back in stock; ${formatPaise(refundable)} is being refunded.`;
        }
        break;
      }
    }
    await tx.update(orders).set(set).where(eq(orders.id, orderId));
    await tx.insert(orderEvents).values({ orderId, kind: input.action, message, actorEmail: actor.email });
    await recordAudit(tx, {
      actor,
      module: "sales",
      action: `order_${input.action}`,
      targetId: orderId,
      before: { status: order.status, paymentStatus: order.paymentStatus },
      after: { status: set.status ?? order.status, paymentStatus: set.paymentStatus ?? order.paymentStatus },
    });
    return { ok: true, message: `${order.number}: ${message}`, number: order.number, status: (set.status ?? order.status) as OrderStatus, refundId };
  });
  if (result.ok && result.refundId) {
    const sent = await submitRefund(deps, result.refundId);
    if (sent.state === "retry") await deps.jobs?.send(ORDER_JOBS.refund, { refundId: result.refundId });
    result.message = `${result.message} ${sent.message}`;
  }
  if (result.ok) {
    await deps.events.publish(TOPICS.orderChanged, { orderId, number: result.number, status: result.status }).catch(() => {});
    await sendOrderNotice(deps, orderId, TRANSITION_NOTICES[input.action](Boolean(result.refundId)));
  }
  const { number: _n, status: _s, refundId: _r, ...answer } = result;
  return answer as TransitionResult;
}

/** The next consecutive number of the current financial year, and the invoice row; undone with the transaction if anything fails. */
async function issueInvoice(tx: Tx, orderId: string, at = new Date()): Promise<string> {
  const [existing] = await tx.select({ number: invoices.number }).from(invoices).where(eq(invoices.orderId, orderId));
  if (existing) return existing.number;
  const financialYear = financialYearOf(at);
  const [counter] = await tx
    .insert(invoiceCounters)
    .values({ financialYear, lastSerial: 1 })
    .onConflictDoUpdate({ target: invoiceCounters.financialYear, set: { lastSerial: sql`${invoiceCounters.lastSerial} + 1` } })
    .returning({ serial: invoiceCounters.lastSerial });
  const number = invoiceNumber(financialYear, counter!.serial);
  await tx.insert(invoices).values({ orderId, number, financialYear, issuedAt: at });
  return number;
}

/** The shopper's mail for each staff move (sent once per order and move: the notice's event key). */
const TRANSITION_NOTICES: Record<StaffTransition, (refunding: boolean) => OrderNotice> = {
  ship: () => ({ kind: "order_shipped" }),
  deliver: () => ({ kind: "order_delivered" }),
  collect_cod: () => ({ kind: "cod_confirmation" }),
  cancel: (refunding) => ({
    kind: "order_cancelled",
    reason: refunding ? "What you paid is being refunded to you; we will mail you when the refund is made." : "You have not been charged for it.",
  }),
};

const ACTION_PAST: Record<StaffTransition, string> = { ship: "shipped", deliver: "marked delivered", cancel: "cancelled", collect_cod: "marked as paid in cash" };

/** Counts for the admin's menu badge and dashboard: orders waiting to be shipped. */
export async function ordersToShip(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(orders).where(eq(orders.status, "processing"));
  return row?.n ?? 0;
}
