import crypto from "node:crypto";
import { APIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import type { Db } from "~/db/types";
import type { RefusalKind } from "~/lib/save-outcome";
import { hitLimit } from "~/modules/rate-limit/rate-limit.server";
import { recordAudit } from "~/modules/audit/audit.server";
import { RESET_TOKEN_EXPIRES_IN_SECONDS } from "./auth.server";
import type { Staff } from "./guard.server";
import { users, verifications } from "./schema";
import { sendResetPasswordMail } from "./staff-mail.server";
import { INVALID_CREDENTIALS } from "./sign-in-messages";
import { checkSignInAllowed, clientIpOf, lockoutMessage, pruneSignInAttempts, recordFailedSignIn, recordSignInAttempt } from "./login-throttle.server";
import type { StaffDeps } from "./staff-deps.server";

// The staff sign-in flows, server-side through the auth library's API (its HTTP handler is not
// mounted: every sign-in passes the brute-force limits and the audit log here).


export type SignInResult =
  | { kind: "signed-in"; headers: Headers }
  | { kind: "two-factor"; headers: Headers }
  /** Refused: the route gives `refusal` its status from the one refusal table (REFUSAL_STATUS). */
  | { kind: "refused"; refusal: Extract<RefusalKind, "unauthenticated" | "rate-limited">; message: string; retryAfterSeconds?: number };


function cookiesOf(response: Response): Headers {
  const headers = new Headers();
  for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return headers;
}

export async function signInStaff(services: StaffDeps, request: Request, input: { email: string; password: string }): Promise<SignInResult> {
  const who = { email: input.email.trim().toLowerCase(), ip: clientIpOf(request.headers) };
  const verdict = await checkSignInAllowed(services.db, who);
  if (!verdict.allowed) return { kind: "refused", refusal: "rate-limited", message: lockoutMessage(verdict.retryAfterSeconds), retryAfterSeconds: verdict.retryAfterSeconds };

  const response = await services.auth.api.signInEmail({
    body: { email: who.email, password: input.password, rememberMe: true },
    headers: request.headers,
    asResponse: true,
  });
  if (!response.ok) {
    const after = await recordFailedSignIn(services.db, who);
    return after.allowed
      ? { kind: "refused", refusal: "unauthenticated", message: INVALID_CREDENTIALS }
      : { kind: "refused", refusal: "rate-limited", message: lockoutMessage(after.retryAfterSeconds), retryAfterSeconds: after.retryAfterSeconds };
  }
  const body = (await response.json()) as { twoFactorRedirect?: boolean; user?: { id: string; email: string } };
  if (body.twoFactorRedirect) return { kind: "two-factor", headers: cookiesOf(response) };
  await recordSignInAttempt(services.db, who, true);
  if (body.user) await recordAudit(services.db, { actor: body.user, module: "account", action: "sign_in" });
  if (Math.random() < 0.02) await pruneSignInAttempts(services.db);
  return { kind: "signed-in", headers: cookiesOf(response) };
}

/** The second step for a user with TOTP: a code from the app, or one of the recovery codes. */
export async function verifySecondFactor(
  services: StaffDeps,
  request: Request,
  input: { email: string; code: string; recovery: boolean },
): Promise<SignInResult> {
  const who = { email: input.email.trim().toLowerCase(), ip: clientIpOf(request.headers) };
  const verdict = await checkSignInAllowed(services.db, who);
  if (!verdict.allowed) return { kind: "refused", refusal: "rate-limited", message: lockoutMessage(verdict.retryAfterSeconds), retryAfterSeconds: verdict.retryAfterSeconds };
  const code = input.code.replace(/\s+/g, "");
  const response = input.recovery
    ? await services.auth.api.verifyBackupCode({ body: { code }, headers: request.headers, asResponse: true })
    : await services.auth.api.verifyTOTP({ body: { code, trustDevice: false }, headers: request.headers, asResponse: true });
  if (!response.ok) {
    await recordSignInAttempt(services.db, who, false);
    return { kind: "refused", refusal: "unauthenticated", message: "That code is not valid. Try again, or sign in again." };
  }
  const body = (await response.json()) as { user?: { id: string; email: string } };
  await recordSignInAttempt(services.db, who, true);
  if (body.user) await recordAudit(services.db, { actor: body.user, module: "account", action: input.recovery ? "sign_in_recovery_code" : "sign_in" });
  return { kind: "signed-in", headers: cookiesOf(response) };
}

/** Ends the session on the server and clears the cookie. */
export async function signOutStaff(services: StaffDeps, request: Request, staff: Staff | null): Promise<Headers> {
  try {
    const response = await services.auth.api.signOut({ headers: request.headers, asResponse: true });
    if (staff) await recordAudit(services.db, { actor: staff.user, module: "account", action: "sign_out" });
    return cookiesOf(response);
  } catch (error) {
    if (error instanceof APIError) return new Headers();
    throw error;
  }
}

/** Reset requests: a mailbox is not flooded, and one address cannot mail the whole staff. */
export const RESET_REQUESTS_PER_EMAIL = { limit: 3, windowMs: 60 * 60 * 1000 };
export const RESET_REQUESTS_PER_ADDRESS = { limit: 20, windowMs: 60 * 60 * 1000 };

/**
 * Mails a reset link to a staff account. Always the same answer, whether or not the email belongs
 * to someone and whether or not a limit was reached: the limits only decide if a mail goes out.
 */
export async function requestPasswordReset(services: StaffDeps, email: string, clientIp = "internal"): Promise<void> {
  const address = email.trim().toLowerCase();
  try {
    const [perEmail, perAddress] = await Promise.all([
      hitLimit(services.db, { bucket: "password-reset:email", key: address, ...RESET_REQUESTS_PER_EMAIL }),
      hitLimit(services.db, { bucket: "password-reset:ip", key: clientIp, ...RESET_REQUESTS_PER_ADDRESS }),
    ]);
    if (!perEmail.allowed || !perAddress.allowed) {
      services.log.warn({ reason: perEmail.allowed ? "address" : "email" }, "password reset request over its limit: no mail sent");
      return;
    }
    const [user] = await services.db.select({ id: users.id, isStaff: users.isStaff }).from(users).where(eq(users.email, address));
    if (!user?.isStaff) return;
    const link = await issueResetLink(services, user.id, { expiresInMs: RESET_TOKEN_EXPIRES_IN_SECONDS * 1000 });
    // Not awaited: a slow mail server must not make a known address answer slower than an unknown one.
    void sendResetPasswordMail(services.mailer, address, link).catch((error: unknown) => services.log.error({ err: error }, "password reset mail failed"));
  } catch (error) {
    services.log.warn({ err: error }, "password reset request failed");
  }
}

/**
 * A new reset (or invitation) link for a user. Only the newest link of a user works: the user row
 * names the one valid token, and the one it replaces is deleted.
 */
export async function issueResetLink(services: StaffDeps, userId: string, opts: { expiresInMs: number; invite?: boolean }): Promise<string> {
  const ctx = await services.auth.$context;
  const token = crypto.randomBytes(24).toString("base64url");
  const row = await ctx.internalAdapter.createVerificationValue({
    identifier: `reset-password:${token}`,
    value: userId,
    expiresAt: new Date(Date.now() + opts.expiresInMs),
  });
  const previous = await services.db.transaction(async (tx) => {
    const [before] = await tx.select({ id: users.resetVerificationId }).from(users).where(eq(users.id, userId)).for("update");
    await tx.update(users).set({ resetVerificationId: row.id }).where(eq(users.id, userId));
    return before?.id ?? null;
  });
  if (previous && previous !== row.id) await services.db.delete(verifications).where(eq(verifications.id, previous));
  return `${services.config.publicUrl}/admin/reset-password?token=${encodeURIComponent(token)}${opts.invite ? "&invite=1" : ""}`;
}

/** After any change of password: no reset or invitation link of this user works any more. */
export async function invalidateResetLinks(db: Db, userId: string): Promise<void> {
  const [before] = await db.select({ id: users.resetVerificationId }).from(users).where(eq(users.id, userId));
  await db.update(users).set({ resetVerificationId: null }).where(eq(users.id, userId));
  if (before?.id) await db.delete(verifications).where(eq(verifications.id, before.id));
}

/** Does the reset (or invite) link still work? Only the user's newest link, unexpired and unused, does. */
export async function resetTokenUser(services: StaffDeps, token: string): Promise<{ id: string; email: string } | null> {
  const ctx = await services.auth.$context;
  const verification = await ctx.internalAdapter.findVerificationValue(`reset-password:${token}`);
  if (!verification || verification.expiresAt < new Date()) return null;
  const [user] = await services.db
    .select({ id: users.id, email: users.email, current: users.resetVerificationId })
    .from(users)
    .where(eq(users.id, verification.value));
  if (!user || user.current !== verification.id) return null;
  return { id: user.id, email: user.email };
}

export type ResetResult = { kind: "invalid-token" } | { kind: "weak-password"; message: string } | SignInResult;

/** Sets the new password from a reset or invite link, then signs the user in. */
export async function resetPasswordAndSignIn(services: StaffDeps, request: Request, input: { token: string; password: string }): Promise<ResetResult> {
  const user = await resetTokenUser(services, input.token);
  if (!user) return { kind: "invalid-token" };
  try {
    await services.auth.api.resetPassword({ body: { token: input.token, newPassword: input.password } });
  } catch (error) {
    if (error instanceof APIError) {
      if (error.body?.code === "PASSWORD_POLICY" || /password/i.test(error.message)) return { kind: "weak-password", message: error.message };
      return { kind: "invalid-token" };
    }
    throw error;
  }
  await invalidateResetLinks(services.db, user.id);
  await recordAudit(services.db, { actor: user, module: "account", action: "reset_password", targetId: user.id });
  return signInStaff(services, request, { email: user.email, password: input.password });
}
