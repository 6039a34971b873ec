import { and, isNotNull, sql } from "drizzle-orm";
import type { Db } from "~/db/types";
import { z } from "zod";
import { NEWSLETTER_SOURCES } from "./newsletter-rules";
import { newsletterSubscribers } from "./schema";

export const newsletterInput = z.object({
  email: z
    .string({ message: "Please enter your email address." })
    .trim()
    .min(1, "Please enter your email address.")
    .max(254, "That email address is too long.")
    .pipe(z.email("Please enter a valid email address, like name@example.com.")),
  source: z.enum(NEWSLETTER_SOURCES).catch("footer"),
  consentText: z.string().trim().max(1000).optional(),
  consented: z.literal(true, { message: "Please tick the box to agree to receive emails." }),
});
export type NewsletterInput = z.input<typeof newsletterInput>;

export type SubscribeResult =
  | { ok: true; alreadySubscribed: boolean }
  | { ok: false; field: "email" | "consented"; error: string };

/**
 * Stores a newsletter subscriber with the consent text and time. A repeated address (any case)
 * creates no duplicate; an address that had unsubscribed is subscribed again with the new consent.
 */
export async function subscribeToNewsletter(db: Db, input: unknown, now: Date = new Date()): Promise<SubscribeResult> {
  const parsed = newsletterInput.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false, field: issue.path[0] === "consented" ? "consented" : "email", error: issue.message };
  }
  const { email, source, consentText } = parsed.data;
  const normalised = email.toLowerCase();
  const inserted = await db
    .insert(newsletterSubscribers)
    // One clock for the row: the subscription's time orders the staff list and the CSV, and two
    // sign-ups in the same instant of the database's clock could otherwise come out either way.
    .values({ email: normalised, source, consentText: consentText ?? null, consentedAt: now, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: newsletterSubscribers.id });
  if (inserted.length) return { ok: true, alreadySubscribed: false };
  const resubscribed = await db
    .update(newsletterSubscribers)
    .set({ unsubscribedAt: null, consentText: consentText ?? null, consentedAt: now, source })
    .where(and(sql`lower(${newsletterSubscribers.email}) = ${normalised}`, isNotNull(newsletterSubscribers.unsubscribedAt)))
    .returning({ id: newsletterSubscribers.id });
  return { ok: true, alreadySubscribed: resubscribed.length === 0 };
}
