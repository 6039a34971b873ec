import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/types";
import { accounts, loginAttempts, sessions, twoFactors, users, verifications } from "./schema";

// What the customers module reads and erases of shopper accounts (users who are not staff),
// through this module's face.

export type ShopperAccount = {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  createdAt: Date;
  lastSignInAt: Date | null;
  deactivatedAt: Date | null;
};

const columns = {
  id: users.id,
  name: users.name,
  email: users.email,
  emailVerified: users.emailVerified,
  createdAt: users.createdAt,
  lastSignInAt: users.lastSignInAt,
  deactivatedAt: users.deactivatedAt,
};

/** Every shopper account (staff accounts are not customers). */
export async function listShopperAccounts(db: DbOrTx): Promise<ShopperAccount[]> {
  return db.select(columns).from(users).where(eq(users.isStaff, false));
}

/** One shopper account; null for an unknown id or a staff member's. */
export async function shopperAccount(db: DbOrTx, id: string): Promise<ShopperAccount | null> {
  const [row] = await db
    .select(columns)
    .from(users)
    .where(and(eq(users.id, id), eq(users.isStaff, false)));
  return row ?? null;
}

/**
 * Erases a shopper account inside the caller's transaction: the row stays (its orders keep their
 * owner) but its name and email become the pseudonym, it is deactivated, and its password, sessions,
 * second factor, pending links and sign-in attempts are deleted: no one can sign in as it again.
 * Refuses (false) a staff account.
 */
export async function eraseShopperAccount(tx: DbOrTx, id: string, pseudonym: { name: string; email: string }, now = new Date()): Promise<boolean> {
  const [row] = await tx
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.id, id), eq(users.isStaff, false)))
    .for("update");
  if (!row) return false;
  await tx.delete(sessions).where(eq(sessions.userId, id));
  await tx.delete(accounts).where(eq(accounts.userId, id));
  await tx.delete(twoFactors).where(eq(twoFactors.userId, id));
  await tx.delete(verifications).where(or(eq(verifications.identifier, row.email), sql`${verifications.value} like ${`%${id}%`}`));
  await forgetSignInAttempts(tx, [row.email]);
  await tx
    .update(users)
    .set({ name: pseudonym.name, email: pseudonym.email, emailVerified: false, image: null, deactivatedAt: now, resetVerificationId: null, lastSignInAt: null })
    .where(eq(users.id, id));
  return true;
}

/** Sign-in attempts recorded under these addresses (a guest's, too: a failed try at someone's account). */
export async function forgetSignInAttempts(tx: DbOrTx, emails: readonly string[]): Promise<void> {
  if (emails.length === 0) return;
  await tx.delete(loginAttempts).where(inArray(sql`lower(${loginAttempts.email})`, emails.map((e) => e.toLowerCase())));
}
