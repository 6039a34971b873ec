import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { readConfig } from "~/config.server";
import type { DatabaseKind } from "~/db/types";
import { createLogger } from "~/lib/logger.server";
import { createEventBus } from "~/modules/events/event-bus.server";
import { createMailer } from "~/modules/mail/mail.server";
import { createAuth } from "~/modules/staff/auth.server";
import type { AppServices } from "~/services.server";
import { openTestDatabase } from "./test-database";

/** AppServices over a fresh test database (seeded with the demo store unless told otherwise), for in-process HTTP tests. */
export async function openTestServices(kind: DatabaseKind, opts: { seeded?: boolean } = {}): Promise<AppServices> {
  const database = await openTestDatabase(kind, { seeded: opts.seeded ?? true });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "glacial-support-"));
  const config = readConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent", NODE_ENV: "test" });
  const log = createLogger("silent");
  const events = await createEventBus(database, log);
  const auth = createAuth(database.db, { secret: "test-secret-test-secret-test-secret!", baseURL: "http://localhost" });
  return {
    config,
    database,
    db: database.db,
    auth,
    storage: database.storage,
    events,
    mailer: createMailer(database.db, { from: config.mailFrom, log }),
    log,
    version: "test",
    async close() {
      await events.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
