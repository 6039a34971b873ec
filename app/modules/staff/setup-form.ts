import { z } from "zod";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "./password-rules";

// The first-run setup form's one schema (browser and server). The server adds the checks the
// browser cannot make: the setup code itself and the common-password list.

/** Crockford base32: no I, L, O or U, so a code read from a terminal cannot be mistyped as another. */
export const SETUP_CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export const SETUP_CODE_LENGTH = 12;

/** Upper-cases, drops spaces and dashes, and reads the letters people confuse as the digits they look like. */
export function normaliseSetupCode(raw: string): string {
  return raw
    .toUpperCase()
    .replace(/[\s-]+/g, "")
    .replace(/O/g, "0")
    .replace(/[IL]/g, "1");
}

export const setupForm = z
  .object({
    code: z
      .string()
      .max(64, "The setup code is 12 letters and digits.")
      .transform(normaliseSetupCode)
      .pipe(z.string().length(SETUP_CODE_LENGTH, "The setup code is 12 letters and digits, as printed in the server's log.")),
    email: z.string().trim().toLowerCase().max(320).email("Enter a valid email address."),
    password: z
      .string()
      .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters.`)
      .max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters.`),
    confirm: z.string().max(MAX_PASSWORD_LENGTH),
  })
  .refine((v) => v.password === v.confirm, { path: ["confirm"], message: "The two passwords do not match." });

export type SetupInput = z.output<typeof setupForm>;
export type SetupField = "code" | "email" | "password" | "confirm";
