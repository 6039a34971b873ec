// The orders module's face for server code: the only file of it that code outside the module imports
// (besides orders.ts, its browser-safe face).
export { attachGuestOrders, onlinePaymentEnabled, orderForShopper, placeOrder, quoteCart, type TrackedOrder, trackOrder } from "./checkout.server";
export { type BuyerOrder, type BuyerRef, type BuyerStats, buyerStats, exportBuyerOrders, LIFETIME_VALUE_PAYMENT_STATUSES, type OrderErasure, ordersOfBuyers, pseudonymiseBuyerOrders } from "./customer-orders.server";
export { cartRestorePath, cartToRestore, type CartRestore, forgetCheckoutReminders, noteCheckoutStarted, reminderLinkOwner, reminderUnsubscribePath, type RestoredLine, sendCartReminder, stopCartReminders } from "./cart-reminders.server";
export { creditNotePdf } from "./credit-notes.server";
export { invoicePdf } from "./invoice-pdf.server";
export { getOrderDetail, listOrders, transitionOrder } from "./order-admin.server";
export { ordersCsv } from "./order-export.server";
export { declareOrderQueues, startOrderWorkers } from "./order-jobs.server";
export { addOrderNote } from "./order-notes.server";
export { confirmCheckoutPayment, handleRazorpayWebhook, paymentCheckoutFor } from "./payments.server";
export type { RazorpayConfig } from "./razorpay.server";
export { refundOrder } from "./refunds.server";
export { accountInvoicePdf, accountOrderDetail, accountOrders } from "./shopper-orders.server";
export { discountUse, gstFigures, type GstRow, ordersToShip, type PeriodUnit, type ProductSales, refundsIn, SALE_STATUSES, salesByPaymentMethod, salesByPeriod, salesByDayAndProduct, salesByProduct, salesByState, salesDaysChangedSince, type SalesTotals, salesTotals, type SalesWindow } from "./sales-figures.server";
