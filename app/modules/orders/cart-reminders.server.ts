import { and, eq, gte, inArray, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { DbOrTx } from "~/db/types";
import type { CartLineRef } from "~/lib/cart/cart-cookie";
import { hitLimit } from "~/modules/rate-limit/rate-limit.server";
import { ORDER_JOBS, type OrderDeps } from "./order-deps.server";
import { checkoutReminders, orders } from "./schema";

// Abandoned checkouts: a shopper who typed an email at checkout and left without placing the order
// gets one reminder mail (the "Abandoned cart" template) after CART_REMINDER_MINUTES, unless an
// order under that email followed. The checkout page reports the email when the field is left;
// nothing is sent for a checkout that was never given an email.

/**
 * An address gets at most one reminder a week, however many checkouts it leaves: the endpoint is
 * open to anyone, so this is also what stops it being used to mail a stranger again and again.
 */
export const REMINDER_GAP_MS = 7 * 24 * 60 * 60 * 1000;
/**
 * A flood ceiling per client address, far above what shoppers behind one carrier address make
 * (each checkout reports once or twice); a shopper past it only misses a reminder, never checkout.
 */
export const REMINDER_FLOOD_LIMIT = { limit: 300, windowMs: 60 * 60 * 1000 };

const startSchema = z.object({
  checkoutKey: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, "This checkout form has expired. Please reload the page."),
  email: z.string().trim().toLowerCase().max(254).email("Enter a valid email address, like name@example.com."),
  name: z.string().trim().max(120).optional().catch(undefined),
});

export type CheckoutStartOutcome =
  | { ok: true; remindAt: Date | null }
  | { ok: false; status: 400; error: string }
  | { ok: false; status: 429; error: string; retryAfterSeconds: number };

/** Records (or updates) this checkout's email and lines, and queues its reminder in the same transaction. */
export async function noteCheckoutStarted(
  deps: OrderDeps,
  input: { checkoutKey: unknown; email: unknown; name?: unknown; cart: readonly CartLineRef[] | "overflow"; clientIp: string },
  now = new Date(),
): Promise<CheckoutStartOutcome> {
  const parsed = startSchema.safeParse(input);
  if (!parsed.success) return { ok: false, status: 400, error: parsed.error.issues[0]!.message };
  const minutes = deps.config.cartReminderMinutes ?? 0;
  const lines = input.cart === "overflow" ? [] : input.cart.map((l) => ({ variantId: l.variantId, quantity: l.quantity }));
  if (minutes <= 0 || !deps.jobs || lines.length === 0) return { ok: true, remindAt: null };
  const verdict = await hitLimit(deps.db, { bucket: "cart-reminder:ip", key: input.clientIp, ...REMINDER_FLOOD_LIMIT }, now);
  if (!verdict.allowed) return { ok: false, status: 429, error: "Too many checkouts from this network. Please try again later.", retryAfterSeconds: verdict.retryAfterSeconds };
  const { checkoutKey, email, name } = parsed.data;
  const remindAt = new Date(now.getTime() + minutes * 60_000);
  const jobs = deps.jobs;
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(checkoutReminders)
      .values({ checkoutKey, email, name: name || null, lines, remindAt })
      .onConflictDoUpdate({
        target: checkoutReminders.checkoutKey,
        set: { email, name: name || null, lines, remindAt, updatedAt: now },
        // A checkout whose reminder was already settled stays as it was.
        setWhere: isNull(checkoutReminders.settledAt),
      })
      .returning({ id: checkoutReminders.id });
    if (!row) return { ok: true as const, remindAt: null };
    await jobs.send(ORDER_JOBS.cartReminder, { key: checkoutKey }, { startAfter: remindAt, tx });
    return { ok: true as const, remindAt };
  });
}

export type ReminderOutcome = "sent" | "ordered" | "recently-reminded" | "settled" | "not-due" | "missing";

/** The reminder job: sends the mail once, unless an order followed or the address was reminded this week. */
export async function sendCartReminder(deps: OrderDeps, checkoutKey: string, now = new Date()): Promise<ReminderOutcome> {
  const [row] = await deps.db.select().from(checkoutReminders).where(eq(checkoutReminders.checkoutKey, checkoutKey));
  if (!row) return "missing";
  if (row.settledAt) return "settled";
  // The email was given again later: that later time's job sends it.
  if (row.remindAt.getTime() > now.getTime()) return "not-due";
  const settle = async (outcome: ReminderOutcome) => {
    const done = await deps.db
      .update(checkoutReminders)
      .set({ settledAt: now, outcome, updatedAt: now })
      .where(and(eq(checkoutReminders.id, row.id), isNull(checkoutReminders.settledAt)))
      .returning({ id: checkoutReminders.id });
    return done.length ? outcome : "settled";
  };
  const [ordered] = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(sql`lower(${orders.email})`, row.email), gte(orders.createdAt, row.createdAt)))
    .limit(1);
  if (ordered) return settle("ordered");
  const [recent] = await deps.db
    .select({ id: checkoutReminders.id })
    .from(checkoutReminders)
    .where(and(eq(checkoutReminders.email, row.email), eq(checkoutReminders.outcome, "sent"), gte(checkoutReminders.settledAt, new Date(now.getTime() - REMINDER_GAP_MS))))
    .limit(1);
  if (recent) return settle("recently-reminded");
  // One mail per checkout, even if two workers get here together: the outbox is unique on the key.
  await deps.mailer.sendTemplate(
    "abandoned_cart",
    row.email,
    { "customer.name": row.name ?? "there", "customer.email": row.email, "cart.link": `${deps.config.publicUrl}/checkout` },
    { eventKey: `cart-reminder:${row.checkoutKey}` },
  );
  return settle("sent");
}

/** Erasure (the customers module): this person's pending and past checkout reminders are deleted. */
export async function forgetCheckoutReminders(tx: DbOrTx, emails: readonly string[]): Promise<number> {
  if (emails.length === 0) return 0;
  const lowered = [...new Set(emails.map((e) => e.toLowerCase()))];
  return (await tx.delete(checkoutReminders).where(inArray(checkoutReminders.email, lowered)).returning({ id: checkoutReminders.id })).length;
}
