import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { AppConfig } from "./config.server";
import { openDatabase, type Database } from "./db/database.server";
import type { Db } from "./db/types";
import { createLogger, type Logger } from "./lib/logger.server";
import { createEventBus, type EventBus } from "./modules/events/event-bus.server";
import { createMailer, type Mailer } from "./modules/mail/mail.server";
import { s3Storage } from "./modules/media/s3-storage.server";
import { localDiskStorage, type MediaStorage } from "./modules/media/storage.server";
import { createAuth, type Auth } from "./modules/staff/auth.server";
import { resetPasswordMail, verifyEmailMail } from "./modules/staff/staff-mail.server";
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
  version: string;
  close(): Promise<void>;
};

export async function openServices(config: AppConfig, opts: { version?: string; log?: Logger } = {}): Promise<AppServices> {
  const log = opts.log ?? createLogger(config.logLevel);
  const database = config.databaseUrl
    ? await openDatabase({ kind: "postgres", url: config.databaseUrl, poolSize: config.databasePoolSize })
    : await openDatabase({ kind: "pglite", dataDir: config.dataDir });
  try {
    await database.migrate();
    const storage = config.s3 ? s3Storage(config.s3) : localDiskStorage(path.join(config.dataDir, "media"));
    const shouldSeed =
      config.seedDemo === "always" || (config.seedDemo === "auto" && database.kind === "pglite");
    if (shouldSeed && (await isStoreEmpty(database.db))) {
      const started = Date.now();
      const { products } = await seedDemoStore(database.db, storage);
      log.info({ products, ms: Date.now() - started }, "seeded the demo store");
    }
    const mailer = createMailer(database.db, { smtpUrl: config.smtpUrl, from: config.mailFrom, log });
    const auth = createAuth(database.db, {
      secret: authSecret(config),
      baseURL: config.publicUrl,
      sendResetPassword: ({ email, link }) => mailer.send(resetPasswordMail(email, link)),
      sendVerificationEmail: ({ email, link }) => mailer.send(verifyEmailMail(email, link)),
    });
    const events = await createEventBus(database, log);
    return {
      config,
      database,
      db: database.db,
      auth,
      storage,
      events,
      mailer,
      log,
      version: opts.version ?? "dev",
      async close() {
        await events.close();
        await database.close();
      },
    };
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
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(config.dataDir, { recursive: true });
    const secret = crypto.randomBytes(32).toString("base64url");
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}
