import { data, Form, Link, redirect, useNavigation } from "react-router";
import { retryAfterHeaders } from "~/lib/action-result";
import { REFUSAL_STATUS } from "~/lib/save-outcome";
import { z } from "zod";
import { AuthCard, Field, FormMessage, SubmitButton } from "~/components/admin/auth-card";
import { adminMeta } from "~/lib/admin-meta";
import { isSetupOpen, getStaff, signInStaff, verifySecondFactor } from "~/modules/staff/staff.server";
import { INVALID_CREDENTIALS } from "~/modules/staff/staff";
import { actionThenLoaderHeaders } from "~/lib/route-headers";
import type { Route } from "./+types/login";

export async function loader({ request, context }: Route.LoaderArgs) {
  // A new shop has no one to sign in: every staff page leads here, and from here to the setup.
  if (await isSetupOpen(context.services.db)) throw redirect("/admin/setup");
  if (await getStaff(context.services, request)) throw redirect("/admin/dashboard");
  const reset = new URL(request.url).searchParams.get("reset");
  return { notice: reset === "done" ? "Your password was changed. Sign in with the new one." : null };
}

const credentials = z.object({ intent: z.literal("password"), email: z.string().trim().max(320), password: z.string().max(1000) });
const secondFactor = z.object({
  intent: z.enum(["totp", "recovery"]),
  email: z.string().trim().max(320),
  code: z.string().trim().min(1, "Enter the code.").max(64),
});
const input = z.discriminatedUnion("intent", [credentials, secondFactor]);

type ActionData = { step: "password" | "code"; email: string; error?: string };

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = input.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data<ActionData>({ step: "password", email: "", error: INVALID_CREDENTIALS }, { status: 400 });
  const form = parsed.data;
  const result =
    form.intent === "password"
      ? await signInStaff(context.services, request, form)
      : await verifySecondFactor(context.services, request, { email: form.email, code: form.code, recovery: form.intent === "recovery" });
  if (result.kind === "signed-in") throw redirect("/admin/dashboard", { headers: result.headers });
  if (result.kind === "two-factor") return data<ActionData>({ step: "code", email: form.email }, { headers: result.headers });
  return data<ActionData>(
    { step: form.intent === "password" ? "password" : "code", email: form.email, error: result.message },
    { status: REFUSAL_STATUS[result.refusal], headers: retryAfterHeaders(result.retryAfterSeconds) },
  );
}

export const headers: Route.HeadersFunction = actionThenLoaderHeaders;

export const meta: Route.MetaFunction = () => adminMeta("Sign in");

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  if (actionData?.step === "code") {
    return (
      <AuthCard title="Two-factor authentication">
        {actionData.error ? <FormMessage tone="error">{actionData.error}</FormMessage> : null}
        <Form method="post">
          <input type="hidden" name="email" value={actionData.email} />
          <p className="mb-4 text-sm text-slate-700">Enter the 6-digit code from your authenticator app, or one of your recovery codes.</p>
          <Field label="Authentication code" name="code" autoComplete="one-time-code" inputMode="text" autoFocus />
          <SubmitButton busy={busy} name="intent" value="totp">{busy ? "Checking..." : "Verify"}</SubmitButton>
          <button type="submit" name="intent" value="recovery" className="mt-3 w-full text-sm text-teal-800 underline">
            Use it as a recovery code
          </button>
        </Form>
        <p className="mt-6 text-sm">
          <Link to="/admin/login" reloadDocument className="text-teal-800 underline">Start again</Link>
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Sign in">
      {loaderData.notice ? <FormMessage tone="info">{loaderData.notice}</FormMessage> : null}
      {actionData?.error ? <FormMessage tone="error">{actionData.error}</FormMessage> : null}
      <Form method="post">
        <input type="hidden" name="intent" value="password" />
        <Field label="Email" name="email" type="email" autoComplete="username" autoFocus />
        <Field label="Password" name="password" type="password" autoComplete="current-password" />
        <SubmitButton busy={busy}>{busy ? "Signing in..." : "Sign in"}</SubmitButton>
      </Form>
      <p className="mt-6 text-center text-sm">
        <Link to="/admin/forgot-password" className="text-teal-800 underline">Forgot password?</Link>
      </p>
    </AuthCard>
  );
}
