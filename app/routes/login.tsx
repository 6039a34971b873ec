import { Form, Link, data, redirect, useNavigation } from "react-router";
import { retryAfterHeaders } from "~/lib/action-result";
import { REFUSAL_STATUS } from "~/lib/save-outcome";
import { AuthField, FormError } from "~/components/content/auth-form";
import { pageMeta } from "~/lib/meta";
import { requireSameOrigin } from "~/lib/same-origin.server";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { currentShopper, signInShopper, signOutShopper } from "~/modules/staff/staff.server";
import { actionThenLoaderHeaders } from "~/lib/route-headers";
import type { Route } from "./+types/login";

export async function loader({ request, context }: Route.LoaderArgs) {
  const shopper = await currentShopper(context.services.auth, request.headers);
  const redirectTo = new URL(request.url).searchParams.get("redirectTo");
  // Signed in already: the account (or the page that sent the shopper here).
  if (shopper) {
    const target = safeRedirectPath(redirectTo, "/account");
    throw redirect(target === "/" || target.startsWith("/login") ? "/account" : target);
  }
  return { redirectTo: safeRedirectPath(redirectTo), canonical: `${context.services.config.publicUrl}/login` };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireSameOrigin(request, context.services.config.publicUrl);
  const form = Object.fromEntries(await request.formData());
  if (form.intent === "logout") {
    const cookies = await signOutShopper(context.services.auth, request.headers);
    return redirect("/login", { headers: cookiesHeaders(cookies) });
  }
  const outcome = await signInShopper(context.services, form, request.headers);
  if (!outcome.ok) {
    return data(
      { error: outcome.error, email: typeof form.email === "string" ? form.email : "" },
      { status: REFUSAL_STATUS[outcome.refusal], headers: retryAfterHeaders(outcome.retryAfterSeconds) },
    );
  }
  return redirect(safeRedirectPath(form.redirectTo), { headers: cookiesHeaders(outcome.setCookies) });
}

function cookiesHeaders(cookies: string[]): Headers {
  const headers = new Headers();
  for (const c of cookies) headers.append("Set-Cookie", c);
  return headers;
}

export const headers: Route.HeadersFunction = actionThenLoaderHeaders;

export const meta: Route.MetaFunction = ({ data: d }) => pageMeta({ title: "Sign in", description: "Sign in to your GLACIAL account.", canonical: d?.canonical, noindex: true });

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  return (
    <div id="main" className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-3xl font-bold text-slate-900">Sign in</h1>
      <Form method="post" className="mt-8 space-y-5" noValidate>
        <FormError message={actionData?.error} />
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <AuthField label="Email" name="email" type="email" autoComplete="email" defaultValue={actionData?.email} />
        <AuthField label="Password" name="password" type="password" autoComplete="current-password" />
        <button type="submit" disabled={busy} className="w-full rounded-full bg-brand px-6 py-3 font-semibold text-white disabled:opacity-70">
          {busy ? "Signing in..." : "Sign in"}
        </button>
      </Form>
      <p className="mt-6 text-slate-800">
        New to GLACIAL?{" "}
        <Link to="/register" className="font-semibold text-brand underline">
          Create an account
        </Link>
      </p>
    </div>
  );
}
