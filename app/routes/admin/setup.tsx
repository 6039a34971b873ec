import { data, Form, redirect, useNavigation } from "react-router";
import { AuthCard, Field, FormMessage, SubmitButton } from "~/components/admin/auth-card";
import { adminMeta } from "~/lib/admin-meta";
import { actionThenLoaderHeaders } from "~/lib/route-headers";
import { completeSetup, isSetupOpen } from "~/modules/staff/staff.server";
import { MIN_PASSWORD_LENGTH, setupForm, type SetupField } from "~/modules/staff/staff";
import type { Route } from "./+types/setup";

// The one-time first-run screen: open only while the shop has no staff account; afterwards it
// answers 404 like any page that does not exist.

function gone(): never {
  throw data(null, { status: 404 });
}

export async function loader({ context }: Route.LoaderArgs) {
  if (!(await isSetupOpen(context.services.db))) gone();
  return null;
}

type ActionData = { errors: Partial<Record<SetupField, string>>; message?: string; email: string };

export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await request.formData());
  const email = typeof form.email === "string" ? form.email.slice(0, 320) : "";
  const parsed = setupForm.safeParse(form);
  if (!parsed.success) {
    const errors: ActionData["errors"] = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as SetupField;
      errors[field] ??= issue.message;
    }
    return data<ActionData>({ errors, email }, { status: 400 });
  }
  const result = await completeSetup(context.services, request, parsed.data);
  switch (result.kind) {
    case "signed-in":
      throw redirect("/admin/dashboard", { headers: result.headers });
    case "created":
      throw redirect("/admin/login");
    case "closed":
      return gone();
    case "invalid":
      return data<ActionData>({ errors: { [result.field]: result.message }, email }, { status: 400 });
    case "refused":
      return data<ActionData>({ errors: {}, message: result.message, email }, { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } });
  }
}

export const headers: Route.HeadersFunction = actionThenLoaderHeaders;

export const meta: Route.MetaFunction = () => adminMeta("Set up your shop");

export default function Setup({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const errors = actionData?.errors ?? {};
  const count = Object.keys(errors).length;
  return (
    <AuthCard title="Set up your shop">
      <p className="mb-4 text-sm text-slate-700">
        Create the owner&apos;s account (super admin). This screen works once: as soon as a staff account exists, it is gone.
      </p>
      {actionData?.message ? <FormMessage tone="error">{actionData.message}</FormMessage> : null}
      {count ? <FormMessage tone="error">{count === 1 ? "Correct the field marked below." : `Correct the ${count} fields marked below.`}</FormMessage> : null}
      <Form method="post" noValidate>
        <Field
          label="Setup code"
          name="code"
          autoComplete="off"
          hint="Printed in the server's log when the shop starts (12 letters and digits)."
          error={errors.code}
          autoFocus
        />
        <Field label="Your email" name="email" type="email" autoComplete="username" error={errors.email} defaultValue={actionData?.email} />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          minLength={MIN_PASSWORD_LENGTH}
          hint={`At least ${MIN_PASSWORD_LENGTH} characters, and not a common password.`}
          error={errors.password}
        />
        <Field label="Repeat the password" name="confirm" type="password" autoComplete="new-password" minLength={MIN_PASSWORD_LENGTH} error={errors.confirm} />
        <SubmitButton busy={busy}>{busy ? "Creating..." : "Create the owner's account"}</SubmitButton>
      </Form>
    </AuthCard>
  );
}
