import { z } from "zod";
import type { Db } from "~/db/types";
import type { Auth } from "./auth.server";
import { checkSignInAllowed, clientIpOf, lockoutMessage, recordFailedSignIn, recordSignInAttempt } from "./login-throttle.server";
import { passwordProblem } from "./password-policy";

// Shopper sign-in and sign-up at /login and /register, on the same Better Auth instance as staff.
// A shopper is simply a user without a row in user_roles; nothing here grants a role.

export type AuthOutcome = { ok: true; setCookies: string[] } | { ok: false; error: string; field?: "email" | "password" | "name"; status?: 429; retryAfterSeconds?: number };

/** One message for unknown email and wrong password, so the form never reveals who has an account. */
export const INVALID_CREDENTIALS = "Invalid email or password.";

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
  if (!parsed.success) return { ok: false, error: INVALID_CREDENTIALS };
  const who = { email: parsed.data.email, ip: clientIpOf(headers) };
  const verdict = await checkSignInAllowed(db, who);
  if (!verdict.allowed) return { ok: false, error: lockoutMessage(verdict.retryAfterSeconds), status: 429, retryAfterSeconds: verdict.retryAfterSeconds };
  const response = await callAuth(() =>
    auth.api.signInEmail({ body: { email: parsed.data.email, password: parsed.data.password }, headers: forwardHeaders(headers), asResponse: true }),
  );
  if (!response?.ok) {
    const after = await recordFailedSignIn(db, who);
    return after.allowed ? { ok: false, error: INVALID_CREDENTIALS } : { ok: false, error: lockoutMessage(after.retryAfterSeconds), status: 429, retryAfterSeconds: after.retryAfterSeconds };
  }
  await recordSignInAttempt(db, who, true);
  return { ok: true, setCookies: response.headers.getSetCookie() };
}

export async function registerShopper(auth: Auth, form: unknown, headers: Headers): Promise<AuthOutcome> {
  const parsed = registerInput.safeParse(form);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path[0];
    return { ok: false, error: issue.message, field: field === "email" || field === "password" || field === "name" ? field : undefined };
  }
  const { name, email: address, password } = parsed.data;
  const response = await callAuth(() =>
    auth.api.signUpEmail({ body: { name: name || address.split("@")[0]!, email: address, password }, headers: forwardHeaders(headers), asResponse: true }),
  );
  if (!response) return { ok: false, error: "We could not create your account. Please try again." };
  if (response.status === 422) return { ok: false, error: "An account with this email already exists. Sign in instead.", field: "email" };
  if (!response.ok) return { ok: false, error: "We could not create your account. Please check your details and try again." };
  return { ok: true, setCookies: response.headers.getSetCookie() };
}

export async function signOutShopper(auth: Auth, headers: Headers): Promise<string[]> {
  const response = await callAuth(() => auth.api.signOut({ headers: forwardHeaders(headers), asResponse: true }));
  return response?.headers.getSetCookie() ?? [];
}

export async function currentShopperEmail(auth: Auth, headers: Headers): Promise<string | null> {
  const session = await auth.api.getSession({ headers }).catch(() => null);
  return session?.user.email ?? null;
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
