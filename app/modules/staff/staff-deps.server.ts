import type { Db } from "~/db/types";
import type { Logger } from "~/lib/logger.server";
import type { Mailer } from "~/modules/mail/mail.server";
import type { Auth } from "./auth.server";

/** What the staff module needs from the process (the composition root's services satisfy it). */
export type StaffDeps = {
  db: Db;
  auth: Auth;
  mailer: Mailer;
  log: Logger;
  config: { publicUrl: string; authSecret: string | undefined };
};
