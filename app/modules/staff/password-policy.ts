// One password policy for every path that sets a password (sign-up, reset, invite, user:create).
// Server-side only in practice: the common-password list is large, so browser code reads just the
// length constants from password-rules.ts.
import { dictionary } from "@zxcvbn-ts/language-common";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "./password-rules";

/** How many of the ranked common passwords (most used first) are refused. */
export const COMMON_PASSWORD_COUNT = 10_000;

let common: Set<string> | undefined;

function isCommonPassword(password: string): boolean {
  // zxcvbn-ts ships the list ranked by frequency, lower-cased.
  common ??= new Set((dictionary["passwords-common"] as string[]).slice(0, COMMON_PASSWORD_COUNT));
  return common.has(password.toLowerCase());
}

export function passwordProblem(password: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return `Password must be at least ${MIN_PASSWORD_LENGTH} characters.`;
  if (password.length > MAX_PASSWORD_LENGTH) return `Password must be at most ${MAX_PASSWORD_LENGTH} characters.`;
  if (isCommonPassword(password)) return "This password is too common. Choose one that is harder to guess.";
  return null;
}
