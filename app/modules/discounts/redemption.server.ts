import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "~/db/types";
import { normaliseCode, type DiscountKind, type DiscountRule } from "./discount-rules";
import { discountRedemptions, discounts } from "./schema";

// Using a code on an order: read it (locked, when the order is being placed), count the shopper's
// earlier uses, and count this use in the transaction that places the order.

function ruleOf(row: typeof discounts.$inferSelect): DiscountRule {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind as DiscountKind,
    percentBasisPoints: row.percentBasisPoints,
    amountPaise: row.amountPaise,
    minOrderPaise: row.minOrderPaise,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    usageLimit: row.usageLimit,
    perCustomerLimit: row.perCustomerLimit,
    usedCount: row.usedCount,
    active: row.active,
  };
}

export type CodeLookup = { rule: DiscountRule | null; customerUses: number };

/**
 * The code as stored now and how often `email` has used it. With `lock` (inside the order's
 * transaction) the code's row is locked until that transaction ends: orders using one code then
 * take their turn, so the use count and the shopper's count read here stay true until this order
 * has counted its own use.
 */
export async function lookUpCode(db: DbOrTx, code: string, email: string | null, opts: { lock?: boolean } = {}): Promise<CodeLookup> {
  const normal = normaliseCode(code);
  if (!normal || normal.length > 64) return { rule: null, customerUses: 0 };
  const query = db.select().from(discounts).where(eq(discounts.code, normal));
  const [row] = opts.lock ? await query.for("update") : await query;
  if (!row) return { rule: null, customerUses: 0 };
  const customerUses = email ? await usesBy(db, row.id, email) : 0;
  return { rule: ruleOf(row), customerUses };
}

async function usesBy(db: DbOrTx, discountId: string, email: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(discountRedemptions)
    .where(and(eq(discountRedemptions.discountId, discountId), eq(discountRedemptions.email, email.trim().toLowerCase())));
  return Number(row?.n ?? 0);
}

export class DiscountUsedUp extends Error {
  constructor() {
    super("This code has reached its usage limit.");
  }
}

/**
 * Counts one use of the code by an order, in the order's transaction. The increment is
 * conditional (only while under the limit), so even without the row lock a code limited to 10
 * uses can never be counted an 11th time: the order's transaction is then rolled back.
 */
export async function recordRedemption(tx: Tx, use: { discountId: string; orderId: string; email: string; discountPaise: number; orderTotalPaise: number }): Promise<void> {
  const counted = await tx
    .update(discounts)
    .set({ usedCount: sql`${discounts.usedCount} + 1` })
    .where(and(eq(discounts.id, use.discountId), or(isNull(discounts.usageLimit), lt(discounts.usedCount, discounts.usageLimit))))
    .returning({ id: discounts.id });
  if (counted.length === 0) throw new DiscountUsedUp();
  await tx.insert(discountRedemptions).values({ ...use, email: use.email.trim().toLowerCase() });
}
