import crypto from "node:crypto";

// The chat's visitor id: a random id in an HttpOnly cookie, signed so that it cannot be forged
// or chosen. New chats are limited per visitor rather than per address, because thousands of
// shoppers on one mobile network share an address. A visitor who drops the cookie simply gets a
// new id; the per-address flood ceiling is what stops a script doing that.

export const VISITOR_COOKIE = "glacial_chat_visitor";
export const VISITOR_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** The signing key, derived from the shop's secret so that it differs from every other use of it. */
export function visitorCookieKey(secret: string): Buffer {
  return crypto.createHmac("sha256", secret).update("glacial support visitor cookie v1").digest();
}

function signature(key: Buffer, id: string): string {
  return crypto.createHmac("sha256", key).update(id).digest("base64url");
}

export function newVisitorId(): string {
  return crypto.randomBytes(18).toString("base64url");
}

export function signVisitorId(key: Buffer, id: string): string {
  return `${id}.${signature(key, id)}`;
}

/** The visitor id of a cookie value, or null when it is missing, malformed or not signed by us. */
export function readVisitorId(key: Buffer, value: string | undefined | null): string | null {
  if (!value) return null;
  const match = /^([A-Za-z0-9_-]{16,64})\.([A-Za-z0-9_-]{43})$/.exec(value);
  if (!match) return null;
  const expected = Buffer.from(signature(key, match[1]!));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given) ? match[1]! : null;
}
