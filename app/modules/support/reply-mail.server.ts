import crypto from "node:crypto";
import { and, asc, eq, gt, inArray, isNotNull, lte, notInArray, sql } from "drizzle-orm";
import type { Db } from "~/db/types";
import type { EventBus } from "~/modules/events/events.server";
import { getSetting } from "~/modules/settings/settings.server";
import { CHAT_LINK_FRAGMENT } from "./chat-input";
import { hashSecret, type SupportDeps } from "./conversations.server";
import { supportConversations, supportMessages, type MailLink } from "./schema";

// Staff replies reach a visitor who left the chat: one email with the replies they have not seen
// and a link back into the same conversation, at most one per conversation every 15 minutes
// (replies written meanwhile wait for the next one). A visitor with the chat open sees replies
// live; their stream keeps `visitor_active_at` fresh and marks what they have seen.

export const REPLY_MAIL_GAP_MS = 15 * 60 * 1000;
/** A reply waits this long before mailing, so that a visitor reloading the page is not emailed. */
export const REPLY_MAIL_GRACE_MS = 10_000;
/** How often an open stream's presence is refreshed, and how long a refresh counts. */
export const PRESENCE_REFRESH_MS = 20_000;
export const PRESENCE_WINDOW_MS = 50_000;
/** An email's link opens the conversation for 30 days; the newest 5 links work. */
export const MAIL_LINK_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
const MAIL_LINKS_KEPT = 5;


export type ReplyMailInput = {
  to: string;
  visitorName: string;
  storeName: string;
  replies: { senderName: string; message: string }[];
  link: string;
};

/** The values of the support reply template (its words are the mail module's, editable by staff). */
export function supportReplyValues(input: ReplyMailInput): Record<string, string> {
  const names = [...new Set(input.replies.map((r) => r.senderName))];
  const who = names.length === 1 ? `${names[0]} from ${input.storeName}` : `Our team at ${input.storeName}`;
  const quoted = input.replies.map((r) => r.message.split("\n").map((line) => `> ${line}`).join("\n")).join("\n\n");
  return { "visitor.name": input.visitorName, "reply.from": who, "reply.messages": quoted, "chat.link": input.link };
}

const latestSeq = sql`coalesce((select max(${supportMessages.seq}) from ${supportMessages} where ${supportMessages.conversationId} = ${supportConversations.id}), 0)`;

/**
 * The visitor's stream is open (just opened, or still open): they see every message, so nothing
 * waits to be mailed.
 */
export async function markVisitorPresent(db: Db, conversationIds: string[], now = new Date()): Promise<void> {
  if (!conversationIds.length) return;
  await db
    .update(supportConversations)
    .set({ visitorActiveAt: now, replyMailSeq: sql`greatest(${supportConversations.replyMailSeq}, ${latestSeq})`, replyMailDueAt: null })
    .where(inArray(supportConversations.id, conversationIds));
}

/** The visitor's last stream closed: what they saw stays seen; replies from now on are mailed. */
export async function markVisitorGone(db: Db, conversationId: string): Promise<void> {
  await db
    .update(supportConversations)
    .set({ visitorActiveAt: null, replyMailSeq: sql`greatest(${supportConversations.replyMailSeq}, ${latestSeq})` })
    .where(eq(supportConversations.id, conversationId));
}

function isPresent(activeAt: Date | null, now: Date): boolean {
  return activeAt !== null && now.getTime() - activeAt.getTime() < PRESENCE_WINDOW_MS;
}

const timers = new WeakMap<EventBus, Map<string, ReturnType<typeof setTimeout>>>();

/**
 * After a staff reply: when the visitor gave an email and is not connected, the reply is mailed
 * once the grace period has passed and 15 minutes after the previous email. Returns when it is due
 * (null: nothing to mail). Never throws: the reply itself is stored either way.
 */
