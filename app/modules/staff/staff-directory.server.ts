import { asc, eq, inArray } from "drizzle-orm";
import type { Db } from "~/db/types";
import type { Role } from "./roles";
import { userRoles, users } from "./schema";

// Read face: staff members by role and their display names (for assignees and reply senders).

export type StaffMember = { id: string; name: string; email: string; roles: Role[] };

/** Staff holding any of `roles`, by name. */
export async function listStaffWithRoles(db: Db, roles: readonly Role[]): Promise<StaffMember[]> {
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email, role: userRoles.role })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(inArray(userRoles.role, [...roles]))
    .orderBy(asc(users.name), asc(users.email));
  const byId = new Map<string, StaffMember>();
  for (const r of rows) {
    const member = byId.get(r.id) ?? { id: r.id, name: r.name, email: r.email, roles: [] };
    member.roles.push(r.role);
    byId.set(r.id, member);
  }
  return [...byId.values()];
}

export async function staffNames(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.name]));
}
