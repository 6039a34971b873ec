import type { Db, DbOrTx } from "~/db/types";
import { StaleRecordError } from "~/lib/save-outcome";
import { recordAudit, type AuditActor } from "~/modules/audit/audit.server";
import type { EventBus } from "~/modules/events/events.server";
import { createBypassToken, revokeBypassToken } from "./maintenance.server";
import { publishSettingChanged, readSettingForEdit, saveSettingChecked } from "./setting-editor.server";
import { getSetting, SETTINGS, type SettingKey, type SettingValue } from "./site-settings.server";

// The back office's face for site settings: versioned, audited saves that announce themselves.


export type Versioned<K extends SettingKey> = { value: SettingValue<K>; version: number };

/** Each setting with the version the form must send back (0 when it was never saved). */
export async function readVersionedSettings<K extends SettingKey>(db: Db, keys: readonly K[]): Promise<{ [P in K]: Versioned<P> }> {
  const out = {} as { [P in K]: Versioned<P> };
  for (const key of keys) out[key] = (await readSettingForEdit(db, key)) as Versioned<typeof key>;
  return out;
}

export type SettingChange = { [K in SettingKey]: { key: K; value: SettingValue<K>; expectedVersion: number } }[SettingKey];

async function assertCurrent(tx: DbOrTx, change: SettingChange): Promise<void> {
  const { version } = await readSettingForEdit(tx, change.key);
  if (version !== change.expectedVersion) throw new StaleRecordError("These settings", { plural: true });
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
      // The union of changes does not narrow to one key for the generic writer; each member is one.
      await saveSettingChecked(tx, { ...change, actor, module: "settings", what: "These settings", plural: true } as Parameters<typeof saveSettingChecked>[1]);
      keys.push(change.key);
    }
    return keys;
  });
  for (const key of changed) await publishSettingChanged(services.events, key);
  return { changed };
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
