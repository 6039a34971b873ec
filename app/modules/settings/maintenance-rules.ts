// Pure rules of the maintenance gate, shared by the server middleware and its tests.
import { pagePathOf, pathKindOf, type PathKind } from "~/lib/path-kinds";

/** HttpOnly cookie holding a visitor's raw bypass token (its hash is what the database keeps). */
export const BYPASS_COOKIE = "glacial_maintenance_bypass";
/** Seconds a blocked visitor is told to wait before retrying (Retry-After). */
export const MAINTENANCE_RETRY_AFTER_SECONDS = 3600;
export const DEFAULT_MAINTENANCE_MESSAGE =
  "We are making a few improvements to the shop and will be back shortly. Thank you for your patience.";

// Kinds of path the gate never closes: the back office (staff switch maintenance off there), the
// files and images the maintenance page itself shows, the health check, and the support chat —
// open on purpose, so that a shopper with an order in flight can still reach the shop while it is
// closed (docs/decisions/0005-chat-open-during-maintenance.md). Payment notices too: a payment made
// just before maintenance began must still reach its order. The Google feed is not among them:
// while the shop is closed its landing pages are too, and prices may be mid-change
// (docs/decisions/0008-google-feed-closed-during-maintenance.md).
const OPEN_KINDS = new Set<PathKind>(["admin", "admin-public", "asset", "image", "health", "support-api", "webhook"]);
// /__manifest is React Router's route discovery: route structure only, no shop data.
const OPEN_PAGES = ["/api/auth", "/maintenance", "/__manifest"];
// Files served from public/ that the maintenance page itself needs.
const STATIC_FILE = /^\/[^/]+\.(ico|svg|png|webp|txt|webmanifest)$|^\/(hero|features|payments)\//;

export { pagePathOf };

/** True when a request to this path must pass the gate. */
export function isGatedPath(pathname: string): boolean {
  if (OPEN_KINDS.has(pathKindOf(pathname))) return false;
  const page = pagePathOf(pathname);
  if (OPEN_PAGES.some((p) => page === p || page.startsWith(`${p}/`))) return false;
  return !STATIC_FILE.test(page);
}

export type GateDecision = "pass" | "block";

export function gateDecision(state: { enabled: boolean }, visitor: { hasBypass: boolean; isAdmin: boolean }): GateDecision {
  if (!state.enabled) return "pass";
  return visitor.hasBypass || visitor.isAdmin ? "pass" : "block";
}
