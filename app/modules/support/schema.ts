import { sql } from "drizzle-orm";
import { bigint, bigserial, check, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "~/db/columns";
import { users } from "~/modules/staff/schema";

/** What the bot is in the middle of: asking for an order's number and contact to track it. */
export type BotState = { flow: "track"; number: string | null; contact: string | null };

/** A link in a reply email that reopens the conversation: the secret's hash and when it stops working. */
export type MailLink = { hash: string; expiresAt: string };

export const conversationStatus = pgEnum("support_conversation_status", ["open", "waiting_for_staff", "closed"]);

export const supportConversations = pgTable(
  "support_conversations",
  {
    id: id(),
    visitorName: text("visitor_name").notNull(),
    visitorEmail: text("visitor_email"),
    visitorPhone: text("visitor_phone"),
    /** Hash of the secret the visitor's browser holds; the raw token is never stored. */
    visitorTokenHash: text("visitor_token_hash").notNull(),
    /** Hash of the creating client's IP (the per-IP flood ceiling is counted in rate_limit_hits). */
    createdIpHash: text("created_ip_hash"),
    /** Hash of the visitor id in the creating browser's signed cookie. */
    visitorIdHash: text("visitor_id_hash"),
    status: conversationStatus("status").notNull().default("open"),
    assignedTo: uuid("assigned_to").references(() => users.id, { onDelete: "set null" }),
    /** Paths of the storefront the visitor sent messages from, oldest first, at most 20. */
    pagesVisited: jsonb("pages_visited").$type<string[]>().notNull().default([]),
    /** Visitor messages no staff member has seen yet (reset when staff open the conversation). */
    unreadForStaff: integer("unread_for_staff").notNull().default(0),
    /** When staff first opened it: null means a new conversation for the sidebar badge. */
    staffSeenAt: timestamp("staff_seen_at", { withTimezone: true }),
    /** Set by the first staff reply: from then on the bot stays silent. */
    staffRepliedAt: timestamp("staff_replied_at", { withTimezone: true }),
    /** Visitor questions in a row the bot could not answer; two hand the chat over to staff. */
    botUnmatched: integer("bot_unmatched").notNull().default(0),
    /** The bot's unfinished step (order tracking waiting for the number or the email/mobile), or null. */
    botState: jsonb("bot_state").$type<BotState>(),
    /** Last sign of the visitor's open chat stream (refreshed while it stays open); null once it closed. */
    visitorActiveAt: timestamp("visitor_active_at", { withTimezone: true }),
    /** When staff replies the visitor has not seen are to be emailed (null: nothing waiting). */
    replyMailDueAt: timestamp("reply_mail_due_at", { withTimezone: true }),
    /** When the last reply email went out: the next waits 15 minutes after it. */
    replyMailSentAt: timestamp("reply_mail_sent_at", { withTimezone: true }),
    /** The seq of the last message the visitor saw or was emailed: later staff replies are the next email's. */
    replyMailSeq: bigint("reply_mail_seq", { mode: "number" }).notNull().default(0),
    /** Hashes of the secrets in reply emails' links (newest last, at most 5), each reopening this conversation. */
    mailLinks: jsonb("mail_links").$type<MailLink[]>().notNull().default([]),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("support_conversations_status_idx").on(t.status, t.lastMessageAt.desc()),
    index("support_conversations_ip_idx").on(t.createdIpHash, t.createdAt),
    index("support_conversations_reply_mail_idx").on(t.replyMailDueAt),
  ],
);

export const supportMessages = pgTable(
  "support_messages",
  {
    id: id(),
    /**
     * Strictly increasing in insertion order. Inserts into one conversation are serialised by a
     * row lock on the conversation, so within a conversation seq order is commit order: a stream
     * resuming after Last-Event-ID = seq neither misses nor repeats a message.
     */
    seq: bigserial("seq", { mode: "number" }).notNull().unique(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => supportConversations.id, { onDelete: "cascade" }),
    /** visitor, ai, or the staff member's role. */
    senderType: text("sender_type").notNull(),
    senderName: text("sender_name").notNull(),
    message: text("message").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("support_messages_conversation_idx").on(t.conversationId, t.createdAt),
    index("support_messages_conversation_seq_idx").on(t.conversationId, t.seq),
    check("support_messages_length", sql`char_length(${t.message}) between 1 and 2000`),
  ],
);

/** Ready-made answers staff insert into a reply. */
export const supportCannedReplies = pgTable("support_canned_replies", {
  id: id(),
  title: text("title").notNull(),
  body: text("body").notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
