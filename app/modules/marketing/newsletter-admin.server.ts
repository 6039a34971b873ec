import { stringify } from "csv-stringify/sync";
import { and, count, desc, eq, ilike, isNotNull, isNull, type SQL } from "drizzle-orm";
import type { Db } from "~/db/types";
import { recordAudit, type AuditActor } from "~/modules/audit/audit.server";
import { newsletterSubscribers } from "./schema";
import { csvSafeCell } from "~/lib/csv-safe";

// The back office's face for newsletter subscribers: list, search, unsubscribe, export.

export const SUBSCRIBER_STATUSES = ["subscribed", "unsubscribed", "all"] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];
export type SubscriberFilter = { q?: string; status?: SubscriberStatus };

export type SubscriberRow = {
  id: string;
  email: string;
  source: string;
  consentText: string | null;
  consentedAt: Date | null;
  unsubscribedAt: Date | null;
  createdAt: Date;
};

function where(filter: SubscriberFilter): SQL | undefined {
  const parts: SQL[] = [];
  const q = filter.q?.trim();
  // The search text is a literal: % and _ typed by staff must not act as wildcards.
  if (q) parts.push(ilike(newsletterSubscribers.email, `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  if (filter.status === "subscribed") parts.push(isNull(newsletterSubscribers.unsubscribedAt));
  if (filter.status === "unsubscribed") parts.push(isNotNull(newsletterSubscribers.unsubscribedAt));
  return parts.length ? and(...parts) : undefined;
}

const fields = {
  id: newsletterSubscribers.id,
  email: newsletterSubscribers.email,
  source: newsletterSubscribers.source,
  consentText: newsletterSubscribers.consentText,
  consentedAt: newsletterSubscribers.consentedAt,
  unsubscribedAt: newsletterSubscribers.unsubscribedAt,
  createdAt: newsletterSubscribers.createdAt,
};

/** Newest first, one page at a time, with the total that matches. */
export async function listSubscribers(db: Db, filter: SubscriberFilter, page: { limit: number; offset: number } = { limit: 50, offset: 0 }) {
  const condition = where(filter);
  const [rows, [total]] = await Promise.all([
    db.select(fields).from(newsletterSubscribers).where(condition).orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id)).limit(page.limit).offset(page.offset),
    db.select({ n: count() }).from(newsletterSubscribers).where(condition),
  ]);
  return { rows: rows as SubscriberRow[], total: total?.n ?? 0 };
}

/** Marks a subscriber unsubscribed (kept, with their consent record); false when already unsubscribed. */
export async function unsubscribeSubscriber(db: Db, actor: AuditActor, id: string, now: Date = new Date()): Promise<"done" | "already" | "missing"> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ email: newsletterSubscribers.email, unsubscribedAt: newsletterSubscribers.unsubscribedAt }).from(newsletterSubscribers).where(eq(newsletterSubscribers.id, id));
    if (!row) return "missing";
    if (row.unsubscribedAt) return "already";
    await tx.update(newsletterSubscribers).set({ unsubscribedAt: now }).where(and(eq(newsletterSubscribers.id, id), isNull(newsletterSubscribers.unsubscribedAt)));
    await recordAudit(tx, { actor, module: "marketing", action: "unsubscribe", targetId: id, before: { email: row.email }, after: { unsubscribedAt: now } });
    return "done";
  });
}

export const SUBSCRIBER_CSV_HEADER = ["email", "status", "source", "consent_text", "consented_at", "unsubscribed_at", "created_at"];

/** Every matching subscriber as RFC 4180 CSV (csv-stringify), each cell guarded against spreadsheet formulas. */
export async function subscribersCsv(db: Db, filter: SubscriberFilter): Promise<string> {
  const rows = await db.select(fields).from(newsletterSubscribers).where(where(filter)).orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id));
  const iso = (d: Date | null) => (d ? d.toISOString() : "");
  const records = rows.map((r) =>
    [r.email, r.unsubscribedAt ? "unsubscribed" : "subscribed", r.source, r.consentText ?? "", iso(r.consentedAt), iso(r.unsubscribedAt), iso(r.createdAt)].map(csvSafeCell),
  );
  return stringify([SUBSCRIBER_CSV_HEADER, ...records], { record_delimiter: "windows" });
}
