import { data, Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { AuthCard, Field, FormMessage, SubmitButton } from "~/components/admin/auth-card";
import { adminMeta } from "~/lib/admin-meta";
import { RESET_REQUESTED } from "~/modules/staff/staff";
import { clientIpOf, requestPasswordReset } from "~/modules/staff/staff.server";
import type { Route } from "./+types/forgot-password";

const input = z.object({ email: z.string().trim().toLowerCase().email("Enter a valid email address.").max(320) });

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = input.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ sent: false, error: parsed.error.issues[0]!.message }, { status: 400 });
  await requestPasswordReset(context.services, parsed.data.email, clientIpOf(request.headers));
  // The same answer whether or not the address belongs to someone.
  return { sent: true, error: null };
}

export const meta: Route.MetaFunction = () => adminMeta("Forgot password");

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  return (
    <AuthCard title="Forgot password">
      {actionData?.sent ? <FormMessage tone="info">{RESET_REQUESTED}</FormMessage> : null}
      {actionData?.error ? <FormMessage tone="error">{actionData.error}</FormMessage> : null}
      <Form method="post">
        <p className="mb-4 text-sm text-slate-700">Enter the email of your admin account. We send a link to choose a new password.</p>
        <Field label="Email" name="email" type="email" autoComplete="username" autoFocus />
        <SubmitButton busy={busy}>{busy ? "Sending..." : "Send reset link"}</SubmitButton>
      </Form>
      <p className="mt-6 text-center text-sm">
        <Link to="/admin/login" className="text-teal-800 underline">Back to sign in</Link>
      </p>
    </AuthCard>
  );
}
