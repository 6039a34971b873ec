import { useEffect } from "react";
import { Link, useNavigation } from "react-router";
import { toast } from "sonner";
import { DataTable, type Column } from "~/components/admin/kit/data-table";
import { OperationForm } from "~/components/admin/kit/operation-form";
import { AdminPage, PageHeader } from "~/components/admin/kit/page-header";
import { Panel } from "~/components/admin/kit/panel";
import { Button, buttonClass } from "~/components/ui/button";
import { FormMessage, TextField } from "~/components/ui/field";
import { ROLES, type Role } from "~/modules/staff/staff";

// /admin/user-management: invite staff, and change another member's roles, deactivate or
// reactivate them, or send them a password reset. Nobody manages themselves here.

type StaffRow = { id: string; email: string; roles: Role[]; createdAt: string; lastSignInAt: string | null; mfaEnabled: boolean; status: "active" | "invited" | "deactivated" };

export type UserManagementData = { me: string; staff: StaffRow[] };

/** What the user-management action answered. */
export type UserManagementAnswer = { ok: true; message: string } | { ok: false; error?: string } | undefined;

/** Every refusal here carries a message; the fallback only keeps a field-only answer from showing nothing. */
const errorOf = (answer: { error?: string }) => answer.error ?? "That could not be done. Check the form and try again.";

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

const button = buttonClass("secondary", "sm");

const when = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Kolkata" });

export function UserManagementScreen({ loaderData, actionData }: { loaderData: UserManagementData; actionData: UserManagementAnswer }) {
  const busy = useNavigation().state === "submitting";
  useEffect(() => {
    if (!actionData) return;
    if (actionData.ok) toast.success(actionData.message);
    else toast.error(errorOf(actionData));
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
      <FormMessage error={actionData && !actionData.ok ? errorOf(actionData) : null} success={actionData?.ok ? actionData.message : null} />

      <OperationForm op="invite">
        <Panel title="Invite a staff member" description="They get an email with a link to set their password; it works for 72 hours.">
          <div className="flex flex-wrap items-end gap-6">
            <TextField label="Email" name="email" type="email" required className="w-72" />
            <RoleBoxes name="roles" checked={[]} idPrefix="invite-role" />
            <Button type="submit" variant="primary" disabled={busy}>
              Send invitation
            </Button>
          </div>
        </Panel>
      </OperationForm>

      <Panel>
        <DataTable caption="Staff members" rows={loaderData.staff} rowKey={(u) => u.id} columns={staffColumns(loaderData.me)} />
      </Panel>
    </AdminPage>
  );
}

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
            <OperationForm op="roles" className="space-y-2">
              <input type="hidden" name="userId" value={u.id} />
              <RoleBoxes name="roles" checked={u.roles} idPrefix={`roles-${u.id}`} />
              <button type="submit" className={button}>Save roles</button>
            </OperationForm>
            {/* One form per operation: the address names it, so permission is checked before the body is read. */}
            <div className="flex flex-wrap gap-2">
              <OperationForm op={u.status === "deactivated" ? "reactivate" : "deactivate"}>
                <input type="hidden" name="userId" value={u.id} />
                <button type="submit" className={button}>{u.status === "deactivated" ? "Reactivate" : "Deactivate"}</button>
              </OperationForm>
              <OperationForm op="reset">
                <input type="hidden" name="userId" value={u.id} />
                <button type="submit" className={button}>Send password reset</button>
              </OperationForm>
            </div>
          </div>
        </details>
      ),
  },
];
