import { data, Form, useNavigation } from "react-router";
import { z } from "zod";
import { adminMeta } from "~/lib/admin-meta";
import { actionThenLoaderHeaders } from "~/lib/route-headers";
import { requireStaffAction, requireStaffPage, confirmEnrolment, disableMfa, startEnrolment } from "~/modules/staff/staff.server";
import type { Route } from "./+types/account";
import { AdminPage, PageHeader } from "~/components/admin/kit/page-header";
import { Panel } from "~/components/admin/kit/panel";

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaffPage(context.services, request, { allowMfaSetup: true });
  return { email: staff.user.email, roles: staff.roles, mfaEnabled: staff.mfaEnabled, mfaRequired: staff.mfaSetupRequired };
}

const input = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("enable"), password: z.string().min(1, "Enter your password.").max(1000) }),
  z.object({ intent: z.literal("verify"), code: z.string().trim().min(6, "Enter the 6-digit code.").max(12) }),
  z.object({ intent: z.literal("disable"), password: z.string().min(1, "Enter your password.").max(1000) }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  // Every signed-in staff member manages their own second factor, whatever their roles.
  const staff = await requireStaffAction(context.services, request, { allowMfaSetup: true });
  const parsed = input.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ ok: false as const, error: parsed.error.issues[0]!.message }, { status: 400 });
  const form = parsed.data;
  const result =
    form.intent === "enable"
      ? await startEnrolment(context.services, request, staff, form.password)
      : form.intent === "verify"
        ? await confirmEnrolment(context.services, request, staff, form.code)
        : await disableMfa(context.services, request, staff, form.password);
  if (!result.ok) {
    const limited = result.retryAfterSeconds !== undefined;
    return data(result, { status: limited ? 429 : 400, headers: limited ? { "Retry-After": String(result.retryAfterSeconds) } : undefined });
  }
  if (result.step === "done") return data({ ok: true as const, step: "done" as const, message: result.message }, { headers: result.headers });
  return result;
}

export const headers: Route.HeadersFunction = actionThenLoaderHeaders;

export const meta: Route.MetaFunction = () => adminMeta("My account");

const input_ = "mt-1 block w-64 rounded-md border border-slate-400 bg-white px-3 py-1.5 dark:border-slate-600 dark:bg-slate-950";
const primary = "mt-3 rounded-md bg-teal-800 px-4 py-2 font-semibold text-white hover:bg-teal-900 disabled:opacity-70";

export default function AccountPage({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const enrolling = actionData?.ok && actionData.step === "enrol" ? actionData : null;
  return (
    <AdminPage width="narrow">
      <PageHeader title="My account" />
      {loaderData.mfaRequired ? (
        <p role="alert" className="rounded-md bg-amber-50 px-3 py-2 text-amber-900 ring-1 ring-amber-300 dark:bg-amber-950 dark:text-amber-100">
          Two-factor authentication is required for all staff. Set it up below to continue.
        </p>
      ) : null}
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
        <dt className="font-medium">Email</dt>
        <dd>{loaderData.email}</dd>
        <dt className="font-medium">Roles</dt>
        <dd>{loaderData.roles.length ? loaderData.roles.join(", ") : "No roles assigned"}</dd>
        <dt className="font-medium">Two-factor authentication</dt>
        <dd>{loaderData.mfaEnabled ? "On" : "Off"}</dd>
      </dl>

      <Panel title="Two-factor authentication (TOTP)">
        {actionData && !actionData.ok ? (
          <p role="alert" className="mt-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-100">{actionData.error}</p>
        ) : null}
        {actionData?.ok && actionData.step === "done" ? (
          <p role="status" className="mt-3 rounded-md bg-teal-50 px-3 py-2 text-sm text-teal-900 dark:bg-teal-950 dark:text-teal-100">{actionData.message}</p>
        ) : null}
        {enrolling ? (
          <div className="mt-4">
            <p>Scan this code with an authenticator app, then enter the 6-digit code it shows.</p>
            <img src={enrolling.qr} alt="QR code for your authenticator app" width={220} height={220} className="mt-3 rounded bg-white p-1" />
            <p className="mt-2 text-sm">
              Or enter this key by hand: <code className="font-mono break-all" data-testid="totp-secret">{enrolling.secret}</code>
            </p>
            <h3 className="mt-4 font-semibold">Recovery codes</h3>
            <p className="text-sm text-slate-600 dark:text-slate-300">Each works once if you lose your phone. Keep them somewhere safe: they are shown only now.</p>
            <ul className="mt-2 grid grid-cols-2 gap-1 font-mono text-sm sm:grid-cols-5" aria-label="Recovery codes">
              {enrolling.recoveryCodes.map((c) => (
                <li key={c}>{c}</li>
              ))}
            </ul>
            <Form method="post" className="mt-4">
              <input type="hidden" name="intent" value="verify" />
              <label htmlFor="mfa-code" className="block text-sm font-medium">Code from the app</label>
              <input id="mfa-code" name="code" inputMode="numeric" autoComplete="one-time-code" required className={input_} />
              <button type="submit" disabled={busy} className={primary}>Turn on</button>
            </Form>
          </div>
        ) : loaderData.mfaEnabled ? (
          <Form method="post" className="mt-4">
            <input type="hidden" name="intent" value="disable" />
            <p className="text-sm">Sign-in asks for a code from your authenticator app.</p>
            <label htmlFor="mfa-disable-password" className="mt-3 block text-sm font-medium">Password</label>
            <input id="mfa-disable-password" name="password" type="password" autoComplete="current-password" required className={input_} />
            <button type="submit" disabled={busy} className={primary}>Turn off</button>
          </Form>
        ) : (
          <Form method="post" className="mt-4">
            <input type="hidden" name="intent" value="enable" />
            <p className="text-sm">Add a code from an authenticator app to every sign-in. Confirm with your password to start.</p>
            <label htmlFor="mfa-password" className="mt-3 block text-sm font-medium">Password</label>
            <input id="mfa-password" name="password" type="password" autoComplete="current-password" required className={input_} />
            <button type="submit" disabled={busy} className={primary}>Set up two-factor authentication</button>
          </Form>
        )}
      </Panel>
    </AdminPage>
  );
}
