import type { AppServices } from "~/services.server";
import type { SupportDeps } from "./conversations.server";

export function supportDeps(services: Pick<AppServices, "db" | "events" | "log" | "config" | "mailer">): SupportDeps {
  return { db: services.db, events: services.events, log: services.log, llm: services.config.llm, mailer: services.mailer, publicUrl: services.config.publicUrl };
}
