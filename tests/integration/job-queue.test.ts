import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "~/lib/logger.server";
import { JOBS_PER_FETCH, openJobQueue, type JobQueue } from "~/modules/jobs/job-queue.server";
import { DRIVERS, openTestDatabase, type TestDatabase } from "../support/test-database";

// The job queue's worker, on both databases: a backlog drains in fetches of several jobs (pg-boss
// waits its polling interval after every fetch, so one job a fetch drained a queue at one job per
// interval), and a job that throws is retried on its own while the rest of its fetch completes.

const POLLING_SECONDS = 2;
const BACKLOG = 2 * JOBS_PER_FETCH;

describe.each(DRIVERS)("job queue on %s", (kind) => {
  let database: TestDatabase;
  let jobs: JobQueue;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    jobs = await openJobQueue(database, { log: createLogger("silent"), pollingIntervalSeconds: POLLING_SECONDS });
  });
  afterAll(async () => {
    await jobs?.stop();
    await database?.close();
  });

  it("drains a backlog several jobs a fetch, and retries only the job that failed", async () => {
    const queue = "test-backlog";
    await jobs.declare({ name: queue, retryLimit: 2, retryDelaySeconds: 1 });
    for (let n = 0; n < BACKLOG; n++) await jobs.send(queue, { n });
    const runs = new Map<number, number>();
    await jobs.work<{ n: number }>(queue, async ({ n }) => {
      runs.set(n, (runs.get(n) ?? 0) + 1);
      if (n === 3 && runs.get(n) === 1) throw new Error("the first try of job 3 fails");
    });

    // One job a fetch would need BACKLOG fetches, BACKLOG x 2 s; in fetches of JOBS_PER_FETCH the
    // backlog is done after two, and job 3's retry after one or two more.
    await expect.poll(() => runs.size, { timeout: (BACKLOG * POLLING_SECONDS * 1000) / 2 }).toBe(BACKLOG);
    await expect.poll(() => runs.get(3), { timeout: 15_000 }).toBe(2);
    // Every other job ran once: the failure of job 3 did not send its fetch's other jobs round again.
    expect([...runs].filter(([n]) => n !== 3).every(([, times]) => times === 1)).toBe(true);
    await expect
      .poll(async () => {
        const rows = ((await database.db.execute(sql`select state::text as state, count(*)::int as n from pgboss.job where name = ${queue} group by state`)) as unknown as { rows: { state: string; n: number }[] }).rows;
        return Object.fromEntries(rows.map((r) => [r.state, r.n]));
      })
      .toEqual({ completed: BACKLOG });
  });
});
