import { Form, useNavigation } from "react-router";
import { AdminPage, PageHeader } from "~/components/admin/kit/page-header";
import { Panel } from "~/components/admin/kit/panel";
import { Button } from "~/components/ui/button";
import { FormMessage, TextField } from "~/components/ui/field";

// /admin/account: the signed-in staff member's own details and their second factor (TOTP):
// set it up (QR code, key, recovery codes, then a code to confirm) or turn it off.

export type AccountData = { email: string; roles: string[]; mfaEnabled: boolean; mfaRequired: boolean };

/** What the account action answered: the enrolment's QR code and codes, a finished step, or a refusal. */
export type AccountAnswer =
  | { ok: true; step: "enrol"; qr: string; secret: string; recoveryCodes: string[] }
  | { ok: true; step: "done"; message: string }
  | { ok: false; error: string }
  | undefined;

export function AccountScreen({ loaderData, actionData }: { loaderData: AccountData; actionData: AccountAnswer }) {
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
        <FormMessage error={actionData && !actionData.ok ? actionData.error : null} success={actionData?.ok && actionData.step === "done" ? actionData.message : null} />
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
              <TextField label="Code from the app" name="code" inputMode="numeric" autoComplete="one-time-code" required className="w-64" />
              <Button type="submit" variant="primary" disabled={busy} className="mt-3">Turn on</Button>
            </Form>
          </div>
        ) : loaderData.mfaEnabled ? (
          <Form method="post" className="mt-4">
            <input type="hidden" name="intent" value="disable" />
            <p className="text-sm">Sign-in asks for a code from your authenticator app.</p>
            <TextField label="Password" name="password" type="password" autoComplete="current-password" required className="mt-3 w-64" />
            <Button type="submit" variant="primary" disabled={busy} className="mt-3">Turn off</Button>
          </Form>
        ) : (
          <Form method="post" className="mt-4">
            <input type="hidden" name="intent" value="enable" />
            <p className="text-sm">Add a code from an authenticator app to every sign-in. Confirm with your password to start.</p>
            <TextField label="Password" name="password" type="password" autoComplete="current-password" required className="mt-3 w-64" />
            <Button type="submit" variant="primary" disabled={busy} className="mt-3">Set up two-factor authentication</Button>
          </Form>
        )}
      </Panel>
    </AdminPage>
  );
}
