import { redirect } from "react-router";
import { pagePathOf } from "~/lib/path-kinds";
import { currentShopper, type Auth } from "~/modules/staff/staff.server";

export type Shopper = { id: string; email: string; name: string; emailVerified: boolean };

/**
 * For the account pages and their forms: the signed-in shopper, or a redirect to sign in that
 * comes back to the same page afterwards (a session that ran out mid-form lands on sign-in too).
 */
export async function requireShopper(services: { auth: Auth }, request: Request): Promise<Shopper> {
  const shopper = await currentShopper(services.auth, request.headers);
  if (shopper) return shopper;
  const url = new URL(request.url);
  // A client-side navigation asks for "/page.data?_routes=...": come back to the page itself.
  url.searchParams.delete("_routes");
  const back = `${pagePathOf(url.pathname)}${url.search}`;
  throw redirect(`/login?redirectTo=${encodeURIComponent(back)}`);
}
