import { and, asc, eq, gt, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "~/db/types";
import { normaliseCode, type DiscountKind, type DiscountRule } from "./discount-rules";
import { discountCodes, discountRedemptions, discounts } from "./schema";

// Using a discount on an order: read it (locked, when the order is being placed), count the
// shopper's earlier uses, count this use in the transaction that places the order, and give the
// use back, once, when that order is cancelled.

export function ruleOf(row: typeof discounts.$inferSelect): DiscountRule {
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
    automatic: row.automatic,
    productIds: row.productIds,
    collectionIds: row.collectionIds,
  };
}

export type CodeLookup = {
  rule: DiscountRule | null;
  customerUses: number;
  /** The code as typed matched one of the discount's bulk codes: which, and whether it has had its one order. */
  bulkCode?: { code: string; spent: boolean } | null;
};

/**
 * The code as stored now and how often `email` has used its discount. A code is either a
 * discount's own code or one of its bulk codes; an automatic discount's name is not a code. With
 * `lock` (inside the order's transaction) the discount's row is locked until that transaction
 * ends: orders using one discount (through any of its codes) then take their turn, so the use
 * counts read here stay true until this order has counted its own use.
 */
export async function lookUpCode(db: DbOrTx, code: string, email: string | null, opts: { lock?: boolean } = {}): Promise<CodeLookup> {
  const normal = normaliseCode(code);
  if (!normal || normal.length > 64) return { rule: null, customerUses: 0 };
  let bulkCode: CodeLookup["bulkCode"] = null;
  let where = and(eq(discounts.code, normal), eq(discounts.automatic, false));
  const [own] = await db.select({ id: discounts.id }).from(discounts).where(where);
  if (!own) {
    const [bulk] = await db.select().from(discountCodes).where(eq(discountCodes.code, normal));
    if (!bulk) return { rule: null, customerUses: 0 };
    where = and(eq(discounts.id, bulk.discountId), eq(discounts.automatic, false));
    bulkCode = { code: bulk.code, spent: bulk.usedCount > 0 };
  }
  const query = db.select().from(discounts).where(where);
  const [row] = opts.lock ? await query.for("update") : await query;
  if (!row) return { rule: null, customerUses: 0 };
  if (bulkCode && opts.lock) {
    // Read again under the discount's lock: the one order it is good for may have just committed.
    const [again] = await db.select({ usedCount: discountCodes.usedCount }).from(discountCodes).where(eq(discountCodes.code, bulkCode.code));
    bulkCode = { code: bulkCode.code, spent: (again?.usedCount ?? 1) > 0 };
  }
  const customerUses = email ? await usesBy(db, row.id, email) : 0;
  return { rule: ruleOf(row), customerUses, bulkCode };
}

/** The automatic discounts live at `now`, oldest first (the tie-break of the priority rule), each with `email`'s uses. */
export async function automaticDiscounts(db: DbOrTx, email: string | null, now: Date): Promise<CodeLookup[]> {
  const rows = await db
    .select()
    .from(discounts)
    .where(and(eq(discounts.automatic, true), eq(discounts.active, true), or(isNull(discounts.endsAt), gt(discounts.endsAt, now))))
    .orderBy(asc(discounts.createdAt), asc(discounts.id));
  const out: CodeLookup[] = [];
  for (const row of rows) out.push({ rule: ruleOf(row), customerUses: email ? await usesBy(db, row.id, email) : 0 });
  return out;
}

/** One automatic discount read again with its row locked, inside the order's transaction. */
export async function lockAutomaticDiscount(tx: Tx, id: string, email: string | null): Promise<CodeLookup> {
  const [row] = await tx.select().from(discounts).where(and(eq(discounts.id, id), eq(discounts.automatic, true))).for("update");
  if (!row) return { rule: null, customerUses: 0 };
  return { rule: ruleOf(row), customerUses: email ? await usesBy(tx, row.id, email) : 0 };
}

