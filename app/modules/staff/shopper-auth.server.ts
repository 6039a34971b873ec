import { z } from "zod";
import type { Db } from "~/db/types";
import type { Logger } from "~/lib/logger.server";
import type { RefusalKind } from "~/lib/save-outcome";
import type { Mailer } from "~/modules/mail/mail.server";
import { hitLimit } from "~/modules/rate-limit/rate-limit.server";
import type { Auth } from "./auth.server";
import { accountExistsMail } from "./staff-mail.server";
import { checkSignInAllowed, clientIpOf, lockoutMessage, recordFailedSignIn, recordSignInAttempt } from "./login-throttle.server";
import { passwordProblem } from "./password-policy";

// Shopper sign-in and sign-up at /login and /register, on the same Better Auth instance as staff.
// A shopper is simply a user without a row in user_roles; nothing here grants a role.

/** A refusal names its kind; the route gives it its status from the one refusal table (REFUSAL_STATUS). */
type Refused = { ok: false; refusal: Extract<RefusalKind, "invalid" | "rate-limited">; error: string; field?: "email" | "password" | "name"; retryAfterSeconds?: number };

export type AuthOutcome = { ok: true; setCookies: string[] } | Refused;

/** One message for unknown email and wrong password, so the form never reveals who has an account. */
export const INVALID_CREDENTIALS = "Invalid email or password.";
export const UNCONFIRMED_EMAIL = "Please confirm your email first: open the link we sent when you created your account (check spam too), or create the account again to get a new link.";

const email = z.string().trim().toLowerCase().max(254).email("Enter a valid email address.");

export const signInInput = z.object({ email, password: z.string().min(1, "Enter your password.").max(1024) });
export const registerInput = z.object({
  name: z.string().trim().max(100, "Name must be at most 100 characters.").optional().default(""),
  email,
  password: z.string().superRefine((pw, ctx) => {
    const problem = passwordProblem(pw);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  }),
});

/**
 * Shoppers and staff are users of one auth library, so this form passes the same brute-force
 * limits as the staff sign-in (same counters): otherwise it would be a way around them.
 */
export async function signInShopper({ auth, db }: { auth: Auth; db: Db }, form: unknown, headers: Headers): Promise<AuthOutcome> {
  const parsed = signInInput.safeParse(form);
  if (!parsed.success) return { ok: false, refusal: "invalid", error: INVALID_CREDENTIALS };
  const who = { email: parsed.data.email, ip: clientIpOf(headers) };
  const verdict = await checkSignInAllowed(db, who);
  if (!verdict.allowed) return { ok: false, refusal: "rate-limited", error: lockoutMessage(verdict.retryAfterSeconds), retryAfterSeconds: verdict.retryAfterSeconds };
  const response = await callAuth(() =>
    auth.api.signInEmail({ body: { email: parsed.data.email, password: parsed.data.password }, headers: forwardHeaders(headers), asResponse: true }),
  );
  if (response?.status === 403) {
    // The right password for an address not yet confirmed: only its owner gets this far.
    return { ok: false, refusal: "invalid", error: UNCONFIRMED_EMAIL };
  }
  if (!response?.ok) {
    const after = await recordFailedSignIn(db, who);
    return after.allowed ? { ok: false, refusal: "invalid", error: INVALID_CREDENTIALS } : { ok: false, refusal: "rate-limited", error: lockoutMessage(after.retryAfterSeconds), retryAfterSeconds: after.retryAfterSeconds };
  }
  await recordSignInAttempt(db, who, true);
  return { ok: true, setCookies: response.headers.getSetCookie() };
}

/** What registration always answers: the same for a new address and one that has an account. */
export type RegisterOutcome = { ok: true } | Refused;

/** Sign-ups: generous enough for a whole mobile network behind one address, tight enough against floods. */
export const REGISTRATIONS_PER_EMAIL = { limit: 3, windowMs: 60 * 60 * 1000 };
export const REGISTRATIONS_PER_ADDRESS = { limit: 50, windowMs: 60 * 60 * 1000 };

