import { and, asc, eq, inArray, isNull, ne } from "drizzle-orm";
import type { Tx } from "~/db/types";
import { ConflictError, NotFoundError, RejectedInputError } from "~/lib/save-outcome";
import { recordAudit, type AuditActor } from "~/modules/audit/audit.server";
import { ROLES, type Role } from "./roles";
import { accounts, sessions, userRoles, users } from "./schema";
import { RESET_TOKEN_EXPIRES_IN_SECONDS } from "./auth.server";
import { issueResetLink } from "./sign-in.server";
import { sendInviteMail, sendResetPasswordMail } from "./staff-mail.server";
import type { StaffDeps } from "./staff-deps.server";

// User management (super_admin only; the routes check that): list, invite, roles, deactivate,
// reactivate, password reset. Every change writes an audit row in the same transaction.

export const INVITE_EXPIRES_IN_MS = 72 * 60 * 60 * 1000;

export type StaffStatus = "active" | "invited" | "deactivated";
export type StaffListRow = {
  id: string;
  email: string;
  roles: Role[];
  createdAt: Date;
  lastSignInAt: Date | null;
  mfaEnabled: boolean;
  status: StaffStatus;
};

/**
 * What a change to a staff member tells the admin who made it. A refusal is thrown as one of the
 * shared domain errors (bad input, gone, a conflict with the staff's state), mapped to HTTP by the route.
 */
export type Managed = { message: string };

const NO_SUCH_STAFF = "No staff member with that id.";

export async function listStaff(services: StaffDeps): Promise<StaffListRow[]> {
  const { db } = services;
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      createdAt: users.createdAt,
      lastSignInAt: users.lastSignInAt,
      mfaEnabled: users.twoFactorEnabled,
      deactivatedAt: users.deactivatedAt,
    })
    .from(users)
    .orderBy(asc(users.email));
  const ids = rows.map((r) => r.id);
  const [roleRows, credentials] = ids.length
    ? await Promise.all([
        db.select().from(userRoles).where(inArray(userRoles.userId, ids)),
        db.select({ userId: accounts.userId }).from(accounts).where(and(inArray(accounts.userId, ids), eq(accounts.providerId, "credential"))),
      ])
    : [[], []];
  const withPassword = new Set(credentials.map((c) => c.userId));
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    roles: ROLES.filter((role) => roleRows.some((x) => x.userId === r.id && x.role === role)),
    createdAt: r.createdAt,
    lastSignInAt: r.lastSignInAt,
    mfaEnabled: r.mfaEnabled,
    status: r.deactivatedAt ? "deactivated" : withPassword.has(r.id) ? "active" : "invited",
  }));
}

export async function staffOptions(services: StaffDeps): Promise<{ id: string; email: string }[]> {
  return services.db.select({ id: users.id, email: users.email }).from(users).orderBy(asc(users.email));
}

/** Active super_admins other than `exceptId`, locked for the rest of the transaction. */
async function otherActiveSuperAdmins(tx: Tx, exceptId: string): Promise<number> {
  const rows = await tx
    .select({ id: userRoles.userId })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(and(eq(userRoles.role, "super_admin"), ne(userRoles.userId, exceptId), isNull(users.deactivatedAt)))
    .for("update");
  return rows.length;
}

export async function inviteStaff(services: StaffDeps, actor: AuditActor, input: { email: string; roles: Role[] }): Promise<Managed> {
  const email = input.email.trim().toLowerCase();
  const roles = [...new Set(input.roles)];
  const created = await services.db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (existing) return null;
    const [user] = await tx.insert(users).values({ email, name: email.split("@")[0]!, emailVerified: true, isStaff: true }).returning({ id: users.id });
    await tx.insert(userRoles).values(roles.map((role) => ({ userId: user!.id, role })));
    await recordAudit(tx, { actor, module: "user_management", action: "invite", targetId: user!.id, after: { email, roles } });
    return user!.id;
  });
  if (!created) throw new ConflictError("A staff member with that email already exists.");
  // The reset-password page sets the first password: the same link kind, with 72 hours to use it.
  const link = await issueResetLink(services, created, { expiresInMs: INVITE_EXPIRES_IN_MS, invite: true });
  await sendInviteMail(services.mailer, email, link, actor.email);
  return { message: `Invitation sent to ${email}.` };
}

