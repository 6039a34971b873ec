import { data, redirect } from "react-router";
import { isUuid } from "~/lib/ids";
import type { AppServices } from "~/services.server";
import { can, type Action, type Module } from "./permissions";
import type { Role } from "./roles";
import { rolesOf } from "./staff-users.server";

export type Staff = { user: { id: string; email: string; name: string }; roles: Role[] };

/** The signed-in user and their roles (read from user_roles on every request), or null. */
export async function getStaff(services: AppServices, request: Request): Promise<Staff | null> {
  const session = await services.auth.api.getSession({ headers: request.headers });
  if (!session) return null;
  const roles = await rolesOf(services.db, session.user.id);
  return { user: { id: session.user.id, email: session.user.email, name: session.user.name }, roles };
}

/** For admin page loaders: no session -> /admin/login; lacking the permission -> /admin/dashboard. */
export async function requirePagePermission(services: AppServices, request: Request, module: Module, action: Action = "view"): Promise<Staff> {
  const staff = await getStaff(services, request);
  if (!staff) throw redirect(`/admin/login?redirectTo=${encodeURIComponent(new URL(request.url).pathname)}`);
  if (!can(staff.roles, module, action)) throw redirect("/admin/dashboard");
  return staff;
}

/** For admin actions and data endpoints: 401 without a session, 403 without the permission. */
export async function requireActionPermission(services: AppServices, request: Request, module: Module, action: Action): Promise<Staff> {
  const staff = await getStaff(services, request);
  if (!staff) throw data({ error: "Sign in to continue." }, { status: 401 });
  if (!can(staff.roles, module, action)) throw data({ error: "You do not have permission to do that." }, { status: 403 });
  return staff;
}

/** Identifiers in admin calls must be UUIDs: anything else is a 400 before any query. */
export function requireUuid(value: unknown, what = "id"): string {
  if (!isUuid(value)) throw data({ error: `Invalid ${what}.` }, { status: 400 });
  return value;
}
