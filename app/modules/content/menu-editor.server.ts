import { and, desc, eq, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/types";
import { outcomeOf, StaleRecordError, type SaveOutcome } from "~/lib/save-outcome";
import { recordAudit, type AuditActor } from "~/modules/audit/audit.server";
import type { EventBus } from "~/modules/events/events.server";
import { notifyContentChanged } from "./content-events.server";
import { normaliseMenu } from "./menus.server";
import { menus, type MenuItem } from "./schema";

// The header menu editor's face: the active header menu row, version-checked.
// Version 0 means no header menu exists yet (the storefront shows its fallback menu).

async function activeHeaderRow(db: DbOrTx) {
  const [row] = await db
    .select({ id: menus.id, items: menus.items, version: menus.version })
    .from(menus)
    .where(and(eq(menus.type, "header"), eq(menus.isActive, true)))
    .orderBy(desc(menus.updatedAt))
    .limit(1);
  return row ?? null;
}

export async function loadMenuEditor(db: Db): Promise<{ items: MenuItem[]; version: number }> {
  const row = await activeHeaderRow(db);
  return { items: normaliseMenu(row?.items), version: row?.version ?? 0 };
}

/** Replaces the header menu's entries (already validated by the form's schema), renumbering every order. */
export async function saveHeaderMenu(services: { db: Db; events: EventBus }, actor: AuditActor, items: MenuItem[], expectedVersion: number): Promise<SaveOutcome> {
  const ordered: MenuItem[] = items.map((item, i) =>
    item.type === "simple"
      ? { ...item, order: i + 1 }
      : { ...item, order: i + 1, sections: item.sections.map((s) => ({ title: s.title, links: s.links.map((l, j) => ({ ...l, order: j + 1 })) })) },
  );
  const outcome = await outcomeOf(() =>
    services.db.transaction(async (tx) => {
      const row = await activeHeaderRow(tx);
      let version: number;
      if (!row) {
        if (expectedVersion !== 0) throw new StaleRecordError("The header menu");
        const [created] = await tx.insert(menus).values({ type: "header", isActive: true, items: ordered }).returning({ id: menus.id, version: menus.version });
        version = created!.version;
        await recordAudit(tx, { actor, module: "content", action: "create", targetId: created!.id, after: { items: ordered } });
      } else {
        const [updated] = await tx
          .update(menus)
          .set({ items: ordered, version: sql`${menus.version} + 1`, updatedAt: new Date() })
          .where(and(eq(menus.id, row.id), eq(menus.version, expectedVersion)))
          .returning({ version: menus.version });
        if (!updated) throw new StaleRecordError("The header menu");
        version = updated.version;
        await recordAudit(tx, { actor, module: "content", action: "edit", targetId: row.id, before: { items: row.items }, after: { items: ordered } });
      }
      return { message: "Header menu saved.", version };
    }),
  );
  if (outcome.ok) await notifyContentChanged(services.events, "menu");
  return outcome;
}
