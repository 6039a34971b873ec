import { Form, Link, data, redirect, useNavigation } from "react-router";
import { AuthField, FormError } from "~/components/content/auth-form";
import { pageMeta } from "~/lib/meta";
import { requireSameOrigin } from "~/lib/same-origin.server";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { listShopperOrders } from "~/modules/orders/checkout.server";
import { STATUS_LABELS, type OrderStatus } from "~/modules/orders/order-rules";
import { currentShopper, signInShopper, signOutShopper } from "~/modules/staff/shopper-auth.server";
import { formatPaise } from "~/lib/money";
import { actionThenLoaderHeaders } from "~/lib/route-headers";
import type { Route } from "./+types/login";

export async function loader({ request, context }: Route.LoaderArgs) {
  const shopper = await currentShopper(context.services.auth, request.headers);
  const orders = shopper ? await listShopperOrders(context.services.db, shopper.id) : [];
  return {
    email: shopper?.email ?? null,
    orders: orders.map((o) => ({ ...o, placedAt: o.placedAt.toISOString() })),
    redirectTo: safeRedirectPath(new URL(request.url).searchParams.get("redirectTo")),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireSameOrigin(request, context.services.config.publicUrl);
  const form = Object.fromEntries(await request.formData());
  if (form.intent === "logout") {
    const cookies = await signOutShopper(context.services.auth, request.headers);
    return redirect("/login", { headers: cookiesHeaders(cookies) });
  }
  const outcome = await signInShopper(context.services, form, request.headers);
  if (!outcome.ok) return data({ error: outcome.error, email: typeof form.email === "string" ? form.email : "" }, {
      status: outcome.status ?? 400,
      headers: outcome.retryAfterSeconds ? { "Retry-After": String(outcome.retryAfterSeconds) } : undefined,
    });
  return redirect(safeRedirectPath(form.redirectTo), { headers: cookiesHeaders(outcome.setCookies) });
}

function cookiesHeaders(cookies: string[]): Headers {
  const headers = new Headers();
  for (const c of cookies) headers.append("Set-Cookie", c);
  return headers;
}

export const headers: Route.HeadersFunction = actionThenLoaderHeaders;

export const meta: Route.MetaFunction = () => pageMeta({ title: "Sign in", description: "Sign in to your GLACIAL account.", noindex: true });

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  if (loaderData.email) {
    return (
      <div id="main" className="mx-auto max-w-md px-4 py-12">
        <h1 className="text-3xl font-bold text-slate-900">Your account</h1>
        <p className="mt-4 text-slate-800">You are signed in as {loaderData.email}.</p>
        <section aria-labelledby="orders-heading" className="mt-8">
          <h2 id="orders-heading" className="text-xl font-bold text-slate-900">
            Your orders
          </h2>
          {loaderData.orders.length === 0 ? (
            <p className="mt-2 text-slate-800">No orders yet.</p>
          ) : (
            <ul className="mt-3 divide-y divide-slate-200 rounded-2xl border border-slate-200">
              {loaderData.orders.map((o) => (
                <li key={o.number} className="flex flex-wrap justify-between gap-2 p-4">
                  <span>
                    <strong>{o.number}</strong> · {new Date(o.placedAt).toLocaleDateString("en-IN", { dateStyle: "medium", timeZone: "Asia/Kolkata" })} · {o.itemCount} item
                    {o.itemCount === 1 ? "" : "s"}
                  </span>
                  <span>
                    {STATUS_LABELS[o.status as OrderStatus] ?? o.status} · {formatPaise(o.totalPaise)}
                  </span>
                </li>
              ))}
            </ul>
          )}
          <p className="mt-3 text-sm text-slate-800">
            Where is an order? <Link to="/track-order" className="font-semibold text-brand underline">Track it</Link> with its number and your email.
          </p>
        </section>
        <div className="mt-6 flex gap-3">
          <Link to="/" className="rounded-full bg-brand px-6 py-3 font-semibold text-white">
            Continue shopping
          </Link>
          <Form method="post">
            <button type="submit" name="intent" value="logout" className="rounded-full border border-slate-900 px-6 py-3 font-semibold text-slate-900">
              Log out
            </button>
          </Form>
        </div>
      </div>
    );
  }
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
