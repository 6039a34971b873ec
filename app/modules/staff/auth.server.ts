import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import type { Db } from "~/db/types";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "./password-policy";
import { accounts, sessions, users, verifications } from "./schema";

export type AuthOptions = { secret: string; baseURL: string };

export function createAuth(db: Db, options: AuthOptions) {
  return betterAuth({
    appName: "GLACIAL",
    secret: options.secret,
    baseURL: options.baseURL,
    basePath: "/api/auth",
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
    },
    advanced: { database: { generateId: "uuid" } },
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;
