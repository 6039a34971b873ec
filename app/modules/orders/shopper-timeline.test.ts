import { describe, expect, it } from "vitest";
import { shopperTimeline } from "./shopper-timeline";

const placedAt = "2026-11-20T04:30:00.000Z";
const events = [
  { kind: "placed", createdAt: placedAt },
  { kind: "note", createdAt: "2026-11-20T05:00:00.000Z" },
  { kind: "ship", createdAt: "2026-11-21T06:00:00.000Z" },
  { kind: "deliver", createdAt: "2026-11-23T07:00:00.000Z" },
];

describe("the shopper's order timeline", () => {
  it("shows a cash-on-delivery order's steps, done up to where it is, with their times", () => {
    expect(shopperTimeline({ status: "processing", paymentMethod: "cod", paymentStatus: "cod_pending", placedAt }, events.slice(0, 2))).toEqual([
      { key: "placed", label: "Order placed", done: true, at: placedAt },
      { key: "shipped", label: "Shipped", done: false, at: null },
      { key: "delivered", label: "Delivered", done: false, at: null },
    ]);
    expect(shopperTimeline({ status: "delivered", paymentMethod: "cod", paymentStatus: "cod_collected", placedAt }, events).map((s) => [s.key, s.done, s.at])).toEqual([
      ["placed", true, placedAt],
      ["shipped", true, "2026-11-21T06:00:00.000Z"],
      ["delivered", true, "2026-11-23T07:00:00.000Z"],
    ]);
  });

  it("adds the payment step for online payment", () => {
    const unpaid = shopperTimeline({ status: "pending_payment", paymentMethod: "razorpay", paymentStatus: "pending", placedAt }, []);
    expect(unpaid.map((s) => [s.key, s.done])).toEqual([["placed", true], ["paid", false], ["shipped", false], ["delivered", false]]);
    const paid = shopperTimeline({ status: "processing", paymentMethod: "razorpay", paymentStatus: "paid", placedAt }, [{ kind: "paid", createdAt: "2026-11-20T04:31:00.000Z" }]);
    expect(paid[1]).toEqual({ key: "paid", label: "Payment received", done: true, at: "2026-11-20T04:31:00.000Z" });
  });

  it("ends a cancelled order with the cancellation, showing only what happened before it", () => {
    const cancelled = shopperTimeline({ status: "cancelled", paymentMethod: "cod", paymentStatus: "cod_pending", placedAt }, [...events.slice(0, 2), { kind: "cancel", createdAt: "2026-11-20T09:00:00.000Z" }]);
    expect(cancelled).toEqual([
      { key: "placed", label: "Order placed", done: true, at: placedAt },
      { key: "cancelled", label: "Cancelled", done: true, at: "2026-11-20T09:00:00.000Z" },
    ]);
  });
});
