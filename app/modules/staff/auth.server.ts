import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { twoFactor } from "better-auth/plugins";
import { eq } from "drizzle-orm";
import type { Db } from "~/db/types";
import { passwordProblem } from "./password-policy";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "./password-rules";
import { accounts, sessions, twoFactors, users, verifications } from "./schema";

export type AuthOptions = {
  secret: string;
  baseURL: string;
  /** Delivers the password-reset mail; the link points at /admin/reset-password. */
  sendResetPassword?: (message: { email: string; link: string }) => Promise<void>;
  /** Delivers a new shopper's confirmation mail; the link points at /verify-email. */
  sendVerificationEmail?: (message: { email: string; link: string }) => Promise<void>;
};

/** Staff sessions: one day, slid forward (and the cookie refreshed) at most once an hour of use. */
export const SESSION_EXPIRES_IN_SECONDS = 24 * 60 * 60;
export const RESET_TOKEN_EXPIRES_IN_SECONDS = 60 * 60;
export const VERIFY_EMAIL_EXPIRES_IN_SECONDS = 24 * 60 * 60;

// Paths of the library that set a password, and the body field holding it: the one policy applies to all.
const PASSWORD_FIELDS: Record<string, string> = {
  "/sign-up/email": "password",
  "/reset-password": "newPassword",
  "/change-password": "newPassword",
  "/set-password": "newPassword",
};

export function createAuth(db: Db, options: AuthOptions) {
  return betterAuth({
    appName: "GLACIAL",
    secret: options.secret,
    baseURL: options.baseURL,
    basePath: "/api/auth",
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user: users, session: sessions, account: accounts, verification: verifications, twoFactor: twoFactors },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      resetPasswordTokenExpiresIn: RESET_TOKEN_EXPIRES_IN_SECONDS,
      revokeSessionsOnPasswordReset: true,
      // A shopper confirms the address before the account signs in: registration then answers
      // the same way whether or not the address already had an account.
      requireEmailVerification: true,
      async sendResetPassword({ user, token }) {
        const link = `${options.baseURL}/admin/reset-password?token=${encodeURIComponent(token)}`;
        await options.sendResetPassword?.({ email: user.email, link });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      autoSignInAfterVerification: true,
      expiresIn: VERIFY_EMAIL_EXPIRES_IN_SECONDS,
      async sendVerificationEmail({ user, token }) {
        const link = `${options.baseURL}/verify-email?token=${encodeURIComponent(token)}`;
        await options.sendVerificationEmail?.({ email: user.email, link });
      },
    },
    session: { expiresIn: SESSION_EXPIRES_IN_SECONDS, updateAge: 60 * 60 },
    // Reset, invite and two-factor tokens are stored hashed: a database read does not reveal them.
    verification: { storeIdentifier: "hashed" },
    plugins: [twoFactor({ issuer: "GLACIAL Admin" })],
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const field = PASSWORD_FIELDS[ctx.path];
        if (!field) return;
        const value = (ctx.body as Record<string, unknown> | undefined)?.[field];
        const problem = typeof value === "string" ? passwordProblem(value) : null;
        if (problem) throw new APIError("BAD_REQUEST", { message: problem, code: "PASSWORD_POLICY" });
      }),
    },
    databaseHooks: {
      session: {
        create: {
          async before(session) {
            // A deactivated account gets the same answer as a wrong password: no session.
            const [user] = await db.select({ deactivatedAt: users.deactivatedAt }).from(users).where(eq(users.id, session.userId));
            if (!user || user.deactivatedAt) throw new APIError("UNAUTHORIZED", { message: "Invalid email or password", code: "INVALID_EMAIL_OR_PASSWORD" });
          },
          async after(session) {
            await db.update(users).set({ lastSignInAt: new Date() }).where(eq(users.id, session.userId));
          },
        },
      },
    },
    advanced: { database: { generateId: "uuid" } },
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;
