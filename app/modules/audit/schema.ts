import { index, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, id } from "~/db/columns";
import { users } from "~/modules/staff/schema";

export type AuditChanges = { before?: Record<string, unknown>; after?: Record<string, unknown> };

/** Who did what to which record, with a compact before/after of the changed fields (never secrets). */
export const auditLog = pgTable(
  "audit_log",
  {
    id: id(),
    /** Null once the acting user is deleted; the email stays for the record. */
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorEmail: text("actor_email").notNull(),
    /** A permission module (catalog, sales, ...) or "account" for a user's own sign-in and security. */
    module: text("module").notNull(),
    action: text("action").notNull(),
    targetId: text("target_id"),
    changes: jsonb("changes").$type<AuditChanges>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_log_created_idx").on(t.createdAt.desc()),
    index("audit_log_actor_idx").on(t.actorId, t.createdAt.desc()),
    index("audit_log_module_idx").on(t.module, t.createdAt.desc()),
  ],
);
