import { redirect } from "react-router";
import { LinkProblem } from "~/components/ui/link-problem";
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
    <LinkProblem
      title="This link has expired"
      links={[
        { to: "/register", label: "Create an account" },
        { to: "/login", label: "Sign in" },
      ]}
    >
      The confirmation link is invalid, has been used already, or is more than 24 hours old. Create your account again to get a new link, or sign in if you have
      confirmed already.
    </LinkProblem>
  );
}
