import { UserManagementScreen } from "~/components/admin/staff/user-management-screen";
import { z } from "zod";
import { fail } from "~/lib/action-result";
import { adminMeta } from "~/lib/admin-meta";
import { requireActionPermission, requirePagePermission, requireUuid, changeRoles, inviteStaff, listStaff, sendPasswordReset, setDeactivated } from "~/modules/staff/staff.server";
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
const INTENTS = { invite: "create", roles: "edit", deactivate: "edit", reactivate: "edit", reset: "edit" } as const;

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  // Permission first (401/403, nothing read), then the input (400), then the change.
  const staff = await requireActionPermission(context.services, request, "user_management", Object.hasOwn(INTENTS, intent) ? INTENTS[intent as keyof typeof INTENTS] : "edit");
  if (!(Object.hasOwn(INTENTS, intent))) return fail(400, { error: "Unknown action." });
  const actor = { id: staff.user.id, email: staff.user.email };
  if (intent === "invite") {
    const parsed = invite.safeParse({ email: form.get("email"), roles: form.getAll("roles") });
    if (!parsed.success) return fail(400, { error: parsed.error.issues[0]!.message });
    return respond(await inviteStaff(context.services, actor, parsed.data));
  }
  const userId = requireUuid(form.get("userId"), "user id");
  switch (intent) {
    case "roles": {
      const parsed = roleList.safeParse(form.getAll("roles"));
      if (!parsed.success) return fail(400, { error: parsed.error.issues[0]!.message });
      return respond(await changeRoles(context.services, actor, userId, parsed.data));
    }
    case "deactivate":
    case "reactivate":
      return respond(await setDeactivated(context.services, actor, userId, intent === "deactivate"));
    default:
      return respond(await sendPasswordReset(context.services, actor, userId));
  }
}

function respond(result: Awaited<ReturnType<typeof changeRoles>>) {
  return result.ok ? { ok: true as const, message: result.message } : fail(result.status, { error: result.error });
}

export const meta: Route.MetaFunction = () => adminMeta("User Management");

export default function UserManagement({ loaderData, actionData }: Route.ComponentProps) {
  return <UserManagementScreen loaderData={loaderData} actionData={actionData} />;
}
