import { APIError } from "better-auth/api";
import QRCode from "qrcode";
import { recordAudit } from "~/modules/audit/audit.server";
import { checkLimit, recordHit } from "~/modules/rate-limit/rate-limit.server";
import { getSetting } from "~/modules/settings/settings.server";
import type { Staff } from "./guard.server";
import type { StaffDeps } from "./staff-deps.server";

// TOTP enrolment on the account page, through the auth library's two-factor plugin.

export type MfaResult =
  | { ok: true; step: "enrol"; qr: string; secret: string; recoveryCodes: string[] }
  | { ok: true; step: "done"; message: string; headers?: Headers }
  | { ok: false; error: string; retryAfterSeconds?: number };

/** Wrong passwords on the account page (the step that confirms it is the user): a few, then a pause. */
export const PASSWORD_CONFIRM_LIMIT = { limit: 5, windowMs: 15 * 60 * 1000 };
const confirmLimit = (userId: string) => ({ bucket: "password-confirm:user", key: userId, ...PASSWORD_CONFIRM_LIMIT });

function tooManyGuesses(retryAfterSeconds: number): MfaResult {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return { ok: false, error: `Too many wrong passwords. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`, retryAfterSeconds };
}

/** Runs a step that checks the password, counting a wrong one against the user's limit. */
async function withPasswordLimit(services: StaffDeps, userId: string, step: () => Promise<MfaResult>): Promise<MfaResult> {
  const verdict = await checkLimit(services.db, confirmLimit(userId));
  if (!verdict.allowed) return tooManyGuesses(verdict.retryAfterSeconds);
  const result = await step();
  if (!result.ok && result.error === WRONG_PASSWORD) {
    await recordHit(services.db, confirmLimit(userId));
    const after = await checkLimit(services.db, confirmLimit(userId));
    if (!after.allowed) return tooManyGuesses(after.retryAfterSeconds);
  }
  return result;
}

const WRONG_PASSWORD = "That password is not right.";

function cookiesOf(response: Response): Headers {
  const headers = new Headers();
  for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return headers;
}

async function failure(response: Response, fallback: string): Promise<MfaResult> {
  const body = (await response.json().catch(() => null)) as { code?: string; message?: string } | null;
  if (body?.code === "INVALID_PASSWORD") return { ok: false, error: WRONG_PASSWORD };
  if (body?.code === "INVALID_CODE") return { ok: false, error: "That code is not valid. Check your app's clock and try again." };
  return { ok: false, error: body?.message ?? fallback };
}

/** Step one: the password confirms it is the user; returns the QR code and the recovery codes (shown once). */
export async function startEnrolment(services: StaffDeps, request: Request, staff: Staff, password: string): Promise<MfaResult> {
  return withPasswordLimit(services, staff.user.id, async () => {
    const response = await services.auth.api.enableTwoFactor({ body: { password }, headers: request.headers, asResponse: true });
    if (!response.ok) return failure(response, "Two-factor authentication could not be started.");
    const { totpURI, backupCodes } = (await response.json()) as { totpURI: string; backupCodes: string[] };
    const secret = new URL(totpURI).searchParams.get("secret") ?? "";
    return { ok: true, step: "enrol", qr: await QRCode.toDataURL(totpURI, { margin: 1, width: 220 }), secret, recoveryCodes: backupCodes };
  });
}

/** Step two: a first code from the app proves the enrolment; from then on sign-in asks for a code. */
export async function confirmEnrolment(services: StaffDeps, request: Request, staff: Staff, code: string): Promise<MfaResult> {
  const response = await services.auth.api.verifyTOTP({ body: { code: code.replace(/\s+/g, "") }, headers: request.headers, asResponse: true });
  if (!response.ok) return failure(response, "That code is not valid.");
  await recordAudit(services.db, { actor: staff.user, module: "account", action: "enable_mfa", targetId: staff.user.id, before: { mfa: false }, after: { mfa: true } });
  return { ok: true, step: "done", message: "Two-factor authentication is on.", headers: cookiesOf(response) };
}

export async function disableMfa(services: StaffDeps, request: Request, staff: Staff, password: string): Promise<MfaResult> {
  const security = await getSetting(services.db, "staff_security");
  if (security.require_mfa) return { ok: false, error: "Two-factor authentication is required for all staff: it cannot be turned off." };
  return withPasswordLimit(services, staff.user.id, async () => {
    try {
      const response = await services.auth.api.disableTwoFactor({ body: { password }, headers: request.headers, asResponse: true });
      if (!response.ok) return failure(response, "Two-factor authentication could not be turned off.");
      await recordAudit(services.db, { actor: staff.user, module: "account", action: "disable_mfa", targetId: staff.user.id, before: { mfa: true }, after: { mfa: false } });
      return { ok: true, step: "done", message: "Two-factor authentication is off.", headers: cookiesOf(response) };
    } catch (error) {
      if (error instanceof APIError) return { ok: false, error: error.message };
      throw error;
    }
  });
}
