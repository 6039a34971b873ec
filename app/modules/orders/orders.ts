// The orders module's browser-safe face: its rules and types for code outside the module, browser
// code included. Server code of the module is reached through orders.server.ts.
export { checkoutSchema } from "./checkout-form";
export { discountLine, type OrderDiscount } from "./order-discount";
export { parseOrderFilter } from "./order-filter";
export { MAX_NOTE_LENGTH, orderNoteSchema } from "./order-note-form";
export { ORDER_STATUSES, type OrderStatus, parseRupees, PAYMENT_STATUS_LABELS, PAYMENT_STATUSES, type PaymentStatus, STAFF_TRANSITIONS, type StaffTransition, STATUS_LABELS, trackingLink } from "./order-rules";
export { shippingFor, splitTax } from "./pricing";
export type { PaymentOption, Quote, QuoteLine } from "./quote";
export type { ShopperOrderFigures, ShopperOrderLine } from "./shopper-figures";
export { shopperTimeline, type TimelineStep } from "./shopper-timeline";
