import { Link, redirect } from "react-router";
import { pageMeta } from "~/lib/meta";
import { attachGuestOrders } from "~/modules/orders/orders.server";
import { currentShopper, verifyShopperEmail } from "~/modules/staff/staff.server";
import type { Route } from "./+types/verify-email";

/** The link of a new shopper's confirmation mail: confirms the address, signs in, opens the site root. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const verified = await verifyShopperEmail(context.services.auth, token);
  if (!verified) return { invalid: true };
  const headers = new Headers();
  for (const cookie of verified.setCookies) headers.append("Set-Cookie", cookie);
  // The address is confirmed now: orders placed with it as a guest become this account's.
  const session = new Headers({ cookie: verified.setCookies.map((c) => c.split(";")[0]).join("; ") });
  const shopper = await currentShopper(context.services.auth, session);
  if (shopper) await attachGuestOrders(context.services.db, shopper);
  throw redirect("/", { headers });
}

export const meta: Route.MetaFunction = () => pageMeta({ title: "Confirm your email", description: "Confirm your GLACIAL account.", noindex: true });

export default function VerifyEmail() {
  return (
    <div id="main" className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-3xl font-bold text-slate-900">This link has expired</h1>
      <p role="alert" className="mt-6 text-slate-800">
        The confirmation link is invalid, has been used already, or is more than 24 hours old. Create your account again to get a new link, or sign in if you
        have confirmed already.
      </p>
      <p className="mt-6 flex gap-6">
        <Link to="/register" className="font-semibold text-brand underline">
          Create an account
        </Link>
        <Link to="/login" className="font-semibold text-brand underline">
          Sign in
        </Link>
      </p>
    </div>
  );
}
