import { index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt, version } from "~/db/columns";

/**
 * outbox: kept here for staff to read (no SMTP configured); queued: waiting for (another try at)
 * SMTP; sent / failed: handed to SMTP, or given up on after the last try.
 */
export const mailStatus = pgEnum("mail_status", ["outbox", "queued", "sent", "failed"]);

export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: id(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    /** Only kept while the message has not left through SMTP (it may hold a sign-in link). */
    text: text("text"),
    html: text("html"),
    /** Sent as the List-Unsubscribe header; dropped with the body once sent (it is a secret link). */
    unsubscribeUrl: text("unsubscribe_url"),
    status: mailStatus("status").notNull(),
    /** The template it was written from (null: a mail composed in code). */
    kind: text("kind"),
    /**
     * The event that caused it (`order:<id>:shipped`): unique, so a repeated webhook, a retried
     * transition or a second process handling the same event adds nothing and sends nothing.
     */
    eventKey: text("event_key"),
    /** SMTP tries so far. */
    attempts: integer("attempts").notNull().default(0),
    error: text("error"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [index("mail_outbox_created_idx").on(t.createdAt.desc()), uniqueIndex("mail_outbox_event_key_idx").on(t.eventKey)],
);

/**
 * Staff's wording of a template; no row, or null subject and body, means the default in code.
 * Restoring the default keeps the row (nulls, version + 1) so an editor open from before cannot
 * save over it unnoticed.
 */
export const emailTemplates = pgTable("email_templates", {
  kind: text("kind").primaryKey(),
  subject: text("subject"),
  body: text("body"),
  version: version(),
  updatedBy: text("updated_by"),
  updatedAt: updatedAt(),
});
