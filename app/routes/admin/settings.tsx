import { data, Form } from "react-router";
import { PageTitle } from "~/components/admin/module-unavailable";
import { adminMeta } from "~/lib/admin-meta";
import { getSetting } from "~/modules/settings/settings.server";
import { requireActionPermission, requirePagePermission } from "~/modules/staff/guard.server";
import { can } from "~/modules/staff/permissions";
import { setRequireMfa } from "~/modules/staff/staff-security.server";
import type { Route } from "./+types/settings";

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requirePagePermission(context.services, request, "settings");
  const security = await getSetting(context.services.db, "staff_security");
  return { requireMfa: security.require_mfa, canEdit: can(staff.roles, "settings", "edit") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireActionPermission(context.services, request, "settings", "edit");
  const form = await request.formData();
  if (form.get("intent") !== "security") return data({ ok: false as const, error: "Unknown action." }, { status: 400 });
  const requireMfa = form.get("require_mfa") === "on";
  await setRequireMfa(context.services, staff.user, requireMfa);
  return { ok: true as const, message: requireMfa ? "Two-factor authentication is now required for all staff." : "Two-factor authentication is now optional." };
}

export const meta: Route.MetaFunction = () => adminMeta("Settings");

export default function SettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-4xl">
      <PageTitle>Settings</PageTitle>
      <p className="mt-3 rounded-lg border border-dashed border-slate-300 p-4 text-slate-700 dark:border-slate-700 dark:text-slate-200">
        Store details, GST, shipping and maintenance mode are not available yet: they come with the settings module. Staff security works now.
      </p>
      <div className="mt-8 rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
        <h2 className="text-lg font-semibold">Staff security</h2>
        {actionData ? (
          <p role={actionData.ok ? "status" : "alert"} className="mt-3 text-sm">{actionData.ok ? actionData.message : actionData.error}</p>
        ) : null}
        {loaderData.canEdit ? (
          <Form method="post" className="mt-4">
            <input type="hidden" name="intent" value="security" />
            <label htmlFor="require-mfa" className="inline-flex items-center gap-2">
              <input id="require-mfa" name="require_mfa" type="checkbox" defaultChecked={loaderData.requireMfa} className="size-4" />
              Require two-factor authentication (TOTP) for all staff
            </label>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">Staff without it are sent to their account page to set it up before anything else.</p>
            <button type="submit" className="mt-3 rounded-md bg-teal-800 px-4 py-2 font-semibold text-white hover:bg-teal-900">Save</button>
          </Form>
        ) : (
          <p className="mt-3">Two-factor authentication for all staff: {loaderData.requireMfa ? "required" : "optional"}.</p>
        )}
      </div>
    </section>
  );
}
