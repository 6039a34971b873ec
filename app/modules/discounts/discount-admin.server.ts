import crypto from "node:crypto";
import { stringify } from "csv-stringify/sync";
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db } from "~/db/types";
import { NotFoundError, RejectedInputError, StaleRecordError } from "~/lib/save-outcome";
import { diff, recordAudit, type AuditActor } from "~/modules/audit/audit.server";
import type { DiscountFormValues } from "./discount-form";
import { csvSafeCell } from "~/lib/csv-safe";
import { unknownDiscountTargets } from "~/modules/catalog/catalog.server";
import { describeValue, type DiscountKind, type DiscountRule, discountStatus, formatIst, KIND_LABELS } from "./discount-rules";
import { discountCodes, discountRedemptions, discounts } from "./schema";

// The back office's discounts: the list with each discount's uses and the revenue of the paid
// orders that used it (and the same as a CSV file), create and edit (version-checked, audited),
// deactivate and reactivate, and bulk codes generated for one discount.

/** A stored code as the rules see it, with what the back office shows beside it. */
export type AdminDiscount = DiscountRule & {
  version: number;
  /** The totals of the paid orders placed with the discount (a cancelled one no longer counts). */
  revenuePaise: number;
  /** How many bulk codes the discount has, and how many of them have had their order. */
  bulkCodes: number;
  bulkCodesUsed: number;
  createdAt: Date;
};

/** Revenue: orders paid (online, or cash collected) whose use was not given back by a cancellation. */
const revenueCounts = and(isNotNull(discountRedemptions.paidAt), isNull(discountRedemptions.releasedAt));

export async function listDiscountsForAdmin(db: Db): Promise<AdminDiscount[]> {
  const rows = await db.select().from(discounts).orderBy(desc(discounts.active), desc(discounts.createdAt));
  return withFigures(db, rows);
}

export async function getDiscountForAdmin(db: Db, id: string): Promise<AdminDiscount | null> {
  const rows = await db.select().from(discounts).where(eq(discounts.id, id));
  return (await withFigures(db, rows))[0] ?? null;
}

/** Each discount with its revenue and its bulk codes' counts: two grouped queries for the whole list. */
async function withFigures(db: Db, rows: (typeof discounts.$inferSelect)[]): Promise<AdminDiscount[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const revenue = await db
    .select({ discountId: discountRedemptions.discountId, n: sql<number>`coalesce(sum(${discountRedemptions.orderTotalPaise}), 0)::bigint` })
    .from(discountRedemptions)
    .where(and(inArray(discountRedemptions.discountId, ids), revenueCounts))
    .groupBy(discountRedemptions.discountId);
  const codes = await db
    .select({ discountId: discountCodes.discountId, n: count(), used: sql<number>`count(*) filter (where ${discountCodes.usedCount} > 0)::int` })
    .from(discountCodes)
    .where(inArray(discountCodes.discountId, ids))
    .groupBy(discountCodes.discountId);
  const rev = new Map(revenue.map((r) => [r.discountId, Number(r.n)]));
  const bulk = new Map(codes.map((c) => [c.discountId, { n: Number(c.n), used: Number(c.used) }]));
  return rows.map((row) => {
    const { updatedAt: _updated, ...rest } = row;
    return { ...rest, kind: row.kind as DiscountKind, revenuePaise: rev.get(row.id) ?? 0, bulkCodes: bulk.get(row.id)?.n ?? 0, bulkCodesUsed: bulk.get(row.id)?.used ?? 0 };
  });
}

function columns(input: DiscountFormValues) {
  return {
    code: input.code,
    kind: input.kind,
    percentBasisPoints: input.percentBasisPoints,
    amountPaise: input.amountPaise,
    minOrderPaise: input.minOrderPaise,
    startsAt: input.startsAt,
    endsAt: input.endsAt,
    usageLimit: input.usageLimit,
    perCustomerLimit: input.perCustomerLimit,
    automatic: input.automatic,
    productIds: input.productIds,
    collectionIds: input.collectionIds,
  };
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === "23505" || e?.cause?.code === "23505";
}

const codeTaken = (code: string) => new RejectedInputError({ code: `The code ${code} already exists: choose another.` });
// The discount to change is not there (deleted meanwhile, or a made-up id): the "gone" refusal.
const gone = () => new NotFoundError("That discount no longer exists.");

/**
 * Creates a code, or updates one still at `expectedVersion`. A refusal is thrown (bad input beside
 * its field, stale, gone) for the route to answer through the one refusal table.
 */
