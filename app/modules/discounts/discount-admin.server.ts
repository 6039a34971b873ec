import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/types";
import { outcomeOf, RejectedInputError, StaleRecordError, type SaveOutcome } from "~/lib/save-outcome";
import { diff, recordAudit, type AuditActor } from "~/modules/audit/audit.server";
import type { DiscountFormValues } from "./discount-form";
import type { DiscountKind, DiscountRule } from "./discount-rules";
import { discountRedemptions, discounts } from "./schema";

// The back office's discounts: the list with each code's uses and the revenue of the orders that
// used it, create and edit (version-checked, audited), deactivate and reactivate.

/** A stored code as the rules see it, with what the back office shows beside it. */
export type AdminDiscount = DiscountRule & {
  version: number;
  /** The totals of the orders placed with the code. */
  revenuePaise: number;
  createdAt: Date;
};

export async function listDiscountsForAdmin(db: Db): Promise<AdminDiscount[]> {
  const revenue = db
    .select({ discountId: discountRedemptions.discountId, revenuePaise: sql<number>`coalesce(sum(${discountRedemptions.orderTotalPaise}), 0)::bigint`.as("revenue_paise") })
    .from(discountRedemptions)
    .groupBy(discountRedemptions.discountId)
    .as("revenue");
  const rows = await db
    .select({ discount: discounts, revenuePaise: revenue.revenuePaise })
    .from(discounts)
    .leftJoin(revenue, eq(revenue.discountId, discounts.id))
    .orderBy(desc(discounts.active), desc(discounts.createdAt));
  return rows.map((r) => toAdmin(r.discount, Number(r.revenuePaise ?? 0)));
}

export async function getDiscountForAdmin(db: Db, id: string): Promise<AdminDiscount | null> {
  const [row] = await db.select().from(discounts).where(eq(discounts.id, id));
  if (!row) return null;
  const [rev] = await db
    .select({ n: sql<number>`coalesce(sum(${discountRedemptions.orderTotalPaise}), 0)::bigint` })
    .from(discountRedemptions)
    .where(eq(discountRedemptions.discountId, id));
  return toAdmin(row, Number(rev?.n ?? 0));
}

function toAdmin(row: typeof discounts.$inferSelect, revenuePaise: number): AdminDiscount {
  const { updatedAt: _updated, ...rest } = row;
  return { ...rest, kind: row.kind as DiscountKind, revenuePaise };
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
  };
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === "23505" || e?.cause?.code === "23505";
}

const codeTaken = (code: string) => new RejectedInputError({ code: `The code ${code} already exists: choose another.` });

/** Creates a code, or updates one still at `expectedVersion`. */
export async function saveDiscount(db: Db, actor: AuditActor, input: DiscountFormValues, target: { id?: undefined } | { id: string; expectedVersion: number }): Promise<SaveOutcome & { id?: string }> {
  let savedId: string | undefined;
  const outcome = await outcomeOf(async () => {
    try {
      return await db.transaction(async (tx) => {
        const values = columns(input);
        const [clash] = await tx.select({ id: discounts.id }).from(discounts).where(eq(discounts.code, input.code));
        if (clash && clash.id !== target.id) throw codeTaken(input.code);
        if (!target.id) {
          const [row] = await tx.insert(discounts).values(values).returning({ id: discounts.id, version: discounts.version });
          await recordAudit(tx, { actor, module: "discounts", action: "create", targetId: row!.id, after: auditable(values) });
          savedId = row!.id;
          return { message: `Discount ${input.code} created.`, version: row!.version };
        }
        // Locked: a use counted meanwhile cannot slip under a lowered limit.
        const [before] = await tx.select().from(discounts).where(eq(discounts.id, target.id)).for("update");
        if (!before) throw new RejectedInputError({ _form: "That discount no longer exists." });
        if (before.version !== target.expectedVersion) throw new StaleRecordError("This discount");
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
        savedId = row.id;
        return { message: `Discount ${input.code} saved.`, version: row.version };
      });
    } catch (error) {
      // Two staff creating one code at once: the unique index refuses the second.
      if (isUniqueViolation(error)) throw codeTaken(input.code);
      throw error;
    }
  });
  return { ...outcome, id: savedId };
}

/** Switches a code off (shoppers are told it is no longer available) or on again. */
export async function setDiscountActive(db: Db, actor: AuditActor, id: string, active: boolean, expectedVersion: number): Promise<SaveOutcome> {
  return outcomeOf(async () =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .update(discounts)
        .set({ active, version: sql`${discounts.version} + 1` })
        .where(and(eq(discounts.id, id), eq(discounts.version, expectedVersion)))
        .returning({ code: discounts.code, version: discounts.version });
      if (!row) {
        const [exists] = await tx.select({ id: discounts.id }).from(discounts).where(eq(discounts.id, id));
        if (!exists) throw new RejectedInputError({ _form: "That discount no longer exists." });
        throw new StaleRecordError("This discount");
      }
      await recordAudit(tx, { actor, module: "discounts", action: active ? "activate" : "deactivate", targetId: id, before: { active: !active }, after: { active } });
      return { message: `Discount ${row.code} ${active ? "reactivated" : "deactivated"}.`, version: row.version };
    }),
  );
}

/**
 * Dates as ISO text, so the audit view shows them as stored; the code under `name`, because the
 * audit log drops any field called "code" (it takes it for a secret such as a sign-in code).
 */
function auditable(values: ReturnType<typeof columns>): Record<string, unknown> {
  const { code, ...rest } = values;
  return { name: code, ...rest, startsAt: values.startsAt?.toISOString() ?? null, endsAt: values.endsAt?.toISOString() ?? null };
}
