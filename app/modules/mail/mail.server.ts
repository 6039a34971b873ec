import { count, desc, eq, inArray, sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import type { Db, DbOrTx } from "~/db/types";
import type { Logger } from "~/lib/logger.server";
import type { JobQueue } from "~/modules/jobs/jobs.server";
import { mailOutbox } from "./schema";

export type MailMessage = { to: string; subject: string; text: string; html?: string };

export type Mailer = {
  /**
   * Without SMTP, keeps the message in the outbox for staff to read. With SMTP and a job queue
   * attached (the server), hands it to the queue and returns at once: a slow or hanging mail
   * server never holds up a shopper's order or a sign-in, and a failed send is tried again with
   * back-off (MAIL_RETRIES times) before it is recorded as failed. Without a queue (command-line
   * tools), sends at once within the time limits below. Never throws for a mail server's fault.
   */
  send(message: MailMessage): Promise<void>;
  /** From now on, SMTP sends go through this queue, which this process also works. */
  useQueue(jobs: JobQueue): Promise<void>;
  readonly transport: "smtp" | "outbox";
};

const MAIL_JOB = "mail.send";
/** Tries after the first failure (back-off from 30 s doubles: about 30 s, 1, 2, 4, 8 min...). */
export const MAIL_RETRIES = 6;

// A mail server that accepts the connection and then says nothing would otherwise hold a send
// for minutes (nodemailer's own limits are 2 min to connect, 30 s for the greeting, 10 min idle).
const SMTP_LIMITS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

export function createMailer(db: Db, options: { smtpUrl?: string; from: string; log: Logger }): Mailer {
  const smtp = options.smtpUrl ? nodemailer.createTransport({ url: options.smtpUrl, ...SMTP_LIMITS }) : null;
  let queue: JobQueue | null = null;

  async function deliver(message: MailMessage): Promise<void> {
    await smtp!.sendMail({ from: options.from, to: message.to, subject: message.subject, text: message.text, html: message.html });
    // The body may hold a sign-in or reset link: once delivered, only the envelope is kept.
    await db.insert(mailOutbox).values({ to: message.to, subject: message.subject, status: "sent", sentAt: new Date() });
  }

  async function recordFailure(message: MailMessage, error: unknown): Promise<void> {
    options.log.error({ err: error, to: message.to, subject: message.subject }, "sending mail failed");
    await db.insert(mailOutbox).values({
      to: message.to,
      subject: message.subject,
      status: "failed",
      error: error instanceof Error ? error.message : String(error),
    });
  }

  return {
    transport: smtp ? "smtp" : "outbox",
    async send(message) {
      if (!smtp) {
        await db.insert(mailOutbox).values({ to: message.to, subject: message.subject, text: message.text, html: message.html ?? null, status: "outbox" });
        return;
      }
      if (queue) {
        await queue.send(MAIL_JOB, message);
        return;
      }
      try {
        await deliver(message);
      } catch (error) {
        await recordFailure(message, error);
      }
    },
    async useQueue(jobs) {
      if (!smtp) return;
      await jobs.declare({ name: MAIL_JOB, retryLimit: MAIL_RETRIES, retryDelaySeconds: 30 });
      queue = jobs;
      await jobs.work<MailMessage>(MAIL_JOB, async (message, job) => {
        try {
          await deliver(message);
        } catch (error) {
          // Thrown, pg-boss tries again later; on the last try the failure is kept for staff.
          if (job.retryCount < MAIL_RETRIES) {
            options.log.warn({ err: error, to: message.to, attempt: job.retryCount + 1 }, "sending mail failed; will try again");
            throw error;
          }
          await recordFailure(message, error);
        }
      });
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
