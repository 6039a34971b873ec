import { inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/types";
import { newsletterSubscribers } from "./schema";

// What the customers module reads and erases of newsletter subscribers (through this module's face).

export type NewsletterConsent = {
  email: string;
  subscribed: boolean;
  source: string;
  consentText: string | null;
  consentedAt: Date | null;
  unsubscribedAt: Date | null;
  createdAt: Date;
};

const lowered = (emails: readonly string[]) => [...new Set(emails.map((e) => e.toLowerCase()))];

/** Every subscriber's consent, by lower-cased address (one row per address: the table's unique index). */
export async function newsletterConsents(db: DbOrTx, emails?: readonly string[]): Promise<Map<string, NewsletterConsent>> {
  if (emails && emails.length === 0) return new Map();
  const rows = await db
    .select()
    .from(newsletterSubscribers)
    .where(emails ? inArray(sql`lower(${newsletterSubscribers.email})`, lowered(emails)) : undefined);
  return new Map(
    rows.map((r) => [
      r.email.toLowerCase(),
      { email: r.email, subscribed: r.unsubscribedAt === null, source: r.source, consentText: r.consentText, consentedAt: r.consentedAt, unsubscribedAt: r.unsubscribedAt, createdAt: r.createdAt },
    ]),
  );
}

/** Erasure: the subscriptions of these addresses are deleted (no address is left to mail). Returns how many. */
export async function eraseSubscribers(tx: DbOrTx, emails: readonly string[]): Promise<number> {
  if (emails.length === 0) return 0;
  const gone = await tx.delete(newsletterSubscribers).where(inArray(sql`lower(${newsletterSubscribers.email})`, lowered(emails))).returning({ id: newsletterSubscribers.id });
  return gone.length;
}