/**
 * Registration never tells whether an address already has an account (a shopper's or staff's):
 * a new address gets a confirmation mail whose link signs the shopper in; an address that has an
 * account gets a mail saying so. The form answers "check your inbox" either way, in about the same
 * time (the password is hashed either way; mails are not awaited).
 */
export async function registerShopper(
  services: { auth: Auth; db: Db; mailer: Mailer; log: Logger; config: { publicUrl: string } },
  form: unknown,
  headers: Headers,
): Promise<RegisterOutcome> {
  const parsed = registerInput.safeParse(form);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path[0];
    return { ok: false, refusal: "invalid", error: issue.message, field: field === "email" || field === "password" || field === "name" ? field : undefined };
  }
  const { name, email: address, password } = parsed.data;
  const perAddress = await hitLimit(services.db, { bucket: "register:ip", key: clientIpOf(headers), ...REGISTRATIONS_PER_ADDRESS });
  if (!perAddress.allowed) {
    const minutes = Math.ceil(perAddress.retryAfterSeconds / 60);
    return { ok: false, refusal: "rate-limited", error: `Too many new accounts from your network. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`, retryAfterSeconds: perAddress.retryAfterSeconds };
  }
  // Over the per-address-of-mail limit: the same answer, but no more mail to that inbox.
  const perEmail = await hitLimit(services.db, { bucket: "register:email", key: address, ...REGISTRATIONS_PER_EMAIL });
  const ctx = await services.auth.$context;
  const existing = await ctx.internalAdapter.findUserByEmail(address);
  if (existing) {
    await ctx.password.hash(password);
    if (perEmail.allowed) {
      void services.mailer
        .send(accountExistsMail(address, `${services.config.publicUrl}/login`))
        .catch((error: unknown) => services.log.error({ err: error }, "account-exists mail failed"));
    }
    return { ok: true };
  }
  if (!perEmail.allowed) return { ok: true };
  const response = await callAuth(() =>
    services.auth.api.signUpEmail({ body: { name: name || address.split("@")[0]!, email: address, password }, headers: forwardHeaders(headers), asResponse: true }),
  );
  // Two sign-ups of one new address at once: the loser sees "exists", and answers like any other.
  if (!response || (!response.ok && response.status !== 422)) return { ok: false, refusal: "invalid", error: "We could not create your account. Please check your details and try again." };
  return { ok: true };
}

/**
 * The link of a confirmation mail: confirms the address and signs the shopper in. Null when the
 * link is invalid or has expired.
 */
export async function verifyShopperEmail(auth: Auth, token: string): Promise<{ setCookies: string[] } | null> {
  if (!token || token.length > 2000) return null;
  const response = await callAuth(() => auth.api.verifyEmail({ query: { token }, asResponse: true }));
  if (!response || response.status >= 400) return null;
  return { setCookies: response.headers.getSetCookie() };
}

export async function signOutShopper(auth: Auth, headers: Headers): Promise<string[]> {
  const response = await callAuth(() => auth.api.signOut({ headers: forwardHeaders(headers), asResponse: true }));
  return response?.headers.getSetCookie() ?? [];
}

/** The signed-in shopper (any signed-in user), for checkout's prefilled email and the order's owner. */
export async function currentShopper(auth: Auth, headers: Headers): Promise<{ id: string; email: string; name: string; emailVerified: boolean } | null> {
  const session = await auth.api.getSession({ headers }).catch(() => null);
  return session ? { id: session.user.id, email: session.user.email, name: session.user.name, emailVerified: session.user.emailVerified } : null;
}

async function callAuth(call: () => Promise<Response>): Promise<Response | null> {
  try {
    return await call();
  } catch {
    return null;
  }
}

/** Only what Better Auth needs from the browser's request: cookies, client address, agent. */
function forwardHeaders(from: Headers): Headers {
  const out = new Headers();
  for (const name of ["cookie", "user-agent", "x-forwarded-for", "x-real-ip"]) {
    const value = from.get(name);
    if (value) out.set(name, value);
  }
  return out;
}
