import crypto from "node:crypto";
import { and, asc, count, eq, gt, gte, max, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/types";
import { isUuid } from "~/lib/ids";
import type { Logger } from "~/lib/logger.server";
import type { EventBus } from "~/modules/events/events.server";
import { TOPICS } from "~/modules/events/events";
import type { Mailer } from "~/modules/mail/mail.server";
import { hitLimit } from "~/modules/rate-limit/rate-limit.server";
import { getSetting } from "~/modules/settings/settings.server";
import { sendChatSchema, type ChatMessage, type VisitorInfo } from "./chat-input";
import { NOT_FOUND_MESSAGE, SupportError, TOO_MANY_CONVERSATIONS, TOO_MANY_FROM_NETWORK, TOO_MANY_MESSAGES } from "./errors";
import { supportConversations, supportMessages } from "./schema";

/** What the support module needs from the process: the database, the event bus, a logger, the optional LLM, mail. */
export type SupportDeps = {
  db: Db;
  events: EventBus;
  log?: Logger;
  llm?: { baseUrl: string; apiKey: string; model: string } | null;
  /** Reply emails to visitors who left (without it, none are sent). */
  mailer?: Mailer;
  /** The shop's public origin, for links in emails. */
  publicUrl?: string;
};

export type Conversation = typeof supportConversations.$inferSelect;
/**
 * `prevSeq` is the seq of the conversation's previous message (0 for the first) and `message`
 * the message itself when it fits in a NOTIFY payload: a stream that has seen exactly prevSeq
 * gets it without reading the database; any other stream catches up with a read.
 */
export type MessageEvent = { conversationId: string; messageId: string; seq: number; senderType: string; prevSeq: number; message?: ChatMessage };
/** A message just written, with the seq of the one before it in its conversation. */
export type StoredMessage = { message: ChatMessage; prevSeq: number };
export type ConversationEvent = { conversationId: string; change: "created" | "status" | "assigned" | "seen" };

export const VISITOR_SENDER = "visitor";
const MAX_PAGES = 20;

export function hashSecret(secret: string): string {
  return crypto.createHash("sha256").update(secret).digest("hex");
}

function newVisitorToken(): string {
  return crypto.randomBytes(32).toString("base64url");
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, "hex");
  const y = Buffer.from(b, "hex");
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

export function toChatMessage(row: typeof supportMessages.$inferSelect): ChatMessage {
  return {
    id: row.id,
    seq: row.seq,
    conversationId: row.conversationId,
    senderType: row.senderType,
    senderName: row.senderName,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The conversation, when `token` is its visitor's secret. An unknown id and a wrong token give
 * the same "not found", so nobody can probe which conversations exist.
 */
export async function findVisitorConversation(db: Db, conversationId: unknown, token: unknown): Promise<Conversation> {
  if (!isUuid(conversationId) || typeof token !== "string" || !token) throw new SupportError("not-found", NOT_FOUND_MESSAGE);
  const [row] = await db.select().from(supportConversations).where(eq(supportConversations.id, conversationId));
  return checkToken(row, token);
}

/**
 * The visitor's own token, or the secret of a reply email's link that has not expired: both open
 * the conversation (the link is how a visitor who left comes back to it, on any device).
 */
function checkToken(row: Conversation | undefined, token: unknown, now = new Date()): Conversation {
  if (!row || typeof token !== "string" || !token) throw new SupportError("not-found", NOT_FOUND_MESSAGE);
  const hash = hashSecret(token);
  if (sameHash(row.visitorTokenHash, hash)) return row;
  if (row.mailLinks.some((l) => sameHash(l.hash, hash) && Date.parse(l.expiresAt) > now.getTime())) return row;
  throw new SupportError("not-found", NOT_FOUND_MESSAGE);
}

/** Messages of one conversation in the order they were written, optionally only those after a sequence number. */
export async function listMessages(db: Db, conversationId: string, afterSeq = 0): Promise<ChatMessage[]> {
  const rows = await db
    .select()
    .from(supportMessages)
    .where(and(eq(supportMessages.conversationId, conversationId), gt(supportMessages.seq, afterSeq)))
    .orderBy(asc(supportMessages.createdAt), asc(supportMessages.seq));
  return rows.map(toChatMessage);
}

/** Locks the conversation row for the rest of the transaction: message inserts per conversation are serialised. */
export async function lockConversation(tx: Tx, conversationId: string): Promise<Conversation> {
  const [row] = await tx.select().from(supportConversations).where(eq(supportConversations.id, conversationId)).for("update");
  if (!row) throw new SupportError("not-found", NOT_FOUND_MESSAGE);
  return row;
}

/** Inserts a message into a locked conversation and (unless the caller updates the row itself) bumps its last-message time. */
export async function insertMessage(
  tx: Tx,
  conversationId: string,
  msg: { senderType: string; senderName: string; message: string },
  opts: { touch?: boolean } = {},
): Promise<StoredMessage> {
  // Under the conversation's row lock no other message of it can be written in between.
  const [prev] = await tx.select({ seq: max(supportMessages.seq) }).from(supportMessages).where(eq(supportMessages.conversationId, conversationId));
  // clock_timestamp, not the transaction's now(): after the row lock, so created_at follows seq.
  const [row] = await tx
    .insert(supportMessages)
    .values({ conversationId, ...msg, createdAt: sql`clock_timestamp()` })
    .returning();
  if (opts.touch !== false) await tx.update(supportConversations).set({ lastMessageAt: row!.createdAt }).where(eq(supportConversations.id, conversationId));
  return { message: toChatMessage(row!), prevSeq: Number(prev?.seq ?? 0) };
}

// NOTIFY refuses payloads over 8000 bytes; a long message travels as ids only.
const INLINE_EVENT_BYTES = 7000;

export async function publishMessage(deps: SupportDeps, { message, prevSeq }: StoredMessage) {
  const ids: MessageEvent = { conversationId: message.conversationId, messageId: message.id, seq: message.seq, senderType: message.senderType, prevSeq };
  const full: MessageEvent = { ...ids, message };
  const event = Buffer.byteLength(JSON.stringify(full)) <= INLINE_EVENT_BYTES ? full : ids;
  await deps.events.publish(TOPICS.supportMessage, event).catch((error) => deps.log?.error({ err: error }, "publishing a support message failed"));
}

export async function publishConversation(deps: SupportDeps, conversationId: string, change: ConversationEvent["change"]) {
  const event: ConversationEvent = { conversationId, change };
  await deps.events.publish(TOPICS.supportConversation, event).catch((error) => deps.log?.error({ err: error }, "publishing a support change failed"));
}

function withPage(pages: string[], page: string | undefined): string[] {
  if (!page || pages.at(-1) === page) return pages;
  return [...pages, page].slice(-MAX_PAGES);
}

export type SendResult = {
  conversationId: string;
  /** Only on the message that created the conversation: the visitor's secret, never stored in clear. */
  visitorToken?: string;
  message: ChatMessage;
  conversation: Conversation;
};

const HOUR_MS = 60 * 60 * 1000;

/**
 * A visitor's chat message (POST /api/support/chat). conversationId null creates the conversation: at most
 * `conversations_per_visitor_per_hour` for one visitor (the id in the browser's signed cookie)
 * and, only as a flood ceiling, `conversations_per_ip_per_hour` for one address, since a whole
 * mobile network may share it. Otherwise the visitor token must match, and a conversation takes
 * at most `messages_per_conversation_per_minute` visitor messages. The numbers are the
 * `support_limits` setting.
 */
export async function sendVisitorMessage(
  deps: SupportDeps,
  rawInput: unknown,
  ctx: { token?: string | null; clientIp: string; visitorId: string },
): Promise<SendResult> {
  const parsed = sendChatSchema.safeParse(rawInput);
  if (!parsed.success) throw new SupportError("invalid", parsed.error.issues[0]!.message);
  const input = parsed.data;
  const limits = await getSetting(deps.db, "support_limits");

  if (input.conversationId === null) {
    const visitor = input.visitorInfo as VisitorInfo;
    const token = newVisitorToken();
    const perVisitor = await hitLimit(deps.db, { bucket: "chat-new:visitor", key: ctx.visitorId, limit: limits.conversations_per_visitor_per_hour, windowMs: HOUR_MS });
    if (!perVisitor.allowed) throw new SupportError("rate-limited", TOO_MANY_CONVERSATIONS(perVisitor.retryAfterSeconds), perVisitor.retryAfterSeconds);
    const perAddress = await hitLimit(deps.db, { bucket: "chat-new:ip", key: ctx.clientIp, limit: limits.conversations_per_ip_per_hour, windowMs: HOUR_MS });
    if (!perAddress.allowed) throw new SupportError("rate-limited", TOO_MANY_FROM_NETWORK(perAddress.retryAfterSeconds), perAddress.retryAfterSeconds);
    const result = await deps.db.transaction(async (tx) => {
      const [conversation] = await tx
        .insert(supportConversations)
        .values({
          visitorName: visitor.name,
          visitorEmail: visitor.email ?? null,
          visitorPhone: visitor.phone ?? null,
          visitorTokenHash: hashSecret(token),
          createdIpHash: hashSecret(`ip:${ctx.clientIp}`),
          visitorIdHash: hashSecret(`visitor:${ctx.visitorId}`),
          pagesVisited: withPage([], input.page),
          unreadForStaff: 1,
        })
        .returning();
      const stored = await insertMessage(tx, conversation!.id, { senderType: VISITOR_SENDER, senderName: visitor.name, message: input.message });
      return { conversation: { ...conversation!, lastMessageAt: new Date(stored.message.createdAt) }, stored };
    });
    await publishConversation(deps, result.conversation.id, "created");
    await publishMessage(deps, result.stored);
    return { conversationId: result.conversation.id, visitorToken: token, conversation: result.conversation, message: result.stored.message };
  }

  const conversationId = input.conversationId;
  const result = await deps.db.transaction(async (tx) => {
    // The token is checked on the locked row: one read for both.
    const [locked] = await tx.select().from(supportConversations).where(eq(supportConversations.id, conversationId)).for("update");
    const conversation = checkToken(locked, ctx.token);
    const [recent] = await tx
      .select({ n: count() })
      .from(supportMessages)
      .where(
        and(
          eq(supportMessages.conversationId, conversation.id),
          eq(supportMessages.senderType, VISITOR_SENDER),
          gte(supportMessages.createdAt, sql`clock_timestamp() - interval '1 minute'`),
        ),
      );
    if ((recent?.n ?? 0) >= limits.messages_per_conversation_per_minute) throw new SupportError("rate-limited", TOO_MANY_MESSAGES, 60);
    const stored = await insertMessage(tx, conversation.id, { senderType: VISITOR_SENDER, senderName: conversation.visitorName, message: input.message }, { touch: false });
    const message = stored.message;
    // A visitor writing after staff took over waits for staff again; a closed chat reopens.
    const status = conversation.staffRepliedAt ? "waiting_for_staff" : conversation.status === "closed" ? "open" : conversation.status;
    const [updated] = await tx
      .update(supportConversations)
      .set({
        status,
        lastMessageAt: new Date(message.createdAt),
        unreadForStaff: sql`${supportConversations.unreadForStaff} + 1`,
        pagesVisited: withPage(conversation.pagesVisited, input.page),
      })
      .where(eq(supportConversations.id, conversation.id))
      .returning();
    return { conversation: updated!, stored, statusChanged: status !== conversation.status };
  });
  if (result.statusChanged) await publishConversation(deps, result.conversation.id, "status");
  await publishMessage(deps, result.stored);
  return { conversationId: result.conversation.id, message: result.stored.message, conversation: result.conversation };
}
