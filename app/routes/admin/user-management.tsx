import { UserManagementScreen } from "~/components/admin/staff/user-management-screen";
import { z } from "zod";
import { fail, refusedAnswer, type ActionResult } from "~/lib/action-result";
import { adminMeta } from "~/lib/admin-meta";
import { requireOperation, requirePagePermission, requireUuid, changeRoles, inviteStaff, listStaff, sendPasswordReset, setDeactivated } from "~/modules/staff/staff.server";
import { ROLES } from "~/modules/staff/staff";
import type { Route } from "./+types/user-management";

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requirePagePermission(context.services, request, "user_management");
  const rows = await listStaff(context.services);
  return {
    me: staff.user.id,
    staff: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), lastSignInAt: r.lastSignInAt?.toISOString() ?? null })),
  };
}

const roleList = z.array(z.enum(ROLES, { message: "Unknown role." }));
const invite = z.object({ email: z.string().trim().toLowerCase().email("Enter a valid email address.").max(320), roles: roleList.min(1, "Choose at least one role.") });
// Each form posts to ?do=<operation>; the permission it needs is checked before the body is read.
const OPERATIONS = { invite: "create", roles: "edit", deactivate: "edit", reactivate: "edit", reset: "edit" } as const;

export async function action({ request, context }: Route.ActionArgs) {
  // 401 without a session, 403 without the right, 400 for an unknown operation: all before the body.
  const { op, actor } = await requireOperation(context.services, request, "user_management", OPERATIONS);
  const form = await request.formData();
  const { services } = context;
  try {
    switch (op) {
      case "invite": {
        const parsed = invite.safeParse({ email: form.get("email"), roles: form.getAll("roles") });
        if (!parsed.success) return fail(400, { error: parsed.error.issues[0]!.message });
        return done(await inviteStaff(services, actor, parsed.data));
      }
      case "roles": {
        const userId = requireUuid(form.get("userId"), "user id");
        const parsed = roleList.safeParse(form.getAll("roles"));
        if (!parsed.success) return fail(400, { error: parsed.error.issues[0]!.message });
        return done(await changeRoles(services, actor, userId, parsed.data));
      }
      case "deactivate":
      case "reactivate":
        return done(await setDeactivated(services, actor, requireUuid(form.get("userId"), "user id"), op === "deactivate"));
      case "reset":
        return done(await sendPasswordReset(services, actor, requireUuid(form.get("userId"), "user id")));
    }
  } catch (error) {
    // Refusals (one's own account, gone, the last super admin, a taken email) get their statuses from the shared mapping.
    return refusedAnswer(error);
  }
}

function done({ message }: { message: string }) {
  return { ok: true as const, message } satisfies ActionResult;
}

export const meta: Route.MetaFunction = () => adminMeta("User Management");

export default function UserManagement({ loaderData, actionData }: Route.ComponentProps) {
  return <UserManagementScreen loaderData={loaderData} actionData={actionData} />;
}
