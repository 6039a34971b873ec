import { and, eq, gte, inArray, isNotNull, isNull, ne, or, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db, DbOrTx } from "~/db/types";
import type { CartLineRef } from "~/lib/cart/cart-cookie";
import { isUuid } from "~/lib/ids";
import { RateLimitedError, RejectedInputError } from "~/lib/save-outcome";
import { sellableVariants, type SellableVariant } from "~/modules/catalog/catalog.server";
import { hitLimit } from "~/modules/rate-limit/rate-limit.server";
import { MAX_LINE_QUANTITY } from "~/lib/cart/cart";
import { MAX_ORDER_LINES } from "./checkout.server";
import { ORDER_JOBS, type OrderDeps } from "./order-deps.server";
import { cartReminderOptOuts, checkoutReminders, orders } from "./schema";
import { sha256 } from "./shopper-order.server";

// Abandoned checkouts: a shopper who typed an email at checkout and left without placing the order
// gets one reminder mail (the "Abandoned cart" template) after CART_REMINDER_MINUTES, unless an
// order under that email was paid (or, for cash on delivery, placed) meanwhile. The checkout page
// reports the email when the field is left; nothing is sent for a checkout that was never given an
// email. The mail carries two links with the checkout's random token: one puts the saved lines back
// into a cart (on any device), one stops cart reminders to that address for good.

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
/** How long a reminder's restore link works, counted from the checkout: as long as the cart cookie lives. */
export const RESTORE_LINK_DAYS = 30;

/** The reminder's links: the token is the only key to them. */
export const cartRestorePath = (token: string) => `/cart/restore/${token}`;
export const reminderUnsubscribePath = (token: string) => `/unsubscribe/cart-reminders/${token}`;

const startSchema = z.object({
  checkoutKey: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, "This checkout form has expired. Please reload the page."),
  email: z.string().trim().toLowerCase().max(254).email("Enter a valid email address, like name@example.com."),
  name: z.string().trim().max(120).optional().catch(undefined),
});

/** When the reminder is due; null when none is queued. Bad input or a flooding network is refused (thrown). */
export type CheckoutStartOutcome = { remindAt: Date | null };

/**
 * Records (or updates) this checkout's email and lines, and queues its reminder in the same
 * transaction. A malformed email or key throws RejectedInputError; a network past the flood
 * ceiling throws RateLimitedError.
 */
export async function noteCheckoutStarted(
  deps: OrderDeps,
  input: { checkoutKey: unknown; email: unknown; name?: unknown; cart: readonly CartLineRef[] | "overflow"; clientIp: string },
  now = new Date(),
): Promise<CheckoutStartOutcome> {
  const parsed = startSchema.safeParse(input);
  if (!parsed.success) throw new RejectedInputError({}, parsed.error.issues[0]!.message);
  const minutes = deps.config.cartReminderMinutes ?? 0;
  const lines = input.cart === "overflow" ? [] : input.cart.map((l) => ({ variantId: l.variantId, quantity: l.quantity, ...(l.engraving ? { engraving: l.engraving } : {}) }));
  if (minutes <= 0 || !deps.jobs || lines.length === 0) return { remindAt: null };
  const verdict = await hitLimit(deps.db, { bucket: "cart-reminder:ip", key: input.clientIp, ...REMINDER_FLOOD_LIMIT }, now);
  if (!verdict.allowed) throw new RateLimitedError("Too many checkouts from this network. Please try again later.", verdict.retryAfterSeconds);
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
    if (!row) return { remindAt: null };
    await jobs.send(ORDER_JOBS.cartReminder, { key: checkoutKey }, { startAfter: remindAt, tx });
    return { remindAt };
  });
}

export type ReminderOutcome = "sent" | "ordered" | "unsubscribed" | "recently-reminded" | "settled" | "not-due" | "missing";

const hashOf = (email: string) => sha256(email.trim().toLowerCase());

/**
 * An order that ends the need for a reminder: one that was paid (a refund later does not bring the
 * checkout back), or a cash-on-delivery order still standing (it is confirmed when placed). An
 * online order still waiting for its payment, or cancelled unpaid (its hold ran out), is exactly
 * the checkout left unpaid the reminder is for.
 */
const settlesReminder = or(
  isNotNull(orders.paidAt),
  inArray(orders.paymentStatus, ["paid", "cod_collected", "refunded", "partially_refunded"]),
  and(eq(orders.paymentMethod, "cod"), ne(orders.status, "cancelled")),
);

/**
 * The reminder job: sends the mail once, unless an order was paid (or placed cash on delivery)
 * since, the address asked for no reminders, or it was reminded this week. All of it is read
 * here, when the job runs: a payment that arrived a minute ago stops the mail.
 */
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
    .where(and(eq(sql`lower(${orders.email})`, row.email), gte(orders.createdAt, row.createdAt), settlesReminder))
    .limit(1);
  if (ordered) return settle("ordered");
  if (await hasOptedOut(deps.db, row.email)) return settle("unsubscribed");
  const [recent] = await deps.db
    .select({ id: checkoutReminders.id })
    .from(checkoutReminders)
    .where(and(eq(checkoutReminders.email, row.email), eq(checkoutReminders.outcome, "sent"), gte(checkoutReminders.settledAt, new Date(now.getTime() - REMINDER_GAP_MS))))
    .limit(1);
  if (recent) return settle("recently-reminded");
  const base = deps.config.publicUrl;
  const unsubscribeUrl = `${base}${reminderUnsubscribePath(row.linkToken)}`;
  // One mail per checkout, even if two workers get here together: the outbox is unique on the key.
  await deps.mailer.sendTemplate(
    "abandoned_cart",
    row.email,
    { "customer.name": row.name ?? "there", "customer.email": row.email, "cart.link": `${base}${cartRestorePath(row.linkToken)}`, "unsubscribe.link": unsubscribeUrl },
    { eventKey: `cart-reminder:${row.checkoutKey}`, unsubscribeUrl },
  );
  return settle("sent");
}

