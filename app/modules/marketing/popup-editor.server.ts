import { and, desc, eq, ne, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/types";
import { recordAudit, type AuditActor } from "~/modules/audit/audit.server";
import type { PopupFormValues } from "./popup-form";
import { popups } from "./schema";
import { NotFoundError, StaleRecordError } from "~/lib/save-outcome";

// The back office's face for popups: create, edit (version-checked), activate, delete.
// At most one popup is active: activating one deactivates the others in the same transaction.

export class PopupNotFoundError extends NotFoundError {
  constructor() {
    super("That popup no longer exists.");
  }
}

export type AdminPopup = typeof popups.$inferSelect;

export async function listPopupsForAdmin(db: Db): Promise<AdminPopup[]> {
  return db.select().from(popups).orderBy(desc(popups.isActive), desc(popups.updatedAt));
}

export async function getPopupForAdmin(db: Db, id: string): Promise<AdminPopup | null> {
  const [row] = await db.select().from(popups).where(eq(popups.id, id));
  return row ?? null;
}

function columns(input: PopupFormValues) {
  return {
    title: input.title,
    description: input.description,
    emailCollection: input.emailCollection,
    consentText: input.consentText,
    ctaText: input.ctaText,
    ctaLink: input.ctaLink,
    imageUrl: input.imageUrl,
    showFrequency: input.showFrequency,
    delaySeconds: input.delaySeconds,
    showOnPages: input.showOnPages,
    isActive: input.isActive,
  };
}

/**
 * Serialises activations: two staff activating different popups at once on PostgreSQL would
 * otherwise each deactivate "the others" and both commit as active.
 */
async function lockPopups(tx: Tx): Promise<void> {
  await tx.select({ id: popups.id }).from(popups).for("update");
}

/** Deactivates every other active popup; returns their titles so the UI can say which. */
async function deactivateOthers(tx: Tx, actor: AuditActor, keepId: string): Promise<string[]> {
  const others = await tx
    .update(popups)
    .set({ isActive: false, version: sql`${popups.version} + 1` })
    .where(and(eq(popups.isActive, true), ne(popups.id, keepId)))
    .returning({ id: popups.id, title: popups.title });
  for (const other of others) {
    await recordAudit(tx, { actor, module: "marketing", action: "deactivate_popup", targetId: other.id, before: { isActive: true }, after: { isActive: false } });
  }
  return others.map((o) => o.title);
}

export type PopupSaved = { id: string; version: number; deactivated: string[] };

/** Creates a popup, or updates one if it still has `expectedVersion`. */
export async function savePopup(
  db: Db,
  actor: AuditActor,
  input: PopupFormValues,
  target: { id?: undefined } | { id: string; expectedVersion: number },
): Promise<PopupSaved> {
  return db.transaction(async (tx) => {
    if (input.isActive) await lockPopups(tx);
    const values = columns(input);
    if (!target.id) {
      const [row] = await tx.insert(popups).values(values).returning({ id: popups.id, version: popups.version });
      await recordAudit(tx, { actor, module: "marketing", action: "create_popup", targetId: row!.id, after: values });
      const deactivated = input.isActive ? await deactivateOthers(tx, actor, row!.id) : [];
      return { id: row!.id, version: row!.version, deactivated };
    }
    const [before] = await tx.select().from(popups).where(eq(popups.id, target.id));
    if (!before) throw new PopupNotFoundError();
    if (before.version !== target.expectedVersion) throw new StaleRecordError("This popup");
    const [row] = await tx
      .update(popups)
      .set({ ...values, version: sql`${popups.version} + 1` })
      .where(and(eq(popups.id, target.id), eq(popups.version, target.expectedVersion)))
      .returning({ id: popups.id, version: popups.version });
    if (!row) throw new StaleRecordError("This popup");
    const old = columns(before as PopupFormValues);
    await recordAudit(tx, { actor, module: "marketing", action: "edit_popup", targetId: row.id, ...changedFields(old, values) });
    const deactivated = input.isActive ? await deactivateOthers(tx, actor, row.id) : [];
    return { id: row.id, version: row.version, deactivated };
  });
}

function changedFields(before: Record<string, unknown>, after: Record<string, unknown>) {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    b[key] = before[key];
    a[key] = after[key];
  }
  return { before: b, after: a };
}

/** Switches one popup on (turning any other off) or off, if it still has `expectedVersion`. */
export async function setPopupActive(db: Db, actor: AuditActor, id: string, active: boolean, expectedVersion: number): Promise<PopupSaved & { title: string }> {
  return db.transaction(async (tx) => {
    if (active) await lockPopups(tx);
    const [row] = await tx
      .update(popups)
      .set({ isActive: active, version: sql`${popups.version} + 1` })
      .where(and(eq(popups.id, id), eq(popups.version, expectedVersion)))
      .returning({ id: popups.id, version: popups.version, title: popups.title });
    if (!row) {
      const [exists] = await tx.select({ id: popups.id }).from(popups).where(eq(popups.id, id));
      throw exists ? new StaleRecordError("This popup") : new PopupNotFoundError();
    }
    await recordAudit(tx, { actor, module: "marketing", action: active ? "activate_popup" : "deactivate_popup", targetId: id, after: { isActive: active } });
    const deactivated = active ? await deactivateOthers(tx, actor, id) : [];
    return { id, version: row.version, title: row.title, deactivated };
  });
}

export async function deletePopup(db: Db, actor: AuditActor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(popups).where(eq(popups.id, id)).returning();
    if (!row) throw new PopupNotFoundError();
    await recordAudit(tx, { actor, module: "marketing", action: "delete_popup", targetId: id, before: { title: row.title, isActive: row.isActive } });
  });
}
