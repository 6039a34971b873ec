import { sql, type SQL } from "drizzle-orm";
import PgBoss from "pg-boss";
import type { Database } from "~/db/database.server";
import type { Tx } from "~/db/types";
import type { Logger } from "~/lib/logger.server";

// Durable background jobs: pg-boss 10 on the shop's own database, PGlite or PostgreSQL alike
// (docs/decisions/0008-durable-jobs-pg-boss.md). pg-boss does not open connections of its own:
// its custom `db` adapter runs every statement on our connection (PGlite's single one, or the pg
// pool), and a job sent with a transaction is written by that transaction, so it exists exactly
// when the change that needs it commits.

export type JobOptions = {
  /** Not before this moment. */
  startAfter?: Date;
  /** Written by this transaction: the job exists only if it commits. */
  tx?: Tx;
};

export type JobHandler<T> = (data: T, job: { id: string; retryCount: number }) => Promise<void>;

export type QueueSpec = {
  name: string;
  /** Tries after the first failure, with exponential back-off from `retryDelaySeconds`. */
  retryLimit?: number;
  retryDelaySeconds?: number;
};

export type JobQueue = {
  /** Declares a queue (idempotent); a queue must exist before anything is sent to it. */
  declare(spec: QueueSpec): Promise<void>;
  send<T extends object>(name: string, data: T, opts?: JobOptions): Promise<string | null>;
  /** Runs `handler` for this queue's jobs in this process; a throw retries the job later. */
  work<T extends object>(name: string, handler: JobHandler<T>): Promise<void>;
  /** Runs `name` on a cron schedule (UTC), from whichever process's clock monitor fires first. */
  schedule(name: string, cron: string): Promise<void>;
  stop(): Promise<void>;
};

type Executor = { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };

/** pg-boss's statements on our connection: PGlite runs parameterless scripts (its migrations) with exec. */
function connectionExecutor(database: Database): Executor {
  if (database.pglite) {
    const client = database.pglite;
    return {
      async executeSql(text, values) {
        if (!values || values.length === 0) {
          const results = await client.exec(text);
          return { rows: results.at(-1)?.rows ?? [] };
        }
        return client.query(text, values);
      },
    };
  }
  const pool = database.pool!;
  return { executeSql: (text, values) => pool.query(text, values as unknown[]) };
}

/**
 * A pg-boss statement ($1, $2, ...) as a Drizzle query with the same values, so it runs inside the
 * caller's transaction through Drizzle's public API on either driver.
 */
export function toDrizzleSql(text: string, values: readonly unknown[] = []): SQL {
  const chunks: SQL[] = [];
  let last = 0;
  for (const match of text.matchAll(/\$(\d+)/g)) {
    chunks.push(sql.raw(text.slice(last, match.index)));
    const index = Number(match[1]) - 1;
    if (index < 0 || index >= values.length) throw new Error(`job statement refers to $${match[1]}, but only ${values.length} values were given`);
    chunks.push(sql`${sql.param(values[index])}`);
    last = match.index + match[0].length;
  }
  chunks.push(sql.raw(text.slice(last)));
  return sql.join(chunks);
}

function transactionExecutor(tx: Tx): Executor {
  return {
    async executeSql(text, values) {
      const result = (await tx.execute(toDrizzleSql(text, values))) as unknown as { rows: unknown[] };
      return { rows: result.rows };
    },
  };
}

/** Jobs a worker takes per fetch: run one after another in this process. */
export const JOBS_PER_FETCH = 10;

export type OpenJobQueueOptions = {
  log: Logger;
  /** How often an idle worker asks for work (pg-boss's minimum is 0.5 s). */
  pollingIntervalSeconds?: number;
};

/** Starts pg-boss on this database (creating or migrating its `pgboss` schema first). */
export async function openJobQueue(database: Database, opts: OpenJobQueueOptions): Promise<JobQueue> {
  const boss = new PgBoss({
    db: connectionExecutor(database) as PgBoss.Db,
    schema: "pgboss",
    // Finished jobs are kept a week for the record, then archived and purged by pg-boss itself.
    archiveCompletedAfterSeconds: 7 * 24 * 3600,
  });
  boss.on("error", (error) => opts.log.error({ err: error }, "job queue error"));
  await boss.start();
  const polling = opts.pollingIntervalSeconds ?? 2;
  const declared = new Set<string>();
  let stopped = false;
  return {
    async declare(spec) {
      if (declared.has(spec.name)) return;
      // createQueue ignores a queue that exists, so every process may declare at start.
      await boss.createQueue(spec.name, {
        name: spec.name,
        retryLimit: spec.retryLimit ?? 5,
        retryDelay: spec.retryDelaySeconds ?? 30,
        retryBackoff: true,
      });
      declared.add(spec.name);
    },
    send(name, data, options = {}) {
      return boss.send(name, data, {
        startAfter: options.startAfter,
        db: options.tx ? (transactionExecutor(options.tx) as PgBoss.Db) : undefined,
      });
    },
    async work(name, handler) {
      // pg-boss waits the polling interval after every fetch, even one that found work: one job a
      // fetch drained a queue at one job per interval (30 mails a minute after a sale). A fetch
      // takes up to JOBS_PER_FETCH; each is run and settled on its own, so one that throws is
      // retried alone and the others complete (pg-boss completes only jobs still active).
      await boss.work<object>(name, { pollingIntervalSeconds: polling, batchSize: JOBS_PER_FETCH, includeMetadata: true }, async (jobs) => {
        for (const job of jobs) {
          try {
            await handler(job.data as never, { id: job.id, retryCount: job.retryCount });
          } catch (error) {
            opts.log.warn({ err: error, queue: name, jobId: job.id }, "job failed; pg-boss will retry it");
            await boss.fail(name, job.id, { message: error instanceof Error ? error.message : String(error) });
          }
        }
      });
    },
    async schedule(name, cron) {
      await boss.schedule(name, cron, {}, { tz: "UTC" });
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      // Work under way finishes (or, past the timeout, is failed and retried by another process).
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
