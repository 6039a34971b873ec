import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { AppConfig } from "./config.server";
import { DatabaseStartupError, openDatabase, type Database } from "./db/database.server";
import type { Db } from "./db/types";
import { createLogger, type Logger } from "./lib/logger.server";
import { createEventBus, type EventBus } from "~/modules/events/events.server";
import { openJobQueue, type JobQueue } from "~/modules/jobs/jobs.server";
import { createMailer, type Mailer } from "~/modules/mail/mail.server";
import { s3Storage, localDiskStorage, type MediaStorage, sweepPartialWrites } from "~/modules/media/media.server";
import { declareOrderQueues, startOrderWorkers } from "~/modules/orders/orders.server";
import { createAuth, type Auth, sendResetPasswordMail, verifyEmailMail } from "~/modules/staff/staff.server";
import { isStoreEmpty, seedDemoStore } from "./seed/demo-store.server";

/** Everything a request needs, opened once per process and handed to loaders as context. */
export type AppServices = {
  config: AppConfig;
  database: Database;
  db: Db;
  auth: Auth;
  storage: MediaStorage;
  events: EventBus;
  mailer: Mailer;
  log: Logger;
  /** Durable background jobs (pg-boss on this database). */
  jobs?: JobQueue;
  version: string;
  close(): Promise<void>;
};

export type OpenServicesOptions = {
  version?: string;
  log?: Logger;
  /** Run background jobs in this process (the server does; command-line tools only send). Default true. */
  workers?: boolean;
};

export async function openServices(given: AppConfig, opts: OpenServicesOptions = {}): Promise<AppServices> {
  // The secret is resolved once, so every part of the process (sessions, the first-run setup
  // code) reads the same value from config.authSecret.
  const config: AppConfig = { ...given, authSecret: authSecret(given) };
  const log = opts.log ?? createLogger(config.logLevel);
  const database = config.databaseUrl
    ? await openDatabase({ kind: "postgres", url: config.databaseUrl, poolSize: config.databasePoolSize })
    : await openDatabase({ kind: "pglite", dataDir: config.dataDir });
  try {
    await database.migrate();
    const mediaRoot = path.join(config.dataDir, "media");
    const storage = config.s3 ? s3Storage(config.s3) : localDiskStorage(mediaRoot);
    if (!config.s3) {
      const swept = await sweepPartialWrites(mediaRoot);
      if (swept) log.warn({ files: swept }, "removed media files left half-written by a process that stopped mid-write");
    }
    const shouldSeed =
      config.seedDemo === "always" || (config.seedDemo === "auto" && database.kind === "pglite");
    if (shouldSeed) {
      // Under the lock, so processes starting together seed once.
      await database.exclusive("seed-demo", async () => {
        if (!(await isStoreEmpty(database.db))) return;
        const started = Date.now();
        const { products } = await seedDemoStore(database.db, storage);
        log.info({ products, ms: Date.now() - started }, "seeded the demo store");
      });
    }
    const mailer = createMailer(database.db, { smtpUrl: config.smtpUrl, from: config.mailFrom, log, publicUrl: config.publicUrl });
    const auth = createAuth(database.db, {
      secret: config.authSecret!,
      baseURL: config.publicUrl,
      sendResetPassword: ({ email, link }) => sendResetPasswordMail(mailer, email, link),
      sendVerificationEmail: async ({ email, link }) => void (await mailer.send(verifyEmailMail(email, link))),
    });
    const events = await createEventBus(database, log);
    const jobs = await openJobQueue(database, { log });
    const services: AppServices = {
      config,
      database,
      db: database.db,
      auth,
      storage,
      events,
      mailer,
      log,
      jobs,
      version: opts.version ?? "dev",
      async close() {
        // Jobs first: their work in flight still needs the database and the event bus.
        await jobs.stop().catch((error) => log.error({ err: error }, "stopping the job queue failed"));
        await events.close();
        await database.close();
      },
    };
    try {
      // Command-line tools send their mail at once: no worker of theirs would be left to send it.
      // Queues are declared under a lock: pg-boss creates each queue's table, and two processes
      // starting together on one PostgreSQL (WEB_CONCURRENCY) could otherwise deadlock there.
      await database.exclusive("declare-job-queues", async () => {
        if (opts.workers ?? true) await mailer.useQueue(jobs);
        await declareOrderQueues(jobs);
      });
      if (opts.workers ?? true) await startOrderWorkers({ ...services, jobs });
    } catch (error) {
      await services.close().catch(() => {});
      throw error;
    }
    return services;
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
}

/** AUTH_SECRET when set; otherwise a random secret kept in DATA_DIR so sessions survive restarts. */
function authSecret(config: AppConfig): string {
  if (config.authSecret) return config.authSecret;
  const file = path.join(config.dataDir, "auth-secret");
  try {
    fs.mkdirSync(config.dataDir, { recursive: true });
    fs.accessSync(config.dataDir, fs.constants.W_OK);
  } catch (error) {
    // The secret is the first thing written to DATA_DIR: say so in the start-up's own words.
    throw new DatabaseStartupError(`DATA_DIR ${config.dataDir} is not writable: ${error instanceof Error ? error.message : String(error)}`);
  }
  const existing = readSecret(file);
  if (existing) return existing;
  // Written to a private temporary file and linked into place: several processes starting at
  // once on one DATA_DIR (WEB_CONCURRENCY) all end up with the first one's secret, never a
  // half-written file.
  const temp = `${file}.${process.pid}.${crypto.randomBytes(4).toString("hex")}`;
  fs.writeFileSync(temp, crypto.randomBytes(32).toString("base64url"), { mode: 0o600 });
  try {
    fs.linkSync(temp, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    fs.rmSync(temp, { force: true });
  }
  return readSecret(file)!;
}

function readSecret(file: string): string | null {
  try {
    return fs.readFileSync(file, "utf8").trim() || null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}
