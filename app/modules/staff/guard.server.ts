import { eq } from "drizzle-orm";
import { data, redirect } from "react-router";
import { isUuid } from "~/lib/ids";
import { REFUSAL_STATUS } from "~/lib/save-outcome";
import { getSetting } from "~/modules/settings/settings.server";
import { can, type Action, type Module } from "./permissions";
import type { Role } from "./roles";
import { users } from "./schema";
import { rolesOf } from "./staff-users.server";
import type { StaffDeps } from "./staff-deps.server";

export type Staff = {
  user: { id: string; email: string; name: string };
  roles: Role[];
  /** TOTP enrolled. */
  mfaEnabled: boolean;
  /** The super_admin requires a second factor and this user has none yet: only the account page is open. */
  mfaSetupRequired: boolean;
};

export const ACCOUNT_PATH = "/admin/account";

/**
 * The signed-in, active staff member and their roles (read from user_roles on every request), or
 * null. A shopper's session is a session of the same auth library, but a shopper is not staff:
 * for the back office a shopper is the same as no one signed in.
 */
export async function getStaff(services: StaffDeps, request: Request): Promise<Staff | null> {
  const session = await services.auth.api.getSession({ headers: request.headers });
  if (!session) return null;
  const [row] = await services.db
    .select({ deactivatedAt: users.deactivatedAt, twoFactorEnabled: users.twoFactorEnabled, isStaff: users.isStaff })
    .from(users)
    .where(eq(users.id, session.user.id));
  // Deactivation deletes sessions at once; this also covers a session created in a race with it.
  if (!row || row.deactivatedAt || !row.isStaff) return null;
  const [roles, security] = await Promise.all([rolesOf(services.db, session.user.id), getSetting(services.db, "staff_security")]);
  return {
    user: { id: session.user.id, email: session.user.email, name: session.user.name },
    roles,
    mfaEnabled: row.twoFactorEnabled,
    mfaSetupRequired: security.require_mfa && !row.twoFactorEnabled,
  };
}

/** For admin page loaders: no session -> /admin/login; lacking the permission -> /admin/dashboard. */
export async function requirePagePermission(services: StaffDeps, request: Request, module: Module, action: Action = "view"): Promise<Staff> {
  const staff = await requireStaffPage(services, request);
  if (!can(staff.roles, module, action)) throw redirect("/admin/dashboard");
  return staff;
}

/** For admin actions and data endpoints: unauthenticated without a session, forbidden without the permission. */
export async function requireActionPermission(services: StaffDeps, request: Request, module: Module, action: Action): Promise<Staff> {
  const staff = await requireStaffAction(services, request);
  if (!can(staff.roles, module, action)) throw data({ error: "You do not have permission to do that." }, { status: REFUSAL_STATUS.forbidden });
  return staff;
}

/**
 * The right an operation needs: an action on the route's own module, or, for the rare operation
 * that changes another module's records (teaching the bot from the support inbox writes the FAQ),
 * an action on that module.
 */
export type OperationRight = Action | { module: Module; action: Action };

/**
 * For admin actions that post to `?do=<operation>`: the operation is looked up in the route's own
 * table (own keys only, so "toString" and the other names every object inherits are unknown), and
 * the permission it needs is checked before a byte of the body is read: unauthenticated without a
 * session, forbidden without the permission, then invalid for an operation the table does not
 * name. An unknown operation is checked against "edit" on the route's module first, so it tells
 * an outsider nothing about the table. The statuses come from the one refusal table
 * (REFUSAL_STATUS).
 */
export async function requireOperation<Ops extends Record<string, OperationRight>>(
  services: StaffDeps,
  request: Request,
  module: Module,
  operations: Ops,
): Promise<{ staff: Staff; op: keyof Ops & string; actor: { id: string; email: string } }> {
  const raw = new URL(request.url).searchParams.get("do") ?? "";
  const op = Object.hasOwn(operations, raw) ? raw : null;
  const right: OperationRight = op ? operations[op]! : "edit";
  const staff = typeof right === "string" ? await requireActionPermission(services, request, module, right) : await requireActionPermission(services, request, right.module, right.action);
  if (!op) throw data({ ok: false, error: "Unknown action." }, { status: REFUSAL_STATUS.invalid });
  return { staff, op, actor: { id: staff.user.id, email: staff.user.email } };
}

/** Any signed-in staff member (pages open to everyone signed in, such as the dashboard shell or the account page). */
export async function requireStaffPage(services: StaffDeps, request: Request, opts: { allowMfaSetup?: boolean } = {}): Promise<Staff> {
  const staff = await getStaff(services, request);
  if (!staff) throw redirect("/admin/login");
  if (staff.mfaSetupRequired && !opts.allowMfaSetup) throw redirect(`${ACCOUNT_PATH}?mfa=required`);
  return staff;
}

export async function requireStaffAction(services: StaffDeps, request: Request, opts: { allowMfaSetup?: boolean } = {}): Promise<Staff> {
  const staff = await getStaff(services, request);
  if (!staff) throw data({ error: "Sign in to continue." }, { status: REFUSAL_STATUS.unauthenticated });
  if (staff.mfaSetupRequired && !opts.allowMfaSetup) throw data({ error: "Set up two-factor authentication on your account page first." }, { status: REFUSAL_STATUS.forbidden });
  return staff;
}

/** Identifiers in admin calls must be UUIDs: anything else is refused as invalid before any query. */
export function requireUuid(value: unknown, what = "id"): string {
  if (!isUuid(value)) throw data({ error: `Invalid ${what}.` }, { status: REFUSAL_STATUS.invalid });
  return value;
}
