import { index, pgEnum, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "~/db/columns";
import { users } from "~/modules/staff/schema";

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
    status: conversationStatus("status").notNull().default("open"),
    assignedTo: uuid("assigned_to").references(() => users.id, { onDelete: "set null" }),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("support_conversations_status_idx").on(t.status, t.lastMessageAt.desc())],
);

export const supportMessages = pgTable(
  "support_messages",
  {
    id: id(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => supportConversations.id, { onDelete: "cascade" }),
    /** visitor, ai, or the staff member's role. */
    senderType: text("sender_type").notNull(),
    senderName: text("sender_name").notNull(),
    message: text("message").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("support_messages_conversation_idx").on(t.conversationId, t.createdAt)],
);
