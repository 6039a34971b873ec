import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/types";
import { recordAudit, type AuditActor } from "~/modules/audit/audit.server";
import type { EventBus } from "~/modules/events/event-bus.server";
import { TOPICS } from "~/modules/events/topics";
import { createBypassToken, revokeBypassToken } from "./maintenance.server";
import { siteSettings } from "./schema";
import { getSetting, SETTINGS, type SettingKey, type SettingValue } from "./settings.server";

// The back office's face for site settings: versioned, audited saves that announce themselves.

export class StaleSettingsError extends Error {
  constructor() {
    super("These settings were changed by someone else — reload to see their changes.");
  }
}

export type Versioned<K extends SettingKey> = { value: SettingValue<K>; version: number };

/** Each setting with the version the form must send back (0 when it was never saved). */
export async function readVersionedSettings<K extends SettingKey>(db: Db, keys: readonly K[]): Promise<{ [P in K]: Versioned<P> }> {
  const rows = await db.select({ key: siteSettings.key, version: siteSettings.version }).from(siteSettings).where(inArray(siteSettings.key, [...keys]));
  const out = {} as { [P in K]: Versioned<P> };
  for (const key of keys) {
    out[key] = { value: await getSetting(db, key), version: rows.find((r) => r.key === key)?.version ?? 0 } as Versioned<typeof key>;
  }
  return out;
}

export type SettingChange = { [K in SettingKey]: { key: K; value: SettingValue<K>; expectedVersion: number } }[SettingKey];

/** Writes one setting only if it still has the version the editor read; otherwise StaleSettingsError. */
async function writeIfCurrent(tx: Tx, change: SettingChange): Promise<void> {
  const value = SETTINGS[change.key].schema.parse(change.value);
  if (change.expectedVersion === 0) {
    const inserted = await tx.insert(siteSettings).values({ key: change.key, value }).onConflictDoNothing().returning({ key: siteSettings.key });
    if (!inserted.length) throw new StaleSettingsError();
    return;
  }
  const updated = await tx
    .update(siteSettings)
    .set({ value, version: sql`${siteSettings.version} + 1`, updatedAt: new Date() })
    .where(and(eq(siteSettings.key, change.key), eq(siteSettings.version, change.expectedVersion)))
    .returning({ key: siteSettings.key });
  if (!updated.length) throw new StaleSettingsError();
}

async function assertCurrent(tx: Tx, change: SettingChange): Promise<void> {
  const [row] = await tx.select({ version: siteSettings.version }).from(siteSettings).where(eq(siteSettings.key, change.key));
  if ((row?.version ?? 0) !== change.expectedVersion) throw new StaleSettingsError();
}

/**
 * Saves several settings in one transaction with one audit row each (only those that changed),
 * then publishes settings.changed for each so open storefronts and caches in every process follow.
 * A stale version anywhere refuses the whole save.
 */
export async function saveSettings(services: { db: Db; events: EventBus }, actor: AuditActor, changes: SettingChange[]): Promise<{ changed: SettingKey[] }> {
  const changed = await services.db.transaction(async (tx) => {
    const keys: SettingKey[] = [];
    for (const change of changes) {
      const before = await getSetting(tx, change.key);
      if (JSON.stringify(before) === JSON.stringify(SETTINGS[change.key].schema.parse(change.value))) {
        // Nothing to write: still refuse a stale form, but bump no version and log nothing.
        await assertCurrent(tx, change);
        continue;
      }
      await writeIfCurrent(tx, change);
      keys.push(change.key);
      await recordAudit(tx, { actor, module: "settings", action: "edit", targetId: change.key, before: asRecord(before), after: asRecord(change.value) });
    }
    return keys;
  });
  for (const key of changed) await services.events.publish(TOPICS.settingChanged, { key });
  return { changed };
}

function asRecord(value: unknown): Record<string, unknown> {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : { value };
}

/** A bypass link for the maintenance gate, audited; the raw token is returned once and never logged. */
export async function createBypassLink(db: Db, actor: AuditActor, input: { label: string; expiresAt: Date }, now: Date = new Date()) {
  return db.transaction(async (tx) => {
    const created = await createBypassToken(tx, input, now);
    await recordAudit(tx, {
      actor,
      module: "settings",
      action: "create_bypass_link",
      targetId: created.id,
      after: { label: input.label.trim(), expiresAt: created.expiresAt },
    });
    return created;
  });
}

/** Revokes a bypass link, audited; false when it does not exist or was already revoked. */
export async function revokeBypassLink(db: Db, actor: AuditActor, id: string, now: Date = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const revoked = await revokeBypassToken(tx, id, now);
    if (revoked) await recordAudit(tx, { actor, module: "settings", action: "revoke_bypass_link", targetId: id, after: { revokedAt: now } });
    return revoked;
  });
}
