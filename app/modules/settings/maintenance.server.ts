import crypto from "node:crypto";
import { and, desc, eq, gt, isNull } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "~/db/types";
import type { EventBus } from "~/modules/events/events.server";
import { TOPICS } from "~/modules/events/events";
import { maintenanceBypassTokens } from "./schema";
import { getSetting, setSetting } from "./site-settings.server";

// The maintenance gate's state (settings key `maintenance`) and its bypass tokens.

export type MaintenanceState = { enabled: boolean; message: string };

export async function getMaintenanceState(db: Db): Promise<MaintenanceState> {
  return getSetting(db, "maintenance");
}

const maintenanceInput = z.object({ enabled: z.boolean(), message: z.string().trim().max(2000, "The message can be at most 2000 characters.") });

/** Switches maintenance on or off; every server process's gate learns it through the event bus. */
export async function setMaintenance(db: Db, input: MaintenanceState, events: EventBus): Promise<MaintenanceState> {
  const value = maintenanceInput.parse(input);
  await setSetting(db, "maintenance", value);
  await events.publish(TOPICS.settingChanged, { key: "maintenance" });
  return value;
}

/** The token is random (256 bits); only its SHA-256 is stored, so a database leak reveals no usable link. */
export function hashBypassToken(token: string): string {
  return crypto.createHash("sha256").update(token, "utf8").digest("hex");
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const MAX_LIFETIME_MS = 90 * 24 * 3600_000;

/** Label 1-100 characters; expiry in the future and at most 90 days ahead. */
export function bypassTokenInput(now: Date) {
  return z.object({
    label: z.string().trim().min(1, "A label is required.").max(100, "The label can be at most 100 characters."),
    expiresAt: z
      .date({ message: "A valid expiry date is required." })
      .refine((d) => d.getTime() > now.getTime(), "The expiry must be in the future.")
      .refine((d) => d.getTime() - now.getTime() <= MAX_LIFETIME_MS, "A bypass link can last at most 90 days."),
  });
}

export type BypassTokenInfo = { id: string; label: string; expiresAt: Date; revokedAt: Date | null; createdAt: Date };

/** Creates a bypass token valid until expiresAt (at most 90 days ahead). The raw token is returned once. */
export async function createBypassToken(
  db: Db,
  input: { label: string; expiresAt: Date },
  now: Date = new Date(),
): Promise<{ id: string; token: string; expiresAt: Date }> {
  const { label, expiresAt } = bypassTokenInput(now).parse(input);
  const token = crypto.randomBytes(32).toString("base64url");
  const [row] = await db
    .insert(maintenanceBypassTokens)
    .values({ tokenHash: hashBypassToken(token), label, expiresAt })
    .returning({ id: maintenanceBypassTokens.id });
  return { id: row!.id, token, expiresAt };
}

/** Revokes a token; false when there is no such token or it was already revoked. */
export async function revokeBypassToken(db: Db, id: string, now: Date = new Date()): Promise<boolean> {
  const rows = await db
    .update(maintenanceBypassTokens)
    .set({ revokedAt: now })
    .where(and(eq(maintenanceBypassTokens.id, id), isNull(maintenanceBypassTokens.revokedAt)))
    .returning({ id: maintenanceBypassTokens.id });
  return rows.length > 0;
}

/** The token's record when it exists, is not revoked and has not expired; otherwise null. */
export async function verifyBypassToken(db: Db, token: unknown, now: Date = new Date()): Promise<{ id: string; expiresAt: Date } | null> {
  if (typeof token !== "string" || !TOKEN_SHAPE.test(token)) return null;
  const [row] = await db
    .select({ id: maintenanceBypassTokens.id, expiresAt: maintenanceBypassTokens.expiresAt })
    .from(maintenanceBypassTokens)
    .where(
      and(
        eq(maintenanceBypassTokens.tokenHash, hashBypassToken(token)),
        isNull(maintenanceBypassTokens.revokedAt),
        gt(maintenanceBypassTokens.expiresAt, now),
      ),
    );
  return row ?? null;
}

export async function listBypassTokens(db: Db): Promise<BypassTokenInfo[]> {
  return db
    .select({
      id: maintenanceBypassTokens.id,
      label: maintenanceBypassTokens.label,
      expiresAt: maintenanceBypassTokens.expiresAt,
      revokedAt: maintenanceBypassTokens.revokedAt,
      createdAt: maintenanceBypassTokens.createdAt,
    })
    .from(maintenanceBypassTokens)
    .orderBy(desc(maintenanceBypassTokens.createdAt));
}
