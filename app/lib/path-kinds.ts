// What kind of request a path is, decided in one place: the server's guards (body limits, the
// admin session check, the maintenance gate) read this table rather than each matching prefixes
// of its own.

export type PathKind =
  /** Hashed build output and public files. */
  | "asset"
  /** Resized product and site images. */
  | "image"
  | "health"
  /** Staff pages reachable without a session: sign-in, first-run setup, forgot and reset password, sign-out. */
  | "admin-public"
  /** Every other staff page, action and download. */
  | "admin"
  /** The support chat's API: a visitor's conversation, messages and stream. */
  | "support-api"
  /** A payment provider's notices to the shop: no session, no Origin; their signature is the credential. */
  | "webhook"
  /** Other JSON endpoints of the storefront. */
  | "api"
  /** Server-sent events of the storefront. */
  | "events"
  /** The catalogue for machines (the Google Merchant feed): fetched on a schedule, never by a shopper. */
  | "feed"
  /** Storefront pages and their actions. */
  | "storefront";

/** React Router's data requests name the page plus `.data` (`/_root.data` for the home page). */
export function pagePathOf(pathname: string): string {
  if (pathname === "/_root.data") return "/";
  return pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
}

const ADMIN_PUBLIC = new Set(["/admin/login", "/admin/setup", "/admin/forgot-password", "/admin/reset-password", "/admin/logout"]);
const WEBHOOKS = new Set(["/api/payments/razorpay/webhook"]);

function under(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

export function pathKindOf(pathname: string): PathKind {
  const page = pagePathOf(pathname);
  if (under(page, "/assets")) return "asset";
  if (under(page, "/images")) return "image";
  if (page === "/healthz") return "health";
  if (ADMIN_PUBLIC.has(page)) return "admin-public";
  if (under(page, "/admin") || page.startsWith("/admin.")) return "admin";
  if (under(page, "/api/support")) return "support-api";
  if (WEBHOOKS.has(page)) return "webhook";
  if (under(page, "/api")) return "api";
  if (under(page, "/events")) return "events";
  if (under(page, "/feeds")) return "feed";
  return "storefront";
}

/**
 * Posts that come from another site on purpose, so the same-origin check lets them through: a
 * payment provider's webhook (its signature is the credential), and a mail app's one-click
 * "Unsubscribe" (RFC 8058: the mail provider POSTs the mail's List-Unsubscribe link, whose
 * random token is the credential, and which can only stop mail).
 */
export function acceptsForeignPosts(pathname: string): boolean {
  const page = pagePathOf(pathname);
  return pathKindOf(pathname) === "webhook" || page.startsWith("/unsubscribe/");
}

export function isAdminPath(pathname: string): boolean {
  const kind = pathKindOf(pathname);
  return kind === "admin" || kind === "admin-public";
}

/** Staff screens that take a file: their bodies may be as large as one upload. */
const UPLOAD_PAGES = [
  /^\/admin\/catalog\/edit\/[^/]+\/media$/,
  /^\/admin\/catalog\/import$/,
  /^\/admin\/hero-carousel$/,
  /^\/admin\/collections\/[^/]+$/,
];

export function isUploadPath(pathname: string): boolean {
  const page = pagePathOf(pathname);
  return UPLOAD_PAGES.some((re) => re.test(page));
}

/** Shoppers' forms and JSON calls: a cart of 100 lines is about 20 KB. */
export const PUBLIC_BODY_LIMIT = 64 * 1024;
/** Staff forms: a long policy page in Markdown, a menu of many entries. */
export const ADMIN_BODY_LIMIT = 2 * 1024 * 1024;
/** One image (10 MB) or one CSV import (5 MB) with its multipart framing and a little room, so the screen's own friendlier message answers a file just over its limit. */
export const UPLOAD_BODY_LIMIT = 11 * 1024 * 1024;

/** A payment notice is a few kilobytes of JSON; nothing larger is read. */
export const WEBHOOK_BODY_LIMIT = 32 * 1024;

/** The most a request body to this path may hold, read or not. */
export function bodyLimitFor(pathname: string): number {
  const kind = pathKindOf(pathname);
  if (kind === "webhook") return WEBHOOK_BODY_LIMIT;
  if (kind === "admin") return isUploadPath(pathname) ? UPLOAD_BODY_LIMIT : ADMIN_BODY_LIMIT;
  return PUBLIC_BODY_LIMIT;
}
