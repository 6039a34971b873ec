import { Form, Link, data, redirect, useNavigation } from "react-router";
import { AuthField, FormError } from "~/components/content/auth-form";
import { pageMeta } from "~/lib/meta";
import { requireSameOrigin } from "~/lib/same-origin.server";
import { MIN_PASSWORD_LENGTH } from "~/modules/staff/password-policy";
import { registerShopper } from "~/modules/staff/shopper-auth.server";
import type { Route } from "./+types/register";

export async function action({ request, context }: Route.ActionArgs) {
  requireSameOrigin(request, context.services.config.publicUrl);
  const form = Object.fromEntries(await request.formData());
  const outcome = await registerShopper(context.services.auth, form, request.headers);
  if (!outcome.ok) {
    const text = (k: string) => (typeof form[k] === "string" ? (form[k] as string) : "");
    return data({ error: outcome.error, field: outcome.field, name: text("name"), email: text("email") }, { status: 400 });
  }
  // Spec section 7: after sign-up, the site root.
  const headers = new Headers();
  for (const c of outcome.setCookies) headers.append("Set-Cookie", c);
  return redirect("/", { headers });
}

export const meta: Route.MetaFunction = () => pageMeta({ title: "Create an account", description: "Create your GLACIAL account.", noindex: true });

export default function Register({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const fieldError = (f: string) => (actionData?.field === f ? actionData.error : undefined);
  return (
    <div id="main" className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-3xl font-bold text-slate-900">Create an account</h1>
      <Form method="post" className="mt-8 space-y-5" noValidate>
        <FormError message={actionData && !actionData.field ? actionData.error : actionData ? "Please correct the highlighted field." : undefined} />
        <AuthField label="Name (optional)" name="name" type="text" autoComplete="name" defaultValue={actionData?.name} error={fieldError("name")} required={false} />
        <AuthField label="Email" name="email" type="email" autoComplete="email" defaultValue={actionData?.email} error={fieldError("email")} />
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
