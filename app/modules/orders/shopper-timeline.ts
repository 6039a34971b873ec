import type { OrderStatus } from "./order-rules";

// An order's progress as its shopper sees it (client-safe): the steps of its life, each done or
// still to come, with the time it happened. Built from the order's status and its timeline
// events; staff notes and who did what are never part of it.

export type TimelineStep = { key: "placed" | "paid" | "shipped" | "delivered" | "cancelled"; label: string; done: boolean; at: string | null };

type EventLike = { kind: string; createdAt: string };

/** Event kinds that mark each step (payment events come from the online-payment flow). */
const STEP_EVENTS: Record<TimelineStep["key"], readonly string[]> = {
  placed: ["placed"],
  paid: ["paid", "payment_captured", "order_paid"],
  shipped: ["ship"],
  delivered: ["deliver"],
  cancelled: ["cancel"],
};

const PAID_STATES = new Set(["paid", "partially_refunded", "refunded"]);

export function shopperTimeline(order: { status: OrderStatus; paymentMethod: string; paymentStatus: string; placedAt: string }, events: readonly EventLike[]): TimelineStep[] {
  const firstAt = (key: TimelineStep["key"]) => events.find((e) => STEP_EVENTS[key].includes(e.kind))?.createdAt ?? null;
  const shipped = order.status === "shipped" || order.status === "delivered";
  const steps: TimelineStep[] = [{ key: "placed", label: "Order placed", done: true, at: firstAt("placed") ?? order.placedAt }];
  if (order.paymentMethod !== "cod") steps.push({ key: "paid", label: "Payment received", done: PAID_STATES.has(order.paymentStatus), at: firstAt("paid") });
  if (order.status === "cancelled") {
    // Only what really happened before the cancellation, then the cancellation itself.
    const happened = firstAt("shipped");
    if (happened) steps.push({ key: "shipped", label: "Shipped", done: true, at: happened });
    steps.push({ key: "cancelled", label: "Cancelled", done: true, at: firstAt("cancelled") });
    return steps.filter((s) => s.done);
  }
  steps.push({ key: "shipped", label: "Shipped", done: shipped, at: shipped ? firstAt("shipped") : null });
  steps.push({ key: "delivered", label: "Delivered", done: order.status === "delivered", at: order.status === "delivered" ? firstAt("delivered") : null });
  return steps;
}
