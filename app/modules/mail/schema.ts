import { index, pgEnum, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, id } from "~/db/columns";

/** outbox: kept here for staff to read (no SMTP configured); sent / failed: handed to SMTP. */
export const mailStatus = pgEnum("mail_status", ["outbox", "sent", "failed"]);

export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: id(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    /** Only kept while the message has not left through SMTP (it may hold a sign-in link). */
    text: text("text"),
    html: text("html"),
    status: mailStatus("status").notNull(),
    error: text("error"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [index("mail_outbox_created_idx").on(t.createdAt.desc())],
);
