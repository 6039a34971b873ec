import { count, desc, eq, inArray, sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import type { Db, DbOrTx } from "~/db/types";
import type { Logger } from "~/lib/logger.server";
import { mailOutbox } from "./schema";

export type MailMessage = { to: string; subject: string; text: string; html?: string };

export type Mailer = {
  /** Sends through SMTP when configured, otherwise keeps the message in the outbox. Never throws. */
  send(message: MailMessage): Promise<void>;
  readonly transport: "smtp" | "outbox";
};

export function createMailer(db: Db, options: { smtpUrl?: string; from: string; log: Logger }): Mailer {
  const smtp = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  return {
    transport: smtp ? "smtp" : "outbox",
    async send(message) {
      if (!smtp) {
        await db.insert(mailOutbox).values({ to: message.to, subject: message.subject, text: message.text, html: message.html ?? null, status: "outbox" });
        return;
      }
      try {
        await smtp.sendMail({ from: options.from, to: message.to, subject: message.subject, text: message.text, html: message.html });
        // The body may hold a sign-in or reset link: once delivered, only the envelope is kept.
        await db.insert(mailOutbox).values({ to: message.to, subject: message.subject, status: "sent", sentAt: new Date() });
      } catch (error) {
        options.log.error({ err: error, to: message.to, subject: message.subject }, "sending mail failed");
        await db.insert(mailOutbox).values({
          to: message.to,
          subject: message.subject,
          status: "failed",
          error: error instanceof Error ? error.message : String(error),
        });
      }
    },
  };
}

export type OutboxEntry = {
  id: string;
  to: string;
  subject: string;
  text: string | null;
  status: "outbox" | "sent" | "failed";
  error: string | null;
  createdAt: Date;
};

export async function listOutbox(db: Db, opts: { limit?: number } = {}): Promise<OutboxEntry[]> {
  return db
    .select({
      id: mailOutbox.id,
      to: mailOutbox.to,
      subject: mailOutbox.subject,
      text: mailOutbox.text,
      status: mailOutbox.status,
      error: mailOutbox.error,
      createdAt: mailOutbox.createdAt,
    })
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(opts.limit ?? 100);
}

export async function countOutbox(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.status, "outbox"));
  return row?.n ?? 0;
}

/**
 * Erasure (the customers module): the mails kept for these addresses are deleted, inside the
 * caller's transaction. Returns how many.
 */
export async function forgetRecipients(tx: DbOrTx, emails: readonly string[]): Promise<number> {
  if (emails.length === 0) return 0;
  const lowered = [...new Set(emails.map((e) => e.toLowerCase()))];
  const gone = await tx.delete(mailOutbox).where(inArray(sql`lower(${mailOutbox.to})`, lowered)).returning({ id: mailOutbox.id });
  return gone.length;
}
