import { data } from "react-router";
import { AccountScreen } from "~/components/admin/staff/account-screen";
import { z } from "zod";
import { fail } from "~/lib/action-result";
import { adminMeta } from "~/lib/admin-meta";
import { actionThenLoaderHeaders } from "~/lib/route-headers";
import { requireStaffAction, requireStaffPage, confirmEnrolment, disableMfa, startEnrolment } from "~/modules/staff/staff.server";
import type { Route } from "./+types/account";

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
  if (!parsed.success) return fail(400, { error: parsed.error.issues[0]!.message });
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

export default function AccountPage({ loaderData, actionData }: Route.ComponentProps) {
  return <AccountScreen loaderData={loaderData} actionData={actionData} />;
}