/** Uses given back (the order was cancelled) no longer count against the shopper. */
async function usesBy(db: DbOrTx, discountId: string, email: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(discountRedemptions)
    .where(and(eq(discountRedemptions.discountId, discountId), eq(discountRedemptions.email, email.trim().toLowerCase()), isNull(discountRedemptions.releasedAt)));
  return Number(row?.n ?? 0);
}

export class DiscountUsedUp extends Error {
  constructor(message = "This code has reached its usage limit.") {
    super(message);
  }
}

/**
 * Counts one use of the discount by an order, in the order's transaction. The increments are
 * conditional (the discount only while under its limit, a bulk code only while unused), so even
 * without the row lock a discount limited to 10 uses can never be counted an 11th time, nor a bulk
 * code twice: the order's transaction is then rolled back.
 */
export async function recordRedemption(
  tx: Tx,
  use: { discountId: string; orderId: string; email: string; discountPaise: number; orderTotalPaise: number; code: string; bulkCode?: string | null },
): Promise<void> {
  const counted = await tx
    .update(discounts)
    .set({ usedCount: sql`${discounts.usedCount} + 1` })
    .where(and(eq(discounts.id, use.discountId), or(isNull(discounts.usageLimit), lt(discounts.usedCount, discounts.usageLimit))))
    .returning({ id: discounts.id });
  if (counted.length === 0) throw new DiscountUsedUp();
  if (use.bulkCode) {
    const spent = await tx
      .update(discountCodes)
      .set({ usedCount: 1 })
      .where(and(eq(discountCodes.code, use.bulkCode), eq(discountCodes.discountId, use.discountId), eq(discountCodes.usedCount, 0)))
      .returning({ id: discountCodes.id });
    if (spent.length === 0) throw new DiscountUsedUp("This code has already been used.");
  }
  const { bulkCode: _bulk, ...row } = use;
  await tx.insert(discountRedemptions).values({ ...row, code: use.bulkCode ?? use.code, email: use.email.trim().toLowerCase() });
}

/**
 * The order that used a discount has been cancelled (by staff, or its payment hold ran out): the
 * use is given back to the discount, its bulk code and the shopper. Exactly once: the mark on the
 * redemption is set by a conditional update, so a second call (a repeated job, a retried request)
 * finds nothing to give back. Runs in the transaction that cancels the order.
 */
export async function releaseRedemption(tx: Tx, orderId: string): Promise<boolean> {
  const [released] = await tx
    .update(discountRedemptions)
    .set({ releasedAt: new Date() })
    .where(and(eq(discountRedemptions.orderId, orderId), isNull(discountRedemptions.releasedAt)))
    .returning({ discountId: discountRedemptions.discountId, code: discountRedemptions.code });
  if (!released) return false;
  await tx.update(discounts).set({ usedCount: sql`greatest(${discounts.usedCount} - 1, 0)` }).where(eq(discounts.id, released.discountId));
  if (released.code) {
    await tx.update(discountCodes).set({ usedCount: 0 }).where(and(eq(discountCodes.code, released.code), eq(discountCodes.discountId, released.discountId)));
  }
  return true;
}

/** The order that used a discount has been paid (online, or cash collected): from now its total counts as the discount's revenue. */
export async function markRedemptionPaid(tx: Tx, orderId: string): Promise<void> {
  await tx.update(discountRedemptions).set({ paidAt: new Date() }).where(and(eq(discountRedemptions.orderId, orderId), isNull(discountRedemptions.paidAt)));
}

/**
 * Erasure (the customers module): this person's redemptions keep their figures (the code's use
 * count, revenue, the order it discounted) but take the pseudonym in place of the checkout email,
 * inside the caller's transaction. Returns how many.
 */
export async function forgetRedeemer(tx: DbOrTx, emails: readonly string[], pseudonymEmail: string): Promise<number> {
  if (emails.length === 0) return 0;
  const lowered = [...new Set(emails.map((e) => e.toLowerCase()))];
  const rows = await tx
    .update(discountRedemptions)
    .set({ email: pseudonymEmail.toLowerCase() })
    .where(inArray(sql`lower(${discountRedemptions.email})`, lowered))
    .returning({ id: discountRedemptions.id });
  return rows.length;
}
