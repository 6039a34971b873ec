import { and, eq, lte } from "drizzle-orm";
import type { JobQueue } from "~/modules/jobs/jobs.server";
import { sendCartReminder } from "./cart-reminders.server";
import { holdExpiryOf, releaseHold, sweepExpiredHolds } from "./holds.server";
import { ORDER_JOBS, type OrderDeps } from "./order-deps.server";
import { submitRefund } from "./refunds.server";
import { orderRefunds } from "./schema";

// The orders module's background work on the job queue: hold releases, automatic refunds, and a
// sweep every five minutes for anything whose job went missing.

/** Creates the queues (every process may; pg-boss ignores a queue that exists). Needed before anything is sent. */
export async function declareOrderQueues(jobs: JobQueue): Promise<void> {
  await jobs.declare({ name: ORDER_JOBS.releaseHold, retryLimit: 10, retryDelaySeconds: 30 });
  await jobs.declare({ name: ORDER_JOBS.refund, retryLimit: 10, retryDelaySeconds: 60 });
  await jobs.declare({ name: ORDER_JOBS.sweepHolds, retryLimit: 0 });
  await jobs.declare({ name: ORDER_JOBS.cartReminder, retryLimit: 5, retryDelaySeconds: 60 });
}

/** Automatic refunds left waiting (their job failed for good, or Razorpay was down): sent again. */
export async function sweepPendingRefunds(deps: OrderDeps, now = new Date(), graceMs = 10 * 60_000): Promise<number> {
  const waiting = await deps.db
    .select({ id: orderRefunds.id })
    .from(orderRefunds)
    .where(and(eq(orderRefunds.status, "pending"), eq(orderRefunds.method, "razorpay"), lte(orderRefunds.updatedAt, new Date(now.getTime() - graceMs))))
    .limit(100);
  let sent = 0;
  for (const { id } of waiting) if ((await submitRefund(deps, id)).state !== "retry") sent++;
  return sent;
}

/** Runs this process's share of the work (any number of processes may: each job is taken by one). */
export async function startOrderWorkers(deps: OrderDeps & { jobs: JobQueue }): Promise<void> {
  const { jobs } = deps;
  await jobs.work<{ orderId: string; attempt?: number }>(ORDER_JOBS.releaseHold, async (data) => {
    const outcome = await releaseHold(deps, data.orderId, { attempt: data.attempt });
    if (outcome !== "not-due" && outcome !== "postponed") return;
    // Not yet: come back when the (possibly extended) hold runs out.
    const expiry = await holdExpiryOf(deps, data.orderId);
    if (expiry) await jobs.send(ORDER_JOBS.releaseHold, { orderId: data.orderId, attempt: (data.attempt ?? 0) + (outcome === "postponed" ? 1 : 0) }, { startAfter: expiry });
  });
  await jobs.work<{ refundId: string }>(ORDER_JOBS.refund, async (data) => {
    const outcome = await submitRefund(deps, data.refundId);
    // Razorpay unreachable: failing the job makes pg-boss try again later, with back-off.
    if (outcome.state === "retry") throw new Error(outcome.message);
  });
  // A reminder whose email was given again later is "not-due" here: the later job sends it.
  await jobs.work<{ key: string }>(ORDER_JOBS.cartReminder, async (data) => void (await sendCartReminder(deps, data.key)));
  await jobs.work(ORDER_JOBS.sweepHolds, async () => {
    await sweepExpiredHolds(deps);
    await sweepPendingRefunds(deps);
  });
  await jobs.schedule(ORDER_JOBS.sweepHolds, "*/5 * * * *");
}
