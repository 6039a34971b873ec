import { data, Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { AuthCard, Field, FormMessage, SubmitButton } from "~/components/admin/auth-card";
import { adminMeta } from "~/lib/admin-meta";
import { MIN_PASSWORD_LENGTH } from "~/modules/staff/staff";
import { resetPasswordAndSignIn, resetTokenUser } from "~/modules/staff/staff.server";
import type { Route } from "./+types/reset-password";

const INVALID_LINK = "This link is invalid or has expired. Ask for a new one.";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token") ?? "";
  const invite = url.searchParams.get("invite") === "1";
  const user = token && token.length <= 200 ? await resetTokenUser(context.services, token) : null;
  return { token, invite, email: user?.email ?? null };
}

const input = z.object({
  token: z.string().min(1).max(200),
  password: z.string().max(1000),
  confirm: z.string().max(1000),
});

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = input.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ error: INVALID_LINK }, { status: 400 });
  if (parsed.data.password !== parsed.data.confirm) return data({ error: "The two passwords do not match." }, { status: 400 });
  const result = await resetPasswordAndSignIn(context.services, request, { token: parsed.data.token, password: parsed.data.password });
  switch (result.kind) {
    case "signed-in":
      throw redirect("/admin/dashboard", { headers: result.headers });
    case "two-factor":
      // The second factor is asked on the sign-in page; the new password is already set.
      throw redirect("/admin/login?reset=done");
    case "invalid-token":
      return data({ error: INVALID_LINK }, { status: 400 });
    case "weak-password":
      return data({ error: result.message }, { status: 400 });
    default:
      throw redirect("/admin/login?reset=done");
  }
}

export const meta: Route.MetaFunction = ({ data }) => adminMeta(data?.invite ? "Set your password" : "Reset password");

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const title = loaderData.invite ? "Set your password" : "Reset password";
  if (!loaderData.email) {
    return (
      <AuthCard title={title}>
        <FormMessage tone="error">{INVALID_LINK}</FormMessage>
        <p className="text-center text-sm">
          <Link to="/admin/forgot-password" className="text-teal-800 underline">Ask for a new link</Link>
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={title}>
      {actionData?.error ? <FormMessage tone="error">{actionData.error}</FormMessage> : null}
      <Form method="post">
        <input type="hidden" name="token" value={loaderData.token} />
        <p className="mb-4 text-sm text-slate-700">
          For <strong>{loaderData.email}</strong>. At least {MIN_PASSWORD_LENGTH} characters, and not a common password.
        </p>
        <Field label="New password" name="password" type="password" autoComplete="new-password" minLength={MIN_PASSWORD_LENGTH} autoFocus />
        <Field label="Repeat the new password" name="confirm" type="password" autoComplete="new-password" minLength={MIN_PASSWORD_LENGTH} />
        <SubmitButton busy={busy}>{busy ? "Saving..." : "Save password and sign in"}</SubmitButton>
      </Form>
    </AuthCard>
  );
}
