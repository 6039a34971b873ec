// The order's life, as rules the back office and its tests share (client-safe).
//
// Cash on delivery: processing -> shipped -> delivered, with "COD collected" once the courier has
// the money; cancel is possible until the order ships. Online payment starts at pending_payment
// (stock held); its payment moves it to processing (paid), and a hold that runs out cancels it.
// Cancelling a paid order refunds what is left of its payment. Refunds (full or partial) are not
// moves of their own: they are possible while anything paid is left to give back.

export const ORDER_STATUSES = ["pending_payment", "processing", "shipped", "delivered", "cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const STATUS_LABELS: Record<OrderStatus, string> = {
  pending_payment: "Awaiting payment",
  processing: "To ship",
  shipped: "Shipped",
  delivered: "Delivered",
  cancelled: "Cancelled",
};

export const PAYMENT_STATUSES = ["pending", "paid", "cod_pending", "cod_collected", "failed", "refunded", "partially_refunded"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> & Record<string, string> = {
  pending: "Pending",
  paid: "Paid",
  cod_pending: "Cash on delivery: to collect",
  cod_collected: "Cash on delivery: collected",
  failed: "Failed",
  refunded: "Refunded",
  partially_refunded: "Partly refunded",
};

export const STAFF_TRANSITIONS = ["ship", "deliver", "cancel", "collect_cod"] as const;
export type StaffTransition = (typeof STAFF_TRANSITIONS)[number];

/** The moves staff may make on an order in this state. */
export function nextStatuses(status: OrderStatus, paymentMethod: string, paymentStatus: string): StaffTransition[] {
  const moves: StaffTransition[] = [];
  if (status === "processing") moves.push("ship", "cancel");
  if (status === "pending_payment") moves.push("cancel");
  if (status === "shipped") moves.push("deliver");
  if (paymentMethod === "cod" && paymentStatus === "cod_pending" && (status === "shipped" || status === "delivered")) moves.push("collect_cod");
  return moves;
}

/** What is left to refund of what the order was paid (0 when nothing was paid or all went back). */
export function refundableOf(order: { paymentMethod: string; paymentStatus: string; totalPaise: number; refundedPaise: number; razorpayPaymentId?: string | null }): number {
  const paid =
    order.paymentMethod === "razorpay"
      ? Boolean(order.razorpayPaymentId) && ["paid", "partially_refunded"].includes(order.paymentStatus)
      : ["cod_collected", "partially_refunded"].includes(order.paymentStatus);
  return paid ? Math.max(0, order.totalPaise - order.refundedPaise) : 0;
}

/** "1,299.50" or "₹500" typed by staff, as paise; null when it is not an amount of rupees with at most two decimals. */
export function parseRupees(text: string): number | null {
  const cleaned = text.trim().replace(/^₹\s*/, "").replace(/,/g, "");
  if (!/^\d{1,8}(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole, fraction = ""] = cleaned.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

const TRACKING_PAGES: Record<string, (n: string) => string> = {
  delhivery: (n) => `https://www.delhivery.com/track-v2/package/${encodeURIComponent(n)}`,
  "blue dart": (n) => `https://www.bluedart.com/web/guest/trackdartresult?trackFor=0&trackNo=${encodeURIComponent(n)}`,
  bluedart: (n) => `https://www.bluedart.com/web/guest/trackdartresult?trackFor=0&trackNo=${encodeURIComponent(n)}`,
  dtdc: (n) => `https://www.dtdc.in/trace.asp?strCnno=${encodeURIComponent(n)}`,
  "india post": (n) => `https://www.indiapost.gov.in/_layouts/15/dop.portal.tracking/trackconsignment.aspx?consignment=${encodeURIComponent(n)}`,
};

/** The carrier's own tracking page for a number, when we know the carrier; null otherwise. */
export function trackingLink(carrier: string | null, trackingNumber: string | null): string | null {
  if (!carrier || !trackingNumber) return null;
  return TRACKING_PAGES[carrier.trim().toLowerCase()]?.(trackingNumber) ?? null;
}