export async function changeRoles(services: StaffDeps, actor: AuditActor, userId: string, roles: Role[]): Promise<Managed> {
  if (userId === actor.id) throw new RejectedInputError({}, "You cannot change your own roles.");
  const next = ROLES.filter((r) => roles.includes(r));
  return services.db.transaction(async (tx): Promise<Managed> => {
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId)).for("update");
    if (!user) throw new NotFoundError(NO_SUCH_STAFF);
    const before = (await tx.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId))).map((r) => r.role);
    const current = ROLES.filter((r) => before.includes(r));
    if (current.includes("super_admin") && !next.includes("super_admin") && (await otherActiveSuperAdmins(tx, userId)) === 0) {
      throw new ConflictError("The last super admin cannot lose that role.");
    }
    if (current.join() === next.join()) return { message: "Nothing changed." };
    await tx.delete(userRoles).where(eq(userRoles.userId, userId));
    if (next.length) await tx.insert(userRoles).values(next.map((role) => ({ userId, role })));
    await recordAudit(tx, { actor, module: "user_management", action: "change_roles", targetId: userId, before: { roles: current }, after: { roles: next } });
    return { message: `Roles of ${user.email} saved.` };
  });
}

export async function setDeactivated(services: StaffDeps, actor: AuditActor, userId: string, deactivate: boolean): Promise<Managed> {
  if (deactivate && userId === actor.id) throw new RejectedInputError({}, "You cannot deactivate your own account.");
  return services.db.transaction(async (tx): Promise<Managed> => {
    const [user] = await tx.select({ email: users.email, deactivatedAt: users.deactivatedAt }).from(users).where(eq(users.id, userId)).for("update");
    if (!user) throw new NotFoundError(NO_SUCH_STAFF);
    if (deactivate === Boolean(user.deactivatedAt)) return { message: "Nothing changed." };
    if (deactivate) {
      const [isSuper] = await tx.select({ one: userRoles.userId }).from(userRoles).where(and(eq(userRoles.userId, userId), eq(userRoles.role, "super_admin")));
      if (isSuper && (await otherActiveSuperAdmins(tx, userId)) === 0) throw new ConflictError("The last super admin cannot be deactivated.");
    }
    const at = deactivate ? new Date() : null;
    await tx.update(users).set({ deactivatedAt: at }).where(eq(users.id, userId));
    // Sessions end at once: the next request of that user finds none.
    if (deactivate) await tx.delete(sessions).where(eq(sessions.userId, userId));
    await recordAudit(tx, {
      actor,
      module: "user_management",
      action: deactivate ? "deactivate" : "reactivate",
      targetId: userId,
      before: { active: !deactivate },
      after: { active: deactivate ? false : true },
    });
    return { message: `${user.email} ${deactivate ? "deactivated" : "reactivated"}.` };
  });
}

export async function sendPasswordReset(services: StaffDeps, actor: AuditActor, userId: string): Promise<Managed> {
  const [user] = await services.db.select({ email: users.email, isStaff: users.isStaff }).from(users).where(eq(users.id, userId));
  if (!user?.isStaff) throw new NotFoundError(NO_SUCH_STAFF);
  // Sent on a signed-in admin's word, so neither the anonymous form's throttle (which would
  // swallow the mail and still say "sent") nor its unawaited send (there to hide which
  // addresses exist) applies: the mail is queued before the admin is told it was sent.
  const link = await issueResetLink(services, userId, { expiresInMs: RESET_TOKEN_EXPIRES_IN_SECONDS * 1000 });
  await sendResetPasswordMail(services.mailer, user.email, link);
  await recordAudit(services.db, { actor, module: "user_management", action: "send_password_reset", targetId: userId });
  return { message: `Password reset link sent to ${user.email}.` };
}
