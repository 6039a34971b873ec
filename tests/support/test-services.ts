import type { AppConfig } from "~/config.server";
import type { DatabaseKind } from "~/db/types";
import { createLogger } from "~/lib/logger.server";
import { createLocalEventBus, type EventBus } from "~/modules/events/event-bus.server";
import { openJobQueue, type JobQueue } from "~/modules/jobs/job-queue.server";
import { createMailer } from "~/modules/mail/mail.server";
import { declareOrderQueues } from "~/modules/orders/order-jobs.server";
import { createAuth } from "~/modules/staff/auth.server";
import { sendResetPasswordMail, verifyEmailMail } from "~/modules/staff/staff-mail.server";
import type { Role } from "~/modules/staff/roles";
import { upsertStaffUser } from "~/modules/staff/staff-users.server";
import type { AppServices } from "~/services.server";
import { openTestDatabase } from "./test-database";

export const TEST_PUBLIC_URL = "http://localhost:3000";

export type TestServicesOptions = {
  seeded?: boolean;
  /** Start the job queue (pg-boss) with the orders' queues declared; workers are started by the test. */
  jobs?: boolean;
  /** Online payment against this Razorpay (a local fake). */
  razorpay?: AppConfig["razorpay"];
};

/** The services a request gets, on a fresh test database (mail stays in the outbox). */
export async function openTestServices(kind: DatabaseKind, opts: TestServicesOptions = {}): Promise<AppServices> {
  const database = await openTestDatabase(kind, opts);
  const log = createLogger("silent");
  const config: AppConfig = {
    env: "test",
    port: 3000,
    host: "127.0.0.1",
    dataDir: "/nonexistent",
    databaseUrl: undefined,
    databasePoolSize: 4,
    publicUrl: TEST_PUBLIC_URL,
    authSecret: "test-secret-test-secret-test-secret!",
    logLevel: "silent",
    seedDemo: "never",
    smtpUrl: undefined,
    mailFrom: "GLACIAL <no-reply@glacial.in>",
    trustProxy: false,
    llm: null,
    imageCacheMaxBytes: 64 * 1024 * 1024,
    metrics: { allow: ["127.0.0.1", "::1"] },
    razorpay: opts.razorpay ?? null,
    cartReminderMinutes: 60,
  };
  const mailer = createMailer(database.db, { from: config.mailFrom, log, publicUrl: config.publicUrl });
  const auth = createAuth(database.db, {
    secret: config.authSecret!,
    baseURL: config.publicUrl,
    sendResetPassword: ({ email, link }) => sendResetPasswordMail(mailer, email, link),
    sendVerificationEmail: async ({ email, link }) => void (await mailer.send(verifyEmailMail(email, link))),
  });
  const events = inProcessEvents();
  let jobs: JobQueue | undefined;
  if (opts.jobs) {
    jobs = await openJobQueue(database, { log, pollingIntervalSeconds: 0.5 });
    await declareOrderQueues(jobs);
  }
  return {
    config,
    database,
    db: database.db,
    auth,
    storage: database.storage,
    events,
    mailer,
    log,
    jobs,
    version: "test",
    async close() {
      await jobs?.stop();
      await events.close();
      await database.close();
    },
  };
}

export async function createStaff(services: AppServices, email: string, roles: Role[], password = "a long test passphrase") {
  const { id } = await upsertStaffUser(services.db, services.auth, { email, password, roles });
  return { id, email, password };
}

/** A request as the browser would send it, from the given IP, with the given cookies. */
export function requestFrom(path: string, opts: { cookie?: string; ip?: string; method?: string } = {}): Request {
  const headers = new Headers({ "x-forwarded-for": opts.ip ?? "10.0.0.1" });
  if (opts.cookie) headers.set("cookie", opts.cookie);
  return new Request(`${TEST_PUBLIC_URL}${path}`, { method: opts.method ?? "GET", headers });
}

/** "name=value; name2=value2" from Set-Cookie headers (expired ones dropped). */
export function cookieHeader(headers: Headers): string {
  return headers
    .getSetCookie()
    .filter((c) => !/max-age=0/i.test(c))
    .map((c) => c.split(";")[0])
    .join("; ");
}

// The staff tests publish no events; an in-process bus keeps PostgreSQL's LISTEN connection out
// of the way when the test database is dropped.
export function inProcessEvents(): EventBus {
  return createLocalEventBus();
}
