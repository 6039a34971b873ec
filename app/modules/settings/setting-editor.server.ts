import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/types";
import { StaleRecordError } from "~/lib/save-outcome";
import { recordAudit, type AuditActor } from "~/modules/audit/audit.server";
import type { EventBus } from "~/modules/events/events.server";
import { TOPICS } from "~/modules/events/events";
import { siteSettings } from "./schema";
import { getSetting, SETTINGS, type SettingKey, type SettingValue } from "./site-settings.server";

// Staff edits of a setting: the editor carries the version it loaded (0 when the row does not
// exist yet); a save naming another version is refused, never silently overwritten.

export async function readSettingForEdit<K extends SettingKey>(db: DbOrTx, key: K): Promise<{ value: SettingValue<K>; version: number }> {
  const [row] = await db.select({ version: siteSettings.version }).from(siteSettings).where(eq(siteSettings.key, key));
  return { value: await getSetting(db, key), version: row?.version ?? 0 };
}

/**
 * Stores a setting if it is still at `expectedVersion`, inside the caller's transaction, with its
 * audit row. Throws StaleRecordError (naming `what`) otherwise. Returns the new version.
 */
export async function saveSettingChecked<K extends SettingKey>(
  tx: DbOrTx,
  change: { key: K; value: SettingValue<K>; expectedVersion: number; actor: AuditActor; module: string; what: string; plural?: boolean },
): Promise<number> {
  const value = SETTINGS[change.key].schema.parse(change.value);
  const before = await getSetting(tx, change.key);
  let version: number | undefined;
  if (change.expectedVersion === 0) {
    const [row] = await tx.insert(siteSettings).values({ key: change.key, value }).onConflictDoNothing().returning({ version: siteSettings.version });
    version = row?.version;
  } else {
    const [row] = await tx
      .update(siteSettings)
      .set({ value, version: sql`${siteSettings.version} + 1`, updatedAt: new Date() })
      .where(and(eq(siteSettings.key, change.key), eq(siteSettings.version, change.expectedVersion)))
      .returning({ version: siteSettings.version });
    version = row?.version;
  }
  if (version === undefined) throw new StaleRecordError(change.what, { plural: change.plural });
  await recordAudit(tx, {
    actor: change.actor,
    module: change.module,
    action: "edit",
    targetId: change.key,
    before: asRecord(before),
    after: asRecord(value),
  });
  return version;
}

/** The audit row's before/after: the setting's own fields (its key is the row's target). */
function asRecord(value: unknown): Record<string, unknown> {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : { value };
}

/** After the commit: open storefront pages that show this setting reload it. */
export async function publishSettingChanged(events: EventBus, key: SettingKey): Promise<void> {
  await events.publish(TOPICS.settingChanged, { key });
}