export async function saveDiscount(db: Db, actor: AuditActor, input: DiscountFormValues, target: { id?: undefined } | { id: string; expectedVersion: number }): Promise<{ message: string; version: number; id: string }> {
  try {
    return await db.transaction(async (tx) => {
      const values = columns(input);
      // A product or collection deleted while the editor was open is refused, not stored as a dead id.
      const unknown = await unknownDiscountTargets(tx, input.productIds, input.collectionIds);
      if (unknown.products.length) throw new RejectedInputError({ productIds: "A product you ticked no longer exists: reload the page and choose again." });
      if (unknown.collections.length) throw new RejectedInputError({ collectionIds: "A collection you ticked no longer exists: reload the page and choose again." });
      const [clash] = await tx.select({ id: discounts.id }).from(discounts).where(eq(discounts.code, input.code));
      if (clash && clash.id !== target.id) throw codeTaken(input.code);
      const [bulkClash] = await tx.select({ id: discountCodes.id }).from(discountCodes).where(eq(discountCodes.code, input.code));
      if (bulkClash) throw codeTaken(input.code);
      if (!target.id) {
        const [row] = await tx.insert(discounts).values(values).returning({ id: discounts.id, version: discounts.version });
        await recordAudit(tx, { actor, module: "discounts", action: "create", targetId: row!.id, after: auditable(values) });
        return { message: `Discount ${input.code} created.`, version: row!.version, id: row!.id };
      }
      // Locked: a use counted meanwhile cannot slip under a lowered limit.
      const [before] = await tx.select().from(discounts).where(eq(discounts.id, target.id)).for("update");
      if (!before) throw gone();
      if (before.version !== target.expectedVersion) throw new StaleRecordError("This discount");
      if (input.automatic && !before.automatic) {
        const [bulk] = await tx.select({ n: count() }).from(discountCodes).where(eq(discountCodes.discountId, target.id));
        if ((bulk?.n ?? 0) > 0) throw new RejectedInputError({ automatic: "This discount has bulk codes: it cannot also apply without a code." });
      }
      if (input.usageLimit !== null && input.usageLimit < before.usedCount) {
        throw new RejectedInputError({ usageLimit: `This code has been used ${before.usedCount} times already: the limit cannot be lower.` });
      }
      const [row] = await tx
        .update(discounts)
        .set({ ...values, version: sql`${discounts.version} + 1` })
        .where(and(eq(discounts.id, target.id), eq(discounts.version, target.expectedVersion)))
        .returning({ id: discounts.id, version: discounts.version });
      if (!row) throw new StaleRecordError("This discount");
      await recordAudit(tx, { actor, module: "discounts", action: "edit", targetId: row.id, ...diff(auditable(columns({ ...before, kind: before.kind as DiscountKind })), auditable(values)) });
      return { message: `Discount ${input.code} saved.`, version: row.version, id: row.id };
    });
  } catch (error) {
    // Two staff creating one code at once: the unique index refuses the second.
    if (isUniqueViolation(error)) throw codeTaken(input.code);
    throw error;
  }
}

/** Switches a code off (shoppers are told it is no longer available) or on again. */
export async function setDiscountActive(db: Db, actor: AuditActor, id: string, active: boolean, expectedVersion: number): Promise<{ message: string; version: number }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(discounts)
      .set({ active, version: sql`${discounts.version} + 1` })
      .where(and(eq(discounts.id, id), eq(discounts.version, expectedVersion)))
      .returning({ code: discounts.code, version: discounts.version });
    if (!row) {
      const [exists] = await tx.select({ id: discounts.id }).from(discounts).where(eq(discounts.id, id));
      if (!exists) throw gone();
      throw new StaleRecordError("This discount");
    }
    await recordAudit(tx, { actor, module: "discounts", action: active ? "activate" : "deactivate", targetId: id, before: { active: !active }, after: { active } });
    return { message: `Discount ${row.code} ${active ? "reactivated" : "deactivated"}.`, version: row.version };
  });
}

/**
 * Dates as ISO text, so the audit view shows them as stored; the code under `name`, because the
 * audit log drops any field called "code" (it takes it for a secret such as a sign-in code).
 */
function auditable(values: ReturnType<typeof columns> | (Omit<ReturnType<typeof columns>, "productIds" | "collectionIds"> & { productIds: readonly string[]; collectionIds: readonly string[] })): Record<string, unknown> {
  const { code, ...rest } = values;
  return { name: code, ...rest, startsAt: values.startsAt?.toISOString() ?? null, endsAt: values.endsAt?.toISOString() ?? null };
}

/**
 * Bulk codes: without letters and digits that are read one for another (0 and O, 1, I and L), so a
 * code read aloud or copied from print is typed right. Eight of 31 characters: about 8.5 × 10^11
 * codes per prefix, so a clash with an earlier code is rare, and is simply drawn again.
 */
export const BULK_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
const SUFFIX_LENGTH = 8;

function suffix(): string {
  // Rejection sampling: 248 = 8 × 31, so every character is equally likely.
  let out = "";
  while (out.length < SUFFIX_LENGTH) {
    for (const byte of crypto.randomBytes(SUFFIX_LENGTH * 2)) {
      if (byte < 248 && out.length < SUFFIX_LENGTH) out += BULK_ALPHABET[byte % 31];
    }
  }
  return out;
}

