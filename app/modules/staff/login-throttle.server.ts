import { and, count, eq, gt, lt, max, min, type SQL } from "drizzle-orm";
import type { Db } from "~/db/types";
import { loginAttempts } from "./schema";

// Brute-force limits (issue 4). Only failures count, so a shared office IP never throttles
// successful sign-ins; a success clears the failures of that email.
export const EMAIL_FAILURE_LIMIT = 5;
export const IP_FAILURE_LIMIT = 20;
export const FAILURE_WINDOW_MS = 15 * 60 * 1000;

/**
 * The address the limits count: the socket's (server/app.ts writes it into X-Forwarded-For) or,
 * behind a trusted proxy, the last hop that proxy appended.
 */
export function clientIpOf(headers: Headers): string {
  const hops = (headers.get("x-forwarded-for") ?? "").split(",").map((h) => h.trim()).filter(Boolean);
  return hops.at(-1) ?? "unknown";
}

export type ThrottleVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export async function checkSignInAllowed(db: Db, who: { email: string; ip: string }, now = new Date()): Promise<ThrottleVerdict> {
  const windowStart = new Date(now.getTime() - FAILURE_WINDOW_MS);
  const email = who.email.toLowerCase();
  const [lastSuccess] = await db
    .select({ at: max(loginAttempts.createdAt) })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.email, email), eq(loginAttempts.succeeded, true), gt(loginAttempts.createdAt, windowStart)));
  const emailSince = lastSuccess?.at && lastSuccess.at > windowStart ? lastSuccess.at : windowStart;

  const [emailFailures, ipFailures] = await Promise.all([
    failuresSince(db, eq(loginAttempts.email, email), emailSince),
    failuresSince(db, eq(loginAttempts.ip, who.ip), windowStart),
  ]);
  const blockers: Date[] = [];
  if (emailFailures.n >= EMAIL_FAILURE_LIMIT && emailFailures.oldest) blockers.push(emailFailures.oldest);
  if (ipFailures.n >= IP_FAILURE_LIMIT && ipFailures.oldest) blockers.push(ipFailures.oldest);
  if (blockers.length === 0) return { allowed: true };
  // Locked until the oldest counted failure leaves the window.
  const until = Math.max(...blockers.map((d) => d.getTime() + FAILURE_WINDOW_MS));
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((until - now.getTime()) / 1000)) };
}

async function failuresSince(db: Db, who: SQL, since: Date) {
  const [row] = await db
    .select({ n: count(), oldest: min(loginAttempts.createdAt) })
    .from(loginAttempts)
    .where(and(who, eq(loginAttempts.succeeded, false), gt(loginAttempts.createdAt, since)));
  return { n: row?.n ?? 0, oldest: row?.oldest ?? null };
}

export async function recordSignInAttempt(db: Db, who: { email: string; ip: string }, succeeded: boolean): Promise<void> {
  await db.insert(loginAttempts).values({ email: who.email.toLowerCase(), ip: who.ip, succeeded });
}

/** Records a wrong password and says whether that failure has just locked the email or address. */
export async function recordFailedSignIn(db: Db, who: { email: string; ip: string }): Promise<ThrottleVerdict> {
  await recordSignInAttempt(db, who, false);
  return checkSignInAllowed(db, who);
}

/** Attempts older than a day serve no limit: dropped now and then so the table stays small. */
export async function pruneSignInAttempts(db: Db, now = new Date()): Promise<void> {
  await db.delete(loginAttempts).where(lt(loginAttempts.createdAt, new Date(now.getTime() - 24 * 60 * 60 * 1000)));
}

export function lockoutMessage(retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}
