// Pure rules of the maintenance gate, shared by the server middleware and its tests.

/** HttpOnly cookie holding a visitor's raw bypass token (its hash is what the database keeps). */
export const BYPASS_COOKIE = "glacial_maintenance_bypass";
/** Seconds a blocked visitor is told to wait before retrying (Retry-After). */
export const MAINTENANCE_RETRY_AFTER_SECONDS = 3600;
export const DEFAULT_MAINTENANCE_MESSAGE =
  "We are making a few improvements to the shop and will be back shortly. Thank you for your patience.";

// /__manifest is React Router's route discovery: route structure only, no shop data.
const OPEN_PREFIXES = ["/admin", "/api/auth", "/images", "/assets", "/healthz", "/maintenance", "/__manifest"];
// Files served from public/ that the maintenance page itself needs.
const STATIC_FILE = /^\/[^/]+\.(ico|svg|png|webp|txt|webmanifest)$|^\/(hero|features|payments)\//;

/**
 * The page a request is for, ignoring React Router's data suffix
 * (`/cart.data`, `/_root.data` for the home page).
 */
export function pagePathOf(pathname: string): string {
  if (pathname === "/_root.data") return "/";
  return pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
}

/** True when a request to this path must pass the gate. */
export function isGatedPath(pathname: string): boolean {
  const page = pagePathOf(pathname);
  if (OPEN_PREFIXES.some((p) => page === p || page.startsWith(`${p}/`))) return false;
  return !STATIC_FILE.test(page);
}

export type GateDecision = "pass" | "block";

export function gateDecision(state: { enabled: boolean }, visitor: { hasBypass: boolean; isAdmin: boolean }): GateDecision {
  if (!state.enabled) return "pass";
  return visitor.hasBypass || visitor.isAdmin ? "pass" : "block";
}
