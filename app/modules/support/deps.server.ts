import type { Db } from "~/db/types";
import type { Logger } from "~/lib/logger.server";
import type { EventBus } from "~/modules/events/events.server";
import type { Mailer } from "~/modules/mail/mail.server";
import type { SupportDeps } from "./conversations.server";

export function supportDeps(services: { db: Db; events: EventBus; log: Logger; mailer: Mailer; config: { llm: SupportDeps["llm"]; publicUrl: string } }): SupportDeps {
  return { db: services.db, events: services.events, log: services.log, llm: services.config.llm, mailer: services.mailer, publicUrl: services.config.publicUrl };
}