async function hasOptedOut(db: DbOrTx, email: string): Promise<boolean> {
  const [row] = await db.select({ emailHash: cartReminderOptOuts.emailHash }).from(cartReminderOptOuts).where(eq(cartReminderOptOuts.emailHash, hashOf(email)));
  return Boolean(row);
}

/** A line put back into a cart: what the browser cart keeps, with today's catalogue price (checkout prices it again anyway). */
export type RestoredLine = Pick<SellableVariant, "variantId" | "productId" | "slug" | "title" | "variantTitle" | "sku" | "pricePaise"> & {
  quantity: number;
  engraving?: string;
};

export type CartRestore =
  | { ok: true; lines: RestoredLine[]; notices: string[] }
  | { ok: false; reason: "unknown" | "expired" };

/**
 * The saved lines of the checkout behind a reminder's link, checked against the catalogue today:
 * a product gone, a draft or archived one is left out with a notice; a quantity above what one
 * order may hold, or above the stock left, is lowered with a notice. Nothing is written.
 */
export async function cartToRestore(db: Db, token: string, now = new Date()): Promise<CartRestore> {
  if (!isUuid(token)) return { ok: false, reason: "unknown" };
  const [row] = await db.select({ lines: checkoutReminders.lines, createdAt: checkoutReminders.createdAt }).from(checkoutReminders).where(eq(checkoutReminders.linkToken, token));
  if (!row) return { ok: false, reason: "unknown" };
  if (now.getTime() - row.createdAt.getTime() > RESTORE_LINK_DAYS * 24 * 60 * 60 * 1000) return { ok: false, reason: "expired" };
  const saved = row.lines.slice(0, MAX_ORDER_LINES);
  const variants = new Map((await sellableVariants(db, saved.map((l) => l.variantId))).map((v) => [v.variantId, v]));
  const lines: RestoredLine[] = [];
  const notices: string[] = [];
  for (const line of saved) {
    const v = variants.get(line.variantId);
    if (!v || !v.available) {
      notices.push(v ? `${nameOf(v)} is no longer available and was left out.` : "An item from your cart is no longer sold and was left out.");
      continue;
    }
    if (v.stock <= 0) {
      notices.push(`${nameOf(v)} is sold out and was left out.`);
      continue;
    }
    const cap = Math.min(MAX_LINE_QUANTITY, v.stock);
    const quantity = Math.min(cap, Math.floor(line.quantity));
    if (quantity < line.quantity) {
      notices.push(v.stock < MAX_LINE_QUANTITY ? `Only ${v.stock} of ${nameOf(v)} left: your cart has ${quantity}.` : `At most ${MAX_LINE_QUANTITY} of ${nameOf(v)} fit in one order: your cart has ${quantity}.`);
    }
    lines.push({ variantId: v.variantId, productId: v.productId, slug: v.slug, title: v.title, variantTitle: v.variantTitle, sku: v.sku, pricePaise: v.pricePaise, quantity, ...(line.engraving ? { engraving: line.engraving } : {}) });
  }
  return { ok: true, lines, notices };
}

function nameOf(v: { title: string; variantTitle: string }): string {
  return v.variantTitle && v.variantTitle !== "Default" ? `${v.title} (${v.variantTitle})` : v.title;
}

/** An address as the unsubscribe page shows it: enough to recognise, not to read off. */
function maskEmail(email: string): string {
  const [local = "", domain = ""] = email.split("@");
  return `${local.slice(0, 2)}${"*".repeat(Math.max(1, Math.min(6, local.length - 2)))}@${domain}`;
}

export type ReminderLinkOwner = { email: string; optedOut: boolean } | null;

/** Who a reminder's unsubscribe link speaks for (masked), and whether they already stopped reminders. */
export async function reminderLinkOwner(db: Db, token: string): Promise<ReminderLinkOwner> {
  if (!isUuid(token)) return null;
  const [row] = await db.select({ email: checkoutReminders.email }).from(checkoutReminders).where(eq(checkoutReminders.linkToken, token));
  if (!row) return null;
  return { email: maskEmail(row.email), optedOut: await hasOptedOut(db, row.email) };
}

/**
 * Stops cart reminders to the address behind this link: pending ones and any later checkout's.
 * Saying it twice changes nothing. Null for a link that names no reminder.
 */
export async function stopCartReminders(db: Db, token: string): Promise<{ email: string } | null> {
  if (!isUuid(token)) return null;
  const [row] = await db.select({ email: checkoutReminders.email }).from(checkoutReminders).where(eq(checkoutReminders.linkToken, token));
  if (!row) return null;
  await db.insert(cartReminderOptOuts).values({ emailHash: hashOf(row.email) }).onConflictDoNothing({ target: cartReminderOptOuts.emailHash });
  return { email: maskEmail(row.email) };
}

/** Erasure (the customers module): this person's pending and past checkout reminders are deleted. */
export async function forgetCheckoutReminders(tx: DbOrTx, emails: readonly string[]): Promise<number> {
  if (emails.length === 0) return 0;
  const lowered = [...new Set(emails.map((e) => e.toLowerCase()))];
  return (await tx.delete(checkoutReminders).where(inArray(checkoutReminders.email, lowered)).returning({ id: checkoutReminders.id })).length;
}
