import { and, eq } from "drizzle-orm";
import type { Db } from "~/db/types";
import { attachGuestOrders, listShopperOrders, type ShopperOrderSummary } from "./checkout.server";
import { invoicePdf, type InvoicePdf } from "./invoice-pdf.server";
import type { OrderStatus } from "./order-rules";
import { invoices, orderEvents, orderLines, orders, type StoredAddress } from "./schema";
import { shopperFiguresOf, type ShopperOrderFigures } from "./shopper-figures";

// The signed-in shopper's own orders, for the account pages. An order is the shopper's when it
// was placed signed in, or placed as a guest with the address the account has confirmed (such
// orders join the account whenever its pages are opened). Anyone else's order number answers
// exactly as an unknown one does.

export type AccountShopper = { id: string; email: string; emailVerified: boolean };

const ORDER_NUMBER = /^GL-\d{6,}$/;

/** The shopper's orders, newest first, guest orders placed with the confirmed address included. */
export async function accountOrders(db: Db, shopper: AccountShopper): Promise<ShopperOrderSummary[]> {
  await attachGuestOrders(db, shopper);
  return listShopperOrders(db, shopper.id);
}

export type AccountOrderDetail = ShopperOrderFigures & {
  number: string;
  placedAt: Date;
  status: OrderStatus;
  paymentMethod: string;
  paymentStatus: string;
  email: string;
  phone: string;
  gstin: string | null;
  shippingAddress: StoredAddress;
  billingAddress: StoredAddress;
  carrier: string | null;
  trackingNumber: string | null;
  /** What happened and when; only the kinds a shopper is shown, never who on the staff did it. */
  events: { kind: string; createdAt: Date }[];
  invoiceNumber: string | null;
};

/** Kinds of timeline entries a shopper may see (staff notes stay in the back office). */
const SHOPPER_EVENT_KINDS = new Set(["placed", "paid", "payment_captured", "order_paid", "ship", "deliver", "cancel"]);

async function ownOrder(db: Db, shopper: AccountShopper, number: string) {
  if (!ORDER_NUMBER.test(number)) return null;
  await attachGuestOrders(db, shopper);
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.number, number), eq(orders.userId, shopper.id)));
  return order ?? null;
}

/** One of the shopper's orders in full; null when it is not theirs (or does not exist). */
export async function accountOrderDetail(db: Db, shopper: AccountShopper, number: string): Promise<AccountOrderDetail | null> {
  const order = await ownOrder(db, shopper, number);
  if (!order) return null;
  const [lines, events, [invoice]] = await Promise.all([
    db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(orderLines.position),
    db.select({ kind: orderEvents.kind, createdAt: orderEvents.createdAt }).from(orderEvents).where(eq(orderEvents.orderId, order.id)).orderBy(orderEvents.createdAt),
    db.select({ number: invoices.number }).from(invoices).where(eq(invoices.orderId, order.id)),
  ]);
  return {
    number: order.number,
    placedAt: order.createdAt,
    status: order.status,
    paymentMethod: order.paymentMethod,
    paymentStatus: order.paymentStatus,
    email: order.email,
    phone: order.phone,
    gstin: order.gstin,
    shippingAddress: order.shippingAddress,
    billingAddress: order.billingAddress,
    carrier: order.carrier,
    trackingNumber: order.trackingNumber,
    ...shopperFiguresOf(order, lines),
    events: events.filter((e) => SHOPPER_EVENT_KINDS.has(e.kind)),
    invoiceNumber: invoice?.number ?? null,
  };
}

export type AccountInvoice = { kind: "pdf"; pdf: InvoicePdf } | { kind: "not-found" } | { kind: "not-issued" };

/** The tax invoice of one of the shopper's orders, made by the same renderer staff use. */
export async function accountInvoicePdf(db: Db, shopper: AccountShopper, number: string): Promise<AccountInvoice> {
  const order = await ownOrder(db, shopper, number);
  if (!order) return { kind: "not-found" };
  const pdf = await invoicePdf(db, order.id);
  return pdf ? { kind: "pdf", pdf } : { kind: "not-issued" };
}
