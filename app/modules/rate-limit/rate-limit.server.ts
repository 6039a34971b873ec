import crypto from "node:crypto";
import { and, count, eq, gt, lt, min, sql } from "drizzle-orm";
import type { Db } from "~/db/types";
import { rateLimitHits } from "./schema";

// A sliding-window limiter over the database: "at most `limit` in `windowMs` for this key".
// Every limit of the shop that is not about sign-in passwords goes through it.

export type Limit = { bucket: string; key: string; limit: number; windowMs: number };
export type LimitVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

const hashKey = (key: string) => crypto.createHash("sha256").update(key).digest("base64url");

/** The verdict for one more attempt now, without counting it. */
export async function checkLimit(db: Db, spec: Limit, now = new Date()): Promise<LimitVerdict> {
  const since = new Date(now.getTime() - spec.windowMs);
  const [row] = await db
    .select({ n: count(), oldest: min(rateLimitHits.createdAt) })
    .from(rateLimitHits)
    .where(and(eq(rateLimitHits.bucket, spec.bucket), eq(rateLimitHits.keyHash, hashKey(spec.key)), gt(rateLimitHits.createdAt, since)));
  if ((row?.n ?? 0) < spec.limit || !row?.oldest) return { allowed: true };
  const until = new Date(row.oldest).getTime() + spec.windowMs;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((until - now.getTime()) / 1000)) };
}

/** Counts one attempt (for limits that count only failures: call after the failure). */
export async function recordHit(db: Db, spec: Pick<Limit, "bucket" | "key">): Promise<void> {
  await db.insert(rateLimitHits).values({ bucket: spec.bucket, keyHash: hashKey(spec.key) });
  if (Math.random() < 0.01) await pruneHits(db);
}

/**
 * Checks and counts in one step, under a lock on the key, so that concurrent attempts cannot all
 * pass a limit they together exceed. A refused attempt is not counted.
 */
export async function hitLimit(db: Db, spec: Limit, now = new Date()): Promise<LimitVerdict> {
  const verdict = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`rate:${spec.bucket}:${hashKey(spec.key)}`}))`);
    const current = await checkLimit(tx as unknown as Db, spec, now);
    if (current.allowed) await tx.insert(rateLimitHits).values({ bucket: spec.bucket, keyHash: hashKey(spec.key), createdAt: now });
    return current;
  });
  if (Math.random() < 0.01) await pruneHits(db);
  return verdict;
}

/** Hits older than a day serve no limit of the shop. */
export async function pruneHits(db: Db, now = new Date()): Promise<void> {
  await db.delete(rateLimitHits).where(lt(rateLimitHits.createdAt, new Date(now.getTime() - 24 * 60 * 60 * 1000)));
}
