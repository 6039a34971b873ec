import { createCookie } from "react-router";
import { BYPASS_COOKIE } from "./maintenance-rules";

/** The HttpOnly cookie that carries a visitor's bypass token; read by the gate, set by /maintenance?bypass=. */
export const bypassCookie = createCookie(BYPASS_COOKIE, { httpOnly: true, sameSite: "lax", path: "/" });

export async function serializeBypassCookie(token: string, expiresAt: Date, secure: boolean): Promise<string> {
  return bypassCookie.serialize(token, { expires: expiresAt, secure });
}

/** The raw token from a Cookie header, or null. */
export async function readBypassCookie(cookieHeader: string | null): Promise<string | null> {
  if (!cookieHeader) return null;
  const value: unknown = await bypassCookie.parse(cookieHeader).catch(() => null);
  return typeof value === "string" ? value : null;
}
