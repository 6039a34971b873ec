import { Form, Link, data, useNavigation } from "react-router";
import { retryAfterHeaders } from "~/lib/action-result";
import { REFUSAL_STATUS } from "~/lib/save-outcome";
import { AuthField, FormError } from "~/components/content/auth-form";
import { pageMeta } from "~/lib/meta";
import { actionThenLoaderHeaders } from "~/lib/route-headers";
import { requireSameOrigin } from "~/lib/same-origin.server";
import { MIN_PASSWORD_LENGTH } from "~/modules/staff/staff";
import { registerShopper } from "~/modules/staff/staff.server";
import type { Route } from "./+types/register";

export async function action({ request, context }: Route.ActionArgs) {
  requireSameOrigin(request, context.services.config.publicUrl);
  const form = Object.fromEntries(await request.formData());
  const outcome = await registerShopper(context.services, form, request.headers);
  const text = (k: string) => (typeof form[k] === "string" ? (form[k] as string) : "");
  if (!outcome.ok) {
    return data(
      { sent: false as const, error: outcome.error, field: outcome.field, name: text("name"), email: text("email") },
      { status: REFUSAL_STATUS[outcome.refusal], headers: retryAfterHeaders(outcome.retryAfterSeconds) },
    );
  }
  // The same answer for a new address and a known one; the mail's link signs in and opens the site root.
  return { sent: true as const, email: text("email").trim() };
}

export const headers: Route.HeadersFunction = actionThenLoaderHeaders;

export const meta: Route.MetaFunction = () => pageMeta({ title: "Create an account", description: "Create your GLACIAL account.", noindex: true });

export default function Register({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  if (actionData?.sent) {
    return (
      <div id="main" className="mx-auto max-w-md px-4 py-12">
        <h1 className="text-3xl font-bold text-slate-900">Check your inbox</h1>
        <p role="status" className="mt-6 text-slate-800">
          We sent a mail to <strong>{actionData.email}</strong>. Open the link in it to confirm your address and finish creating your account. It can take a
          minute to arrive; check your spam folder too.
        </p>
        <p className="mt-6 text-slate-800">
          Already confirmed?{" "}
          <Link to="/login" className="font-semibold text-brand underline">
            Sign in
          </Link>
        </p>
      </div>
    );
  }
  const failed = actionData && !actionData.sent ? actionData : undefined;
  const fieldError = (f: string) => (failed?.field === f ? failed.error : undefined);
  return (
    <div id="main" className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-3xl font-bold text-slate-900">Create an account</h1>
      <Form method="post" className="mt-8 space-y-5" noValidate>
        <FormError message={failed && !failed.field ? failed.error : failed ? "Please correct the highlighted field." : undefined} />
        <AuthField label="Name (optional)" name="name" type="text" autoComplete="name" defaultValue={failed?.name} error={fieldError("name")} required={false} />
        <AuthField label="Email" name="email" type="email" autoComplete="email" defaultValue={failed?.email} error={fieldError("email")} />
        <AuthField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
          error={fieldError("password")}
        />
        <button type="submit" disabled={busy} className="w-full rounded-full bg-brand px-6 py-3 font-semibold text-white disabled:opacity-70">
          {busy ? "Creating your account..." : "Create account"}
        </button>
      </Form>
      <p className="mt-6 text-slate-800">
        Already have an account?{" "}
        <Link to="/login" className="font-semibold text-brand underline">
          Sign in
        </Link>
      </p>
    </div>
  );
}
