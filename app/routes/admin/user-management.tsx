import { useEffect } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { toast } from "sonner";
import { z } from "zod";
import { adminMeta } from "~/lib/admin-meta";
import { requireActionPermission, requirePagePermission, requireUuid, changeRoles, inviteStaff, listStaff, sendPasswordReset, setDeactivated } from "~/modules/staff/staff.server";
import { ROLES } from "~/modules/staff/staff";
import type { Route } from "./+types/user-management";
import { AdminPage, PageHeader } from "~/components/admin/kit/page-header";
import { DataTable, type Column } from "~/components/admin/kit/data-table";
import { Panel } from "~/components/admin/kit/panel";

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
  if (!(Object.hasOwn(INTENTS, intent))) return data({ ok: false as const, error: "Unknown action." }, { status: 400 });
  const actor = { id: staff.user.id, email: staff.user.email };
  if (intent === "invite") {
    const parsed = invite.safeParse({ email: form.get("email"), roles: form.getAll("roles") });
    if (!parsed.success) return data({ ok: false as const, error: parsed.error.issues[0]!.message }, { status: 400 });
    return respond(await inviteStaff(context.services, actor, parsed.data));
  }
  const userId = requireUuid(form.get("userId"), "user id");
  switch (intent) {
    case "roles": {
      const parsed = roleList.safeParse(form.getAll("roles"));
      if (!parsed.success) return data({ ok: false as const, error: parsed.error.issues[0]!.message }, { status: 400 });
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
  return result.ok ? { ok: true as const, message: result.message } : data({ ok: false as const, error: result.error }, { status: result.status });
}

export const meta: Route.MetaFunction = () => adminMeta("User Management");

const STATUS = { active: "Active", invited: "Invited", deactivated: "Deactivated" } as const;

function RoleBoxes({ name, checked, idPrefix }: { name: string; checked: readonly string[]; idPrefix: string }) {
  return (
    <fieldset className="flex flex-wrap gap-x-4 gap-y-1">
      <legend className="mb-1 text-sm font-medium">Roles</legend>
      {ROLES.map((role) => (
        <label key={role} htmlFor={`${idPrefix}-${role}`} className="inline-flex items-center gap-1.5 text-sm">
          <input id={`${idPrefix}-${role}`} type="checkbox" name={name} value={role} defaultChecked={checked.includes(role)} className="size-4" />
          {role}
        </label>
      ))}
    </fieldset>
  );
}

const button =
  "rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-teal-600 dark:border-slate-600 dark:hover:bg-slate-800";

const when = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Kolkata" });

export default function UserManagement({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  useEffect(() => {
    if (!actionData) return;
    if (actionData.ok) toast.success(actionData.message);
    else toast.error(actionData.error);
  }, [actionData]);
  return (
    <AdminPage>
      <PageHeader
        title="User Management"
        actions={
          <Link to="/admin/user-management/activity" className="text-teal-800 underline dark:text-teal-300">
            Activity
          </Link>
        }
      />
      {actionData ? (
        <p role={actionData.ok ? "status" : "alert"} className={`rounded-md px-3 py-2 text-sm ${actionData.ok ? "bg-teal-50 text-teal-900 dark:bg-teal-950 dark:text-teal-100" : "bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-100"}`}>
          {actionData.ok ? actionData.message : actionData.error}
        </p>
      ) : null}

      <Form method="post">
        <Panel title="Invite a staff member" description="They get an email with a link to set their password; it works for 72 hours.">
          <div className="flex flex-wrap items-end gap-6">
            <div>
              <label htmlFor="invite-email" className="block text-sm font-medium">Email</label>
              <input id="invite-email" name="email" type="email" required className="mt-1 w-72 rounded-md border border-slate-400 bg-white px-3 py-1.5 dark:border-slate-600 dark:bg-slate-950" />
            </div>
            <RoleBoxes name="roles" checked={[]} idPrefix="invite-role" />
            <button type="submit" name="intent" value="invite" disabled={busy} className="rounded-md bg-teal-800 px-4 py-2 font-semibold text-white hover:bg-teal-900">
              Send invitation
            </button>
          </div>
        </Panel>
      </Form>

      <Panel>
        <DataTable caption="Staff members" rows={loaderData.staff} rowKey={(u) => u.id} columns={staffColumns(loaderData.me)} />
      </Panel>
    </AdminPage>
  );
}

type StaffRow = Route.ComponentProps["loaderData"]["staff"][number];

const staffColumns = (me: string): Column<StaffRow>[] => [
  { key: "email", header: "Email", rowHeader: true, cell: (u) => u.email },
  { key: "roles", header: "Roles", cell: (u) => (u.roles.length ? u.roles.join(", ") : "No roles assigned") },
  { key: "status", header: "Status", cell: (u) => STATUS[u.status] },
  { key: "created", header: "Created", cell: (u) => when.format(new Date(u.createdAt)) },
  { key: "last", header: "Last sign-in", cell: (u) => (u.lastSignInAt ? when.format(new Date(u.lastSignInAt)) : "Never") },
  { key: "mfa", header: "MFA", cell: (u) => (u.mfaEnabled ? "On" : "Off") },
  {
    key: "actions",
    header: <span className="sr-only">Actions</span>,
    cell: (u) =>
      u.id === me ? (
        <span className="text-slate-600 dark:text-slate-300">You</span>
      ) : (
        <details>
          <summary className="cursor-pointer font-medium text-teal-800 dark:text-teal-300">Manage {u.email}</summary>
          <div className="mt-3 space-y-3">
            <Form method="post" className="space-y-2">
              <input type="hidden" name="userId" value={u.id} />
              <RoleBoxes name="roles" checked={u.roles} idPrefix={`roles-${u.id}`} />
              <button type="submit" name="intent" value="roles" className={button}>Save roles</button>
            </Form>
            <Form method="post" className="flex flex-wrap gap-2">
              <input type="hidden" name="userId" value={u.id} />
              {u.status === "deactivated" ? (
                <button type="submit" name="intent" value="reactivate" className={button}>Reactivate</button>
              ) : (
                <button type="submit" name="intent" value="deactivate" className={button}>Deactivate</button>
              )}
              <button type="submit" name="intent" value="reset" className={button}>Send password reset</button>
            </Form>
          </div>
        </details>
      ),
  },
];
