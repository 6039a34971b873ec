import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/types";
import { orderLines, orders } from "./schema";
import { shopperFiguresOf, type ShopperOrderFigures } from "./shopper-figures";

// One order as its shopper sees it, behind the secret of the thank-you link, and the mail that
// carries that link.

export function sha256(text: string): string {
  return crypto.createHash("sha256").update(text).digest("hex");
}

/** The thank-you link's secret: derived from the checkout key, which only the shopper's page holds, so a repeated request gets the same link. */
export function accessTokenFor(idempotencyKey: string, orderId: string): string {
  return crypto.createHash("sha256").update(`order-access:${idempotencyKey}:${orderId}`).digest("base64url").slice(0, 32);
}

export type ShopperOrderView = ShopperOrderFigures & {
  id: string;
  number: string;
  placedAt: Date;
  status: string;
  paymentMethod: string;
  paymentStatus: string;
  email: string;
  phone: string;
  shippingAddress: typeof orders.$inferSelect.shippingAddress;
  /** Online payment not yet received: the stock stays held until then. */
  holdExpiresAt: Date | null;
  refundedPaise: number;
};

type OrderRow = typeof orders.$inferSelect;

/** The order behind a thank-you link (its row), only with its secret, compared in constant time. */
export async function orderRowByLink(db: DbOrTx, number: string, accessToken: string): Promise<OrderRow | null> {
  if (!/^GL-\d{6,}$/.test(number) || !accessToken || accessToken.length > 64) return null;
  const [order] = await db.select().from(orders).where(eq(orders.number, number));
  if (!order) return null;
  const expected = Buffer.from(order.accessTokenHash);
  const given = Buffer.from(sha256(accessToken));
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null;
  return order;
}

export async function viewOf(db: DbOrTx, order: OrderRow): Promise<ShopperOrderView> {
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(orderLines.position);
  return {
    id: order.id,
    number: order.number,
    placedAt: order.createdAt,
    status: order.status,
    paymentMethod: order.paymentMethod,
    paymentStatus: order.paymentStatus,
    email: order.email,
    phone: order.phone,
    shippingAddress: order.shippingAddress,
    ...shopperFiguresOf(order, lines),
    holdExpiresAt: order.status === "pending_payment" ? order.holdExpiresAt : null,
    refundedPaise: order.refundedPaise,
  };
}

/** The order behind a thank-you link: only with its secret, compared in constant time. */
export async function orderForShopper(db: Db, number: string, accessToken: string): Promise<ShopperOrderView | null> {
  const order = await orderRowByLink(db, number, accessToken);
  return order ? viewOf(db, order) : null;
}
