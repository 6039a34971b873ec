import { and, between, eq, inArray, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/types";
import { salesByDayAndProduct, salesByPeriod, salesDaysChangedSince, type SalesTotals } from "~/modules/orders/orders.server";
import { addDays, type DayRange, windowOf } from "./ranges";
import { reportDailyProducts, reportDailySales, reportRollupState } from "./schema";

// The daily roll-up behind the dashboard, refreshed incrementally before it is read: the days of
// the orders changed since the last refresh (placed, moved, refunded: each bumps the order's
// updated_at) are summed again from the orders and replace their rows. The refresh reads a few
// minutes back past its mark, so a transaction that committed late with an earlier time is not
// missed; summing a day again is harmless. Refreshers take an advisory lock while writing.

const OVERLAP_MS = 5 * 60_000;
const LOCK_KEY = 7_180_014;
const CHUNK = 1_000;

/** Consecutive days as ranges: 1, 2, 3, 7 -> 1..3, 7..7. */
function runsOf(days: string[]): { fromDay: string; toDay: string }[] {
  const runs: { fromDay: string; toDay: string }[] = [];
  for (const day of days) {
    const last = runs.at(-1);
    if (last && addDays(last.toDay, 1) === day) last.toDay = day;
    else runs.push({ fromDay: day, toDay: day });
  }
  return runs;
}

/** Brings the roll-up up to date; returns how many days were summed again. */
export async function refreshSalesRollup(db: Db): Promise<number> {
  const [state] = await db.select().from(reportRollupState).where(eq(reportRollupState.id, 1));
  const since = new Date((state?.refreshedThrough ?? new Date(0)).getTime() - OVERLAP_MS);
  const { days, latest } = await salesDaysChangedSince(db, since);
  if (days.length === 0 || !latest) return 0;
  const totals: (SalesTotals & { period: string })[] = [];
  const products: Awaited<ReturnType<typeof salesByDayAndProduct>> = [];
  for (const run of runsOf(days)) {
    const w = windowOf(run);
    totals.push(...(await salesByPeriod(db, w, "day")));
    products.push(...(await salesByDayAndProduct(db, w)));
  }
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_KEY})`);
    await tx.delete(reportDailySales).where(inArray(reportDailySales.day, days));
    await tx.delete(reportDailyProducts).where(inArray(reportDailyProducts.day, days));
    for (let i = 0; i < totals.length; i += CHUNK) {
      await tx.insert(reportDailySales).values(
        totals.slice(i, i + CHUNK).map((t) => ({ day: t.period, orders: t.orders, grossPaise: t.grossPaise, discountPaise: t.discountPaise, refundedPaise: t.refundedPaise, totalPaise: t.totalPaise })),
      );
    }
    for (let i = 0; i < products.length; i += CHUNK) {
      await tx.insert(reportDailyProducts).values(
        products.slice(i, i + CHUNK).map((p) => ({ day: p.day, productKey: p.productId ?? "", productId: p.productId, title: p.title, quantity: p.quantity, grossPaise: p.grossPaise, discountPaise: p.discountPaise })),
      );
    }
    await tx
      .insert(reportRollupState)
      .values({ id: 1, refreshedThrough: latest })
      .onConflictDoUpdate({ target: reportRollupState.id, set: { refreshedThrough: sql`greatest(${reportRollupState.refreshedThrough}, excluded.refreshed_through)` } });
  });
  return days.length;
}

const num = (col: unknown) => sql<number>`coalesce(sum(${col}), 0)`.mapWith(Number);
const inRange = (range: Pick<DayRange, "fromDay" | "toDay">) => between(reportDailySales.day, range.fromDay, range.toDay);

/** The range's sales totals from the roll-up. */
export async function rolledTotals(db: DbOrTx, range: Pick<DayRange, "fromDay" | "toDay">): Promise<SalesTotals> {
  const [r] = await db
    .select({ orders: num(reportDailySales.orders), grossPaise: num(reportDailySales.grossPaise), discountPaise: num(reportDailySales.discountPaise), refundedPaise: num(reportDailySales.refundedPaise), totalPaise: num(reportDailySales.totalPaise) })
    .from(reportDailySales)
    .where(inRange(range));
  return { ...r!, netPaise: r!.grossPaise - r!.discountPaise - r!.refundedPaise };
}

/** The range's days that had sales, from the roll-up. */
export async function rolledDays(db: DbOrTx, range: Pick<DayRange, "fromDay" | "toDay">) {
  return db.select().from(reportDailySales).where(inRange(range)).orderBy(reportDailySales.day);
}

/** The best-selling products of the range (after discounts), from the roll-up. */
export async function rolledTopProducts(db: DbOrTx, range: Pick<DayRange, "fromDay" | "toDay">, limit: number) {
  const net = sql<number>`sum(${reportDailyProducts.grossPaise} - ${reportDailyProducts.discountPaise})`.mapWith(Number);
  return db
    .select({
      productId: sql<string | null>`max(${reportDailyProducts.productId}::text)`,
      title: sql<string>`(array_agg(${reportDailyProducts.title} order by ${reportDailyProducts.day} desc))[1]`,
      quantity: num(reportDailyProducts.quantity),
      netPaise: net,
    })
    .from(reportDailyProducts)
    .where(and(between(reportDailyProducts.day, range.fromDay, range.toDay)))
    .groupBy(reportDailyProducts.productKey)
    .orderBy(sql`4 desc`, sql`2`)
    .limit(limit);
}
