import { and, count, desc, eq, inArray, ne, sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import type { Db, DbOrTx } from "~/db/types";
import type { Logger } from "~/lib/logger.server";
import type { JobQueue } from "~/modules/jobs/jobs.server";
import { mailOutbox } from "./schema";
import { renderTemplate } from "./template-store.server";
import type { TemplateKind } from "./templates";

export { getTemplate, listTemplates, previewTemplate, renderTemplate, restoreTemplate, saveTemplate, shopValues, type TemplateSaveResult, type TemplateState } from "./template-store.server";
export { renderWords } from "./template-store.server";
export type { RenderedMail } from "./template-render.server";

export type MailMessage = { to: string; subject: string; text: string; html?: string };

export type SendOptions = {
  /**
   * The event this mail is about (`order:<id>:shipped`). A second send with the same key sends
   * nothing: a repeated webhook, a retried transition or two processes handling one event make
   * one mail. Without a key every send is a new mail (a password reset asked for twice).
   */
  eventKey?: string;
  /** The template it was written from, kept on the outbox row. */
  kind?: TemplateKind;
  /**
   * A link that stops mails like this one: sent as List-Unsubscribe with List-Unsubscribe-Post
   * (RFC 8058), so mail apps offer their own one-click "Unsubscribe" that POSTs to it.
   */
  unsubscribeUrl?: string;
};

export type Mailer = {
  /**
   * Without SMTP, keeps the message in the outbox for staff to read. With SMTP, records it in the
   * outbox as queued and, with a job queue attached (the server), hands it to the queue in the
   * same transaction and returns at once: a slow or hanging mail server never holds up a
   * shopper's order or a sign-in, and a failed send is tried again with back-off (MAIL_RETRIES
   * times; the row keeps the attempts and the last error) before it is marked failed. Without a
   * queue (command-line tools), sends at once within the time limits below. Never throws for a
   * mail server's fault. Returns false when the event key was already used (nothing sent).
   */
  send(message: MailMessage, options?: SendOptions): Promise<boolean>;
  /** The template `kind` in the staff's current wording with these values, sent as above. */
  sendTemplate(kind: TemplateKind, to: string, data: Readonly<Record<string, string>>, options?: { eventKey?: string; subjectPrefix?: string; unsubscribeUrl?: string }): Promise<boolean>;
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

/** A queued job: the outbox row to send (jobs queued before the outbox kept SMTP mail carry the message itself). */
type MailJob = { outboxId: string } | MailMessage;

export function createMailer(db: Db, options: { smtpUrl?: string; from: string; log: Logger; publicUrl?: string }): Mailer {
  const smtp = options.smtpUrl ? nodemailer.createTransport({ url: options.smtpUrl, ...SMTP_LIMITS }) : null;
  let queue: JobQueue | null = null;

  /** The row for this message, or null when its event key was used before. */
  async function record(tx: DbOrTx, message: MailMessage, opts: SendOptions, status: "outbox" | "queued"): Promise<string | null> {
    const [row] = await tx
      .insert(mailOutbox)
      .values({ to: message.to, subject: message.subject, text: message.text, html: message.html ?? null, status, kind: opts.kind ?? null, eventKey: opts.eventKey ?? null, unsubscribeUrl: opts.unsubscribeUrl ?? null })
      .onConflictDoNothing({ target: mailOutbox.eventKey })
      .returning({ id: mailOutbox.id });
    return row?.id ?? null;
  }

  /** One try at SMTP for an outbox row; a failure is written on the row and thrown when another try is due. */
  async function deliver(outboxId: string, lastTry: boolean): Promise<void> {
    const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, outboxId));
    // Sent already (a job delivered twice) or erased meanwhile: nothing to do.
    if (!row || row.status === "sent" || row.status === "outbox") return;
    try {
      const headers = row.unsubscribeUrl ? { "List-Unsubscribe": `<${row.unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } : undefined;
      await smtp!.sendMail({ from: options.from, to: row.to, subject: row.subject, text: row.text ?? "", html: row.html ?? undefined, headers });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await db
        .update(mailOutbox)
        .set({ attempts: sql`${mailOutbox.attempts} + 1`, error: reason, status: lastTry ? "failed" : "queued" })
        .where(and(eq(mailOutbox.id, outboxId), ne(mailOutbox.status, "sent")));
      if (lastTry) {
        options.log.error({ err: error, to: row.to, subject: row.subject }, "sending mail failed");
        return;
      }
      options.log.warn({ err: error, to: row.to, attempt: row.attempts + 1 }, "sending mail failed; will try again");
      throw error;
    }
    // The body may hold a sign-in or reset link: once delivered, only the envelope is kept.
    await db
      .update(mailOutbox)
      .set({ status: "sent", sentAt: new Date(), text: null, html: null, unsubscribeUrl: null, error: null, attempts: sql`${mailOutbox.attempts} + 1` })
      .where(eq(mailOutbox.id, outboxId));
  }

  async function send(message: MailMessage, opts: SendOptions = {}): Promise<boolean> {
    if (!smtp) return (await record(db, message, opts, "outbox")) !== null;
    if (queue) {
      const jobs = queue;
      // The row and its job in one transaction: neither a queued row without a job nor a job without its row.
      return db.transaction(async (tx) => {
        const id = await record(tx, message, opts, "queued");
        if (id) await jobs.send(MAIL_JOB, { outboxId: id } satisfies MailJob, { tx });
        return id !== null;
      });
    }
    const id = await record(db, message, opts, "queued");
    if (!id) return false;
    await deliver(id, true);
    return true;
  }

  return {
    transport: smtp ? "smtp" : "outbox",
    send,
    async sendTemplate(kind, to, data, opts = {}) {
      // A duplicate event is refused before rendering (the insert refuses it again if two race).
      if (opts.eventKey) {
        const [seen] = await db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.eventKey, opts.eventKey));
        if (seen) return false;
      }
      const mail = await renderTemplate(db, options.publicUrl ?? "", kind, data);
      return send({ to, subject: `${opts.subjectPrefix ?? ""}${mail.subject}`, text: mail.text, html: mail.html }, { kind, eventKey: opts.eventKey, unsubscribeUrl: opts.unsubscribeUrl });
    },
    async useQueue(jobs) {
      if (!smtp) return;
      await jobs.declare({ name: MAIL_JOB, retryLimit: MAIL_RETRIES, retryDelaySeconds: 30 });
      queue = jobs;
      await jobs.work<MailJob>(MAIL_JOB, async (data, job) => {
        // Thrown, pg-boss tries again later with back-off; on the last try the failure stays on the row.
        if ("outboxId" in data) return deliver(data.outboxId, job.retryCount >= MAIL_RETRIES);
        const eventKey = `mail-job:${job.id}`;
        await record(db, data, { eventKey }, "queued");
        const [row] = await db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.eventKey, eventKey));
        if (row) await deliver(row.id, job.retryCount >= MAIL_RETRIES);
      });
    },
  };
}

export type OutboxEntry = {
  id: string;
  to: string;
  subject: string;
  text: string | null;
  /** The List-Unsubscribe link it carries, until sent. */
  unsubscribeUrl: string | null;
  status: "outbox" | "queued" | "sent" | "failed";
  kind: string | null;
  attempts: number;
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
      unsubscribeUrl: mailOutbox.unsubscribeUrl,
      status: mailOutbox.status,
      kind: mailOutbox.kind,
      attempts: mailOutbox.attempts,
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
