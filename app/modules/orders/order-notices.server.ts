import { eq } from "drizzle-orm";
import type { Db } from "~/db/types";
import type { Logger } from "~/lib/logger.server";
import { formatPaise } from "~/lib/money";
import type { Mailer } from "~/modules/mail/mail.server";
import type { TemplateKind } from "~/modules/mail/mail";
import { orderConfirmationValues } from "./order-mail.server";
import { trackingLink } from "./order-rules";
import { orderRefunds, orders } from "./schema";
import { accessTokenFor, viewOf } from "./shopper-order.server";

// The shopper's mails about their order, one per event: each is sent after the change that
// caused it has committed, with an event key (`order:<id>:shipped`), so a repeated webhook, a job
// run twice or a retried request never mails twice. A mail that fails is logged; the order stands.

export type NoticeDeps = { db: Db; mailer: Mailer; log: Logger; config: { publicUrl: string } };

export type OrderNotice =
  | { kind: "order_confirmation" | "payment_received" | "cod_confirmation" | "order_shipped" | "order_delivered" }
  | { kind: "order_cancelled"; reason: string }
  | { kind: "order_refunded"; refundId: string };

const EVENT_NAMES: Record<OrderNotice["kind"], string> = {
  order_confirmation: "confirmation",
  payment_received: "payment-received",
  cod_confirmation: "cod-collected",
  order_shipped: "shipped",
  order_delivered: "delivered",
  order_cancelled: "cancelled",
  order_refunded: "refund",
};

/** The event key of a notice: one mail per order and event (per refund for refunds). */
export function noticeKey(orderId: string, notice: OrderNotice): string {
  return notice.kind === "order_refunded" ? `refund:${notice.refundId}` : `order:${orderId}:${EVENT_NAMES[notice.kind]}`;
}

export async function sendOrderNotice(deps: NoticeDeps, orderId: string, notice: OrderNotice): Promise<void> {
  try {
    const [order] = await deps.db.select().from(orders).where(eq(orders.id, orderId));
    if (!order) return;
    const link = `${deps.config.publicUrl}/thank-you?order=${encodeURIComponent(order.number)}&key=${accessTokenFor(order.idempotencyKey, order.id)}`;
    const data: Record<string, string> = {
      "customer.name": order.shippingAddress.name,
      "customer.email": order.email,
      "order.number": order.number,
      "order.total": formatPaise(order.totalPaise),
      "order.link": link,
    };
    const kind: TemplateKind = notice.kind;
    switch (notice.kind) {
      case "order_confirmation":
        Object.assign(data, orderConfirmationValues(await viewOf(deps.db, order)));
        break;
      case "payment_received":
        Object.assign(data, { "payment.amount": formatPaise(order.totalPaise), "payment.reference": order.razorpayPaymentId ?? "" });
        break;
      case "cod_confirmation":
        Object.assign(data, { "payment.amount": formatPaise(order.totalPaise) });
        break;
      case "order_shipped":
        Object.assign(data, {
          "shipment.carrier": order.carrier ?? "",
          "shipment.tracking_number": order.trackingNumber ?? "",
          // A carrier we know links to its own page; any other, to the shop's order tracking.
          "shipment.tracking_link": trackingLink(order.carrier, order.trackingNumber) ?? `${deps.config.publicUrl}/track-order`,
        });
        break;
      case "order_cancelled":
        Object.assign(data, { "cancel.reason": notice.reason });
        break;
      case "order_refunded": {
        const [refund] = await deps.db.select().from(orderRefunds).where(eq(orderRefunds.id, notice.refundId));
        // Only a refund that went through is news for the shopper.
        if (!refund || refund.orderId !== orderId || !["accepted", "processed"].includes(refund.status)) return;
        Object.assign(data, { "refund.amount": formatPaise(refund.amountPaise) });
        break;
      }
      case "order_delivered":
        break;
    }
    await deps.mailer.sendTemplate(kind, order.email, data, { eventKey: noticeKey(orderId, notice) });
  } catch (error) {
    deps.log.error({ err: error, orderId, notice: notice.kind }, "order mail failed");
  }
}

/**
 * The confirmation mail with the shopper's own link: sent when a cash-on-delivery order is placed,
 * and when an online order's payment arrives.
 */
export function sendOrderConfirmation(deps: NoticeDeps, orderId: string): Promise<void> {
  return sendOrderNotice(deps, orderId, { kind: "order_confirmation" });
}