/**
 * Makes `count` new codes `PREFIX-XXXXXXXX` for one discount, in one transaction with its audit
 * row: all of them, or none. They share the discount's rules and its total limit (counted on the
 * discount's row), and each is good for one order. A code drawn twice, or equal to a code that
 * already exists anywhere, is drawn again.
 */
export async function generateBulkCodes(db: Db, actor: AuditActor, discountId: string, input: { count: number; prefix: string }): Promise<{ message: string; codes: string[] }> {
  return db.transaction(async (tx) => {
    const [discount] = await tx.select().from(discounts).where(eq(discounts.id, discountId)).for("update");
    if (!discount) throw gone();
    if (discount.automatic) throw new RejectedInputError({ count: "An automatic discount applies without a code: it has no bulk codes." });
    const wanted = new Set<string>();
    for (let round = 0; wanted.size < input.count && round < 10; round++) {
      const fresh = new Set<string>();
      while (fresh.size < input.count - wanted.size) {
        const code = `${input.prefix}-${suffix()}`;
        if (!wanted.has(code)) fresh.add(code);
      }
      const candidates = [...fresh];
      const taken = new Set([
        ...(await tx.select({ code: discountCodes.code }).from(discountCodes).where(inArray(discountCodes.code, candidates))).map((r) => r.code),
        ...(await tx.select({ code: discounts.code }).from(discounts).where(inArray(discounts.code, candidates))).map((r) => r.code),
      ]);
      for (const c of candidates) if (!taken.has(c)) wanted.add(c);
    }
    const made = [...wanted];
    // The unique index is the last word: a code another transaction made meanwhile fails this one whole, and nothing is half made.
    for (let i = 0; i < made.length; i += 500) {
      await tx.insert(discountCodes).values(made.slice(i, i + 500).map((code) => ({ discountId, code })));
    }
    await recordAudit(tx, { actor, module: "discounts", action: "generate_codes", targetId: discountId, after: { name: discount.code, count: made.length, prefix: input.prefix } });
    return { message: `${made.length} codes made for ${discount.code}.`, codes: made };
  });
}

/** One discount's bulk codes, for the download staff hand out. */
export async function listBulkCodes(db: Db, discountId: string): Promise<{ code: string; used: boolean; createdAt: Date }[]> {
  const rows = await db.select().from(discountCodes).where(eq(discountCodes.discountId, discountId)).orderBy(asc(discountCodes.createdAt), asc(discountCodes.code));
  return rows.map((r) => ({ code: r.code, used: r.usedCount > 0, createdAt: r.createdAt }));
}

const STATUS_WORDS = { active: "Active", scheduled: "Scheduled", expired: "Expired", inactive: "Deactivated" } as const;

export const DISCOUNT_CSV_HEADER = ["code", "automatic", "kind", "value", "applies_to", "min_order_inr", "starts_ist", "ends_ist", "status", "uses", "usage_limit", "per_customer_limit", "bulk_codes", "bulk_codes_used", "revenue_inr"];

function rupees(paise: number): string {
  return `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, "0")}`;
}

/** The list exactly as the screen shows it (same rows, same order), one row per discount; amounts as plain rupees for a spreadsheet. */
export async function discountsCsv(db: Db, now = new Date()): Promise<string> {
  const rows = await listDiscountsForAdmin(db);
  const records = rows.map((d) => [
    csvSafeCell(d.code),
    d.automatic ? "yes" : "no",
    KIND_LABELS[d.kind],
    csvSafeCell(describeValue(d)),
    appliesTo(d),
    rupees(d.minOrderPaise),
    d.startsAt ? formatIst(d.startsAt) : "",
    d.endsAt ? formatIst(d.endsAt) : "",
    STATUS_WORDS[discountStatus(d, now)],
    String(d.usedCount),
    d.usageLimit === null ? "" : String(d.usageLimit),
    d.perCustomerLimit === null ? "" : String(d.perCustomerLimit),
    String(d.bulkCodes),
    String(d.bulkCodesUsed),
    rupees(d.revenuePaise),
  ]);
  return `\uFEFF${stringify([DISCOUNT_CSV_HEADER, ...records], { record_delimiter: "windows" })}`;
}

/** "Whole order", or how many products and collections a targeted discount names. */
export function appliesTo(d: Pick<DiscountRule, "productIds" | "collectionIds">): string {
  if (!d.productIds.length && !d.collectionIds.length) return "Whole order";
  const part = (n: number, one: string) => (n ? `${n} ${one}${n === 1 ? "" : "s"}` : null);
  return [part(d.productIds.length, "product"), part(d.collectionIds.length, "collection")].filter(Boolean).join(", ");
}
