import { data, Form, Link, useNavigation } from "react-router";
import { pageMeta } from "~/lib/meta";
import { reminderLinkOwner, stopCartReminders } from "~/modules/orders/orders.server";
import type { Route } from "./+types/unsubscribe-cart-reminders";

// /unsubscribe/cart-reminders/:token: the way out printed in every cart reminder. Opening the link
// only asks (mail scanners open links too, and must not unsubscribe anyone); the button, or a mail
// app's own one-click "Unsubscribe" (a POST to this address, RFC 8058), stops cart reminders to that
// address for good. The token in the link is the only proof asked: stopping mail harms no one.

const NO_STORE = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" };

export async function loader({ params, context }: Route.LoaderArgs) {
  const owner = await reminderLinkOwner(context.services.db, params.token);
  if (!owner) return data({ found: false as const, email: "", optedOut: false }, { status: 404, headers: NO_STORE });
  return data({ found: true as const, ...owner }, { headers: NO_STORE });
}

/** From the page's button or a mail app's one-click POST; no same-origin check, since the latter comes from the mail provider. */
export async function action({ params, context }: Route.ActionArgs) {
  const stopped = await stopCartReminders(context.services.db, params.token);
  if (!stopped) return data({ stopped: false as const, email: "" }, { status: 404, headers: NO_STORE });
  return data({ stopped: true as const, email: stopped.email }, { headers: NO_STORE });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders, actionHeaders }) => (actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders);

export const meta: Route.MetaFunction = () => pageMeta({ title: "Cart reminders", description: "Stop cart reminder emails.", noindex: true });

export default function UnsubscribeCartReminders({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  if (!loaderData.found || actionData?.stopped === false) {
    return (
      <div id="main" className="mx-auto max-w-md px-4 py-12">
        <h1 className="text-3xl font-bold text-slate-900">This link does not work</h1>
        <p role="alert" className="mt-6 text-slate-800">
          The link may have been copied only in part, or the reminder it came with was deleted. Write to us from the contact page and we will stop the mails by hand.
        </p>
        <p className="mt-6">
          <Link to="/contact" className="font-semibold text-brand underline">
            Contact us
          </Link>
        </p>
      </div>
    );
  }
  if (actionData?.stopped || loaderData.optedOut) {
    return (
      <div id="main" className="mx-auto max-w-md px-4 py-12">
        <h1 className="text-3xl font-bold text-slate-900">Cart reminders stopped</h1>
        <p role="status" className="mt-6 text-slate-800">
          We will send no more cart reminders to {actionData?.email || loaderData.email}. Order and delivery mails still come as usual.
        </p>
        <p className="mt-6">
          <Link to="/" className="font-semibold text-brand underline">
            Back to the shop
          </Link>
        </p>
      </div>
    );
  }
  return (
    <div id="main" className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-3xl font-bold text-slate-900">Stop cart reminders?</h1>
      <p className="mt-6 text-slate-800">
        When a checkout is left unfinished, we send one reminder to the address it was given. Stop them for {loaderData.email}, now and for every later checkout?
      </p>
      <Form method="post" className="mt-6">
        <button type="submit" disabled={busy} className="rounded-full bg-brand px-6 py-3 font-semibold text-white hover:bg-brand/90 disabled:opacity-60">
          {busy ? "Stopping..." : "Stop cart reminders"}
        </button>
      </Form>
    </div>
  );
}