export async function scheduleReplyMail(deps: SupportDeps, conversationId: string, now = new Date()): Promise<Date | null> {
  if (!deps.mailer) return null;
  try {
    const [c] = await deps.db
      .select({ email: supportConversations.visitorEmail, activeAt: supportConversations.visitorActiveAt, dueAt: supportConversations.replyMailDueAt, sentAt: supportConversations.replyMailSentAt })
      .from(supportConversations)
      .where(eq(supportConversations.id, conversationId));
    if (!c?.email || isPresent(c.activeAt, now)) return null;
    if (c.dueAt) return c.dueAt;
    const due = new Date(Math.max(now.getTime() + REPLY_MAIL_GRACE_MS, (c.sentAt?.getTime() ?? 0) + REPLY_MAIL_GAP_MS));
    await deps.db
      .update(supportConversations)
      .set({ replyMailDueAt: due })
      .where(and(eq(supportConversations.id, conversationId), sql`${supportConversations.replyMailDueAt} is null`));
    wakeAt(deps, conversationId, due);
    return due;
  } catch (error) {
    deps.log?.error({ err: error, conversationId }, "scheduling a support reply email failed");
    return null;
  }
}

/** One timer per conversation in this process; the periodic sweep covers a restart or another process. */
function wakeAt(deps: SupportDeps, conversationId: string, due: Date) {
  let pending = timers.get(deps.events);
  if (!pending) timers.set(deps.events, (pending = new Map()));
  clearTimeout(pending.get(conversationId));
  const timer = setTimeout(
    () => {
      pending.delete(conversationId);
      void sendDueReplyMails(deps);
    },
    Math.max(0, due.getTime() - Date.now()) + 50,
  );
  timer.unref?.();
  pending.set(conversationId, timer);
}

/**
 * Sends every reply email that is due. Each conversation is claimed in its own transaction (the
 * row lock makes a second process skip it), the mail goes out after the commit. Returns how many
 * were sent.
 */
export async function sendDueReplyMails(deps: SupportDeps, now = new Date()): Promise<number> {
  if (!deps.mailer || !deps.publicUrl) return 0;
  let sent = 0;
  try {
    const due = await deps.db
      .select({ id: supportConversations.id })
      .from(supportConversations)
      .where(and(isNotNull(supportConversations.replyMailDueAt), lte(supportConversations.replyMailDueAt, now)))
      .limit(100);
    if (!due.length) return 0;
    const { store_name: storeName } = await getSetting(deps.db, "store_contact");
    for (const { id } of due) {
      const claim = await deps.db.transaction(async (tx) => {
        const [c] = await tx.select().from(supportConversations).where(eq(supportConversations.id, id)).for("update");
        if (!c?.replyMailDueAt || c.replyMailDueAt > now) return null;
        const replies = c.visitorEmail
          ? await tx
              .select({ seq: supportMessages.seq, senderName: supportMessages.senderName, message: supportMessages.message })
              .from(supportMessages)
              .where(and(eq(supportMessages.conversationId, id), gt(supportMessages.seq, c.replyMailSeq), notInArray(supportMessages.senderType, ["visitor", "ai"])))
              .orderBy(asc(supportMessages.seq))
          : [];
        if (!replies.length || isPresent(c.visitorActiveAt, now)) {
          // Nothing unseen, or the visitor is back and reading: nothing to mail.
          await tx.update(supportConversations).set({ replyMailDueAt: null }).where(eq(supportConversations.id, id));
          return null;
        }
        const token = crypto.randomBytes(32).toString("base64url");
        const link: MailLink = { hash: hashSecret(token), expiresAt: new Date(now.getTime() + MAIL_LINK_LIFETIME_MS).toISOString() };
        const links = [...c.mailLinks.filter((l) => Date.parse(l.expiresAt) > now.getTime()), link].slice(-MAIL_LINKS_KEPT);
        await tx
          .update(supportConversations)
          .set({ replyMailDueAt: null, replyMailSentAt: now, replyMailSeq: replies.at(-1)!.seq, mailLinks: links })
          .where(eq(supportConversations.id, id));
        return { to: c.visitorEmail!, visitorName: c.visitorName, replies, token };
      });
      if (!claim) continue;
      const values = supportReplyValues({
        to: claim.to,
        visitorName: claim.visitorName,
        storeName,
        replies: claim.replies,
        link: `${deps.publicUrl}/#${CHAT_LINK_FRAGMENT}=${id}.${claim.token}`,
      });
      // One mail per batch of replies: the conversation and the last reply it carries.
      await deps.mailer.sendTemplate("support_reply", claim.to, values, { eventKey: `support:${id}:${claim.replies.at(-1)!.seq}` });
      sent++;
    }
  } catch (error) {
    deps.log?.error({ err: error }, "sending support reply emails failed");
  }
  return sent;
}
