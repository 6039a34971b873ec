import type { Role } from "./roles";

// The one permission table, and the few rights that are no module action (RIGHTS below). The
// sidebar, the route guards, every admin loader and action, the support API and the maintenance
// gate read them; nothing else encodes who may do what.
export const MODULES = [
  "dashboard",
  "catalog",
  "collections",
  "merchandising",
  "google_feed",
  "sales",
  "discounts",
  "customers",
  "support",
  "content",
  "marketing",
  "email_templates",
  "reports",
  "settings",
  "user_management",
] as const;
export type Module = (typeof MODULES)[number];

/** What the audit log files changes under: the modules, and a staff member's own account (their second factor). */
export const AUDIT_MODULES = [...MODULES, "account"] as const;

export const ACTIONS = ["view", "create", "edit", "delete"] as const;
export type Action = (typeof ACTIONS)[number];

const ALL: Action[] = ["view", "create", "edit", "delete"];
const VIEW: Action[] = ["view"];

const MATRIX: Record<Exclude<Role, "super_admin">, Partial<Record<Module, Action[]>>> = {
  admin: {
    catalog: ALL,
    collections: ALL,
    merchandising: ALL,
    google_feed: ALL,
    sales: ALL,
    discounts: ALL,
    customers: ALL,
    support: ALL,
    content: ALL,
    marketing: ALL,
    email_templates: ALL,
    dashboard: VIEW,
    reports: VIEW,
    settings: VIEW,
  },
  support: {
    dashboard: VIEW,
    catalog: VIEW,
    sales: VIEW,
    customers: VIEW,
    support: ["view", "create", "edit"],
  },
  viewer: {
    dashboard: VIEW,
    catalog: VIEW,
    sales: VIEW,
  },
};

/** A user holding several roles gets the union; super_admin passes every check. */
export function can(roles: readonly Role[], module: Module, action: Action): boolean {
  if (roles.includes("super_admin")) return true;
  return roles.some((role) => role !== "super_admin" && (MATRIX[role][module]?.includes(action) ?? false));
}

/**
 * Rights that are no action on a module, each given to its roles here and nowhere else: reading
 * the body of any staff mail (it may carry a password link; the addressee reads their own), a
 * customer's personal data (export, erasure), and the shop while it is closed for maintenance.
 */
const RIGHTS = {
  read_any_mail: ["super_admin"],
  personal_data: ["super_admin"],
  pass_maintenance: ["super_admin", "admin"],
} as const satisfies Record<string, readonly Role[]>;
export type Right = keyof typeof RIGHTS;

export function holds(roles: readonly Role[], right: Right): boolean {
  return roles.some((role) => (RIGHTS[right] as readonly Role[]).includes(role));
}

export function isModule(value: string): value is Module {
  return (MODULES as readonly string[]).includes(value);
}
