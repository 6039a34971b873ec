import { Outlet } from "react-router";
import { AccountShell } from "~/components/account/account-shell";
import { privatePageHeaders } from "~/lib/route-headers";
import { requireShopper } from "~/modules/customers/customers.server";
import type { Route } from "./+types/layout";

/** "My account": every page under /account is the signed-in shopper's own; others sign in first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const shopper = await requireShopper(context.services, request);
  return { email: shopper.email };
}

export const headers: Route.HeadersFunction = privatePageHeaders;

export default function AccountLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AccountShell email={loaderData.email}>
      <Outlet />
    </AccountShell>
  );
}
