import path from "node:path";
import type { Database } from "~/db/database.server";
import type { Db } from "~/db/types";
import { staffUserInput, upsertStaffUser, type Auth, type StaffUserInput } from "~/modules/staff/staff.server";
import { dumpEmbeddedDatabase } from "./backup.server";
import { ControlError, type ControlHandlers } from "./control-socket.server";

// What a command-line tool may ask the running shop to do over its control socket. Each
// command validates its input again here: the socket is a boundary like any other.

export type UserCreateResult = { id: string; created: boolean; email: string; roles: string[] };

/** user:create's input checked, with the first problem named the way the command line names it (--email, --role). */
export function parseUserCreateInput(raw: unknown): { ok: true; data: StaffUserInput } | { ok: false; message: string } {
  const parsed = staffUserInput.safeParse(raw);
  if (parsed.success) return { ok: true, data: parsed.data };
  const issue = parsed.error.issues[0]!;
  const field = issue.path[0] === "roles" ? "--role" : `--${String(issue.path[0] ?? "input")}`;
  return { ok: false, message: `${field}: ${issue.message}` };
}

export async function createStaffUser(services: { db: Db; auth: Auth }, input: StaffUserInput): Promise<UserCreateResult> {
  const { id, created } = await upsertStaffUser(services.db, services.auth, input);
  return { id, created, email: input.email, roles: input.roles };
}

export function shopCommands(services: { db: Db; auth: Auth; database: Pick<Database, "pglite"> }, more: ControlHandlers = {}): ControlHandlers {
  return {
    // npm run backup: the embedded database dumped by the process that holds it, into the file named.
    backup: async (raw) => {
      const file = (raw as { file?: unknown } | null)?.file;
      if (typeof file !== "string" || !path.isAbsolute(file)) throw new ControlError("backup needs an absolute file path");
      return dumpEmbeddedDatabase(services.database, file);
    },
    "user:create": async (raw) => {
      const parsed = parseUserCreateInput(raw);
      if (!parsed.ok) throw new ControlError(parsed.message);
      return createStaffUser(services, parsed.data);
    },
    ...more,
  };
}
