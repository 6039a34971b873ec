import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/types";
import { recordAudit } from "~/modules/audit/audit.server";
import { checkLimit, recordHit, type Limit } from "~/modules/rate-limit/rate-limit.server";
import { clientIpOf } from "./login-throttle.server";
import { passwordProblem } from "./password-policy";
import { accounts, sessions, userRoles, users } from "./schema";
import { SETUP_CODE_ALPHABET, SETUP_CODE_LENGTH, type SetupField, type SetupInput } from "./setup-form";
import { signInStaff } from "./sign-in.server";
import type { StaffDeps } from "./staff-deps.server";

// The first run: a shop with no staff account yet offers a one-time screen (/admin/setup) that
// creates the first super_admin. Only someone who can read the server's log may use it: the
// screen asks for a setup code the server prints there at start. The code is derived from the
// auth secret, so every process of the shop (and every restart) prints and accepts the same one
// without storing it anywhere; once any staff account exists the screen is gone and the code
// opens nothing.

const FAILED_CODES_PER_ADDRESS = { limit: 10, windowMs: 15 * 60 * 1000 };
// A ceiling over all addresses: the code has 60 bits, so this is about log noise, not guessing.
const FAILED_CODES_IN_ALL = { limit: 200, windowMs: 60 * 60 * 1000 };

/** The setup code for this shop's auth secret: 12 Crockford base32 characters (60 bits). */
export function setupCodeFor(secret: string): string {
  const digest = crypto.createHmac("sha256", secret).update("glacial:first-run-setup-code").digest();
  let out = "";
  for (let i = 0; i < SETUP_CODE_LENGTH; i++) out += SETUP_CODE_ALPHABET[digest[i]! & 31];
  return out;
}

/** XXXX-XXXX-XXXX, the form printed in the log. */
export function displaySetupCode(code: string): string {
  return code.match(/.{1,4}/g)!.join("-");
}

// Once closed, setup never opens again (staff accounts are deactivated, never deleted), so a
// process stops asking the database after it has seen one staff account.
const closedFor = new WeakSet<Db>();

/** True while no staff account exists. */
export async function isSetupOpen(db: Db): Promise<boolean> {
  if (closedFor.has(db)) return false;
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.isStaff, true)).limit(1);
  if (row) closedFor.add(db);
  return !row;
}

/** Logs the setup code and where to use it, while the shop has no staff account. */
export async function announceFirstRun(services: Pick<StaffDeps, "db" | "config" | "log">): Promise<boolean> {
  if (!(await isSetupOpen(services.db))) return false;
  const code = displaySetupCode(setupCodeFor(secretOf(services)));
  const setupUrl = `${services.config.publicUrl}/admin/setup`;
  services.log.warn(
    { setupUrl },
    `No staff account yet. Open ${setupUrl} and enter the setup code ${code} to create the owner's account (or run npm run user:create).`,
  );
  return true;
}

export type SetupResult =
  | { kind: "signed-in"; headers: Headers }
  /** Created, but the sign-in needs more (a second factor): the owner signs in on the sign-in page. */
  | { kind: "created" }
  | { kind: "closed" }
  | { kind: "invalid"; field: SetupField; message: string }
  | { kind: "refused"; message: string; retryAfterSeconds: number };

const limitsFor = (ip: string): Limit[] => [
  { bucket: "first-run:ip", key: ip, ...FAILED_CODES_PER_ADDRESS },
  { bucket: "first-run:all", key: "all", ...FAILED_CODES_IN_ALL },
];

/**
 * Creates the first super_admin from the setup screen, then signs them in. Refused when the code
 * is wrong (counted: 10 failures per address in 15 minutes), the password is weak, or a staff
 * account already exists (checked again under a lock inside the transaction, so two owners
 * racing on two processes cannot both succeed).
 */
export async function completeSetup(services: StaffDeps, request: Request, input: SetupInput): Promise<SetupResult> {
  if (!(await isSetupOpen(services.db))) return { kind: "closed" };
  const limits = limitsFor(clientIpOf(request.headers));
  for (const limit of limits) {
    const verdict = await checkLimit(services.db, limit);
    if (!verdict.allowed) {
      return { kind: "refused", retryAfterSeconds: verdict.retryAfterSeconds, message: `Too many wrong setup codes. Try again in ${Math.ceil(verdict.retryAfterSeconds / 60)} minutes.` };
    }
  }
  const expected = Buffer.from(setupCodeFor(secretOf(services)));
  const given = Buffer.from(input.code);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) {
    for (const limit of limits) await recordHit(services.db, limit);
    return { kind: "invalid", field: "code", message: "That is not this shop's setup code. Copy it from the server's log." };
  }
  const problem = passwordProblem(input.password);
  if (problem) return { kind: "invalid", field: "password", message: problem };

  const hash = await (await services.auth.$context).password.hash(input.password);
  const created = await services.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('glacial:first-run'))`);
    const [staff] = await tx.select({ id: users.id }).from(users).where(eq(users.isStaff, true)).limit(1);
    if (staff) return null;
    const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, input.email));
    let userId: string;
    if (existing) {
      // The owner had already registered as a shopper with this address: that account becomes
      // the owner's, its old sessions end and the password is the one just chosen.
      userId = existing.id;
      await tx.update(users).set({ isStaff: true, emailVerified: true, resetVerificationId: null }).where(eq(users.id, userId));
      await tx.delete(sessions).where(eq(sessions.userId, userId));
      const updated = await tx
        .update(accounts)
        .set({ password: hash })
        .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")))
        .returning({ id: accounts.id });
      if (!updated.length) await tx.insert(accounts).values({ userId, accountId: userId, providerId: "credential", password: hash });
    } else {
      const [user] = await tx
        .insert(users)
        .values({ email: input.email, name: input.email.split("@")[0]!, emailVerified: true, isStaff: true })
        .returning({ id: users.id });
      userId = user!.id;
      await tx.insert(accounts).values({ userId, accountId: userId, providerId: "credential", password: hash });
    }
    await tx.insert(userRoles).values({ userId, role: "super_admin" }).onConflictDoNothing();
    await recordAudit(tx, { actor: { id: userId, email: input.email }, module: "user_management", action: "first_run_setup", targetId: userId, after: { email: input.email, roles: ["super_admin"] } });
    return userId;
  });
  if (!created) {
    closedFor.add(services.db);
    return { kind: "closed" };
  }
  closedFor.add(services.db);
  services.log.info({ userId: created }, "first-run setup created the owner's account; the setup screen is closed");
  const signedIn = await signInStaff(services, request, { email: input.email, password: input.password });
  return signedIn.kind === "signed-in" ? { kind: "signed-in", headers: signedIn.headers } : { kind: "created" };
}

function secretOf(services: Pick<StaffDeps, "config">): string {
  const secret = services.config.authSecret;
  if (!secret) throw new Error("the auth secret is not resolved (openServices sets it)");
  return secret;
}
