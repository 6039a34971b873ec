import { and, desc, eq, lt, or, type SQL } from "drizzle-orm";
import type { DbOrTx } from "~/db/types";
import { auditLog, type AuditChanges } from "./schema";

/**
 * Who made a change. `id` is the staff user; null when no staff user did (the demo store seeded at
 * first start, test data): `email` then names what did, and the audit row says so.
 */
export type AuditActor = { id: string | null; email: string };

export type AuditEntryInput = {
  actor: AuditActor;
  /** A permission module (catalog, sales, user_management, ...) or "account". */
  module: string;
  /** A short verb: create, edit, delete, invite, deactivate, sign_in, ... */
  action: string;
  targetId?: string | null;
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
};

// Secrets never reach the log, whatever a caller passes in before/after.
const SECRET_KEY = /pass(word)?|token|secret|otp|code|hash|backup/i;

function scrub(values: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!values) return undefined;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (SECRET_KEY.test(key)) continue;
    out[key] = value instanceof Date ? value.toISOString() : value;
  }
  return out;
}

/** Only the fields that differ: the compact before/after the audit view shows. */
export function diff(before: Record<string, unknown>, after: Record<string, unknown>): AuditChanges {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      b[key] = before[key];
      a[key] = after[key];
    }
  }
  return { before: b, after: a };
}

/**
 * Writes one audit row. Call it with the transaction that makes the change, so the record and the
 * change commit together (every staff mutation in every module goes through here).
 */
export async function recordAudit(db: DbOrTx, entry: AuditEntryInput): Promise<void> {
  const changes: AuditChanges = {};
  const before = scrub(entry.before);
  const after = scrub(entry.after);
  if (before && Object.keys(before).length) changes.before = before;
  if (after && Object.keys(after).length) changes.after = after;
  await db.insert(auditLog).values({
    actorId: entry.actor.id,
    actorEmail: entry.actor.email,
    module: entry.module,
    action: entry.action,
    targetId: entry.targetId ?? null,
    changes,
  });
}

export type AuditEntry = {
  id: string;
  actorId: string | null;
  actorEmail: string;
  module: string;
  action: string;
  targetId: string | null;
  changes: AuditChanges;
  createdAt: Date;
};

export async function listAudit(
  db: DbOrTx,
  filter: { actorId?: string; module?: string; before?: { createdAt: Date; id: string }; limit?: number } = {},
): Promise<AuditEntry[]> {
  const where: SQL[] = [];
  if (filter.actorId) where.push(eq(auditLog.actorId, filter.actorId));
  if (filter.module) where.push(eq(auditLog.module, filter.module));
  if (filter.before) {
    where.push(or(lt(auditLog.createdAt, filter.before.createdAt), and(eq(auditLog.createdAt, filter.before.createdAt), lt(auditLog.id, filter.before.id)))!);
  }
  return db
    .select()
    .from(auditLog)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(filter.limit ?? 100);
}
