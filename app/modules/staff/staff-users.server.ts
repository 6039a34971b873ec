import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "~/db/types";
import type { Auth } from "./auth.server";
import { passwordProblem } from "./password-policy";
import { ROLES, type Role } from "./roles";
import { userRoles, users, verifications } from "./schema";

export const staffUserInput = z.object({
  email: z.string().trim().toLowerCase().email("a valid email address is required"),
  password: z.string().superRefine((pw, ctx) => {
    const problem = passwordProblem(pw);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  }),
  roles: z.array(z.enum(ROLES, { message: `role must be one of ${ROLES.join(", ")}` })).min(1, "at least one --role is required"),
});
export type StaffUserInput = z.infer<typeof staffUserInput>;

/** Creates a staff user, or sets the password and replaces the roles of an existing one. */
export async function upsertStaffUser(db: Db, auth: Auth, input: StaffUserInput): Promise<{ id: string; created: boolean }> {
  const ctx = await auth.$context;
  const hash = await ctx.password.hash(input.password);
  const existing = await ctx.internalAdapter.findUserByEmail(input.email);
  let userId: string;
  if (existing) {
    userId = existing.user.id;
    const credential = await ctx.internalAdapter.findCredentialAccount(userId);
    if (credential) await ctx.internalAdapter.updatePassword(userId, hash);
    else await ctx.internalAdapter.linkAccount({ userId, providerId: "credential", accountId: userId, password: hash });
    // A new password: any reset link still out no longer works.
    const [before] = await db.select({ resetId: users.resetVerificationId }).from(users).where(eq(users.id, userId));
    await db.update(users).set({ isStaff: true, resetVerificationId: null }).where(eq(users.id, userId));
    if (before?.resetId) await db.delete(verifications).where(eq(verifications.id, before.resetId));
  } else {
    const user = await ctx.internalAdapter.createUser({ email: input.email, name: input.email.split("@")[0]!, emailVerified: true }, { method: "admin" });
    userId = user.id;
    await db.update(users).set({ isStaff: true }).where(eq(users.id, userId));
    await ctx.internalAdapter.linkAccount({ userId, providerId: "credential", accountId: userId, password: hash });
  }
  await setRoles(db, userId, input.roles);
  return { id: userId, created: !existing };
}

export async function setRoles(db: Db, userId: string, roles: Role[]) {
  await db.transaction(async (tx) => {
    await tx.delete(userRoles).where(eq(userRoles.userId, userId));
    if (roles.length) await tx.insert(userRoles).values([...new Set(roles)].map((role) => ({ userId, role })));
  });
}

export async function rolesOf(db: Db, userId: string): Promise<Role[]> {
  const rows = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));
  return rows.map((r) => r.role);
}

export async function findUserIdByEmail(db: Db, email: string): Promise<string | null> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase()));
  return row?.id ?? null;
}
