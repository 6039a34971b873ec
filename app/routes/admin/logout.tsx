import { redirect } from "react-router";
import { adminMeta } from "~/lib/admin-meta";
import { getStaff, signOutStaff } from "~/modules/staff/staff.server";
import type { Route } from "./+types/logout";

// Signing out is a POST (a link could be forged by any page); a GET just goes back.
export function loader() {
  throw redirect("/admin/dashboard");
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await getStaff(context.services, request);
  const headers = await signOutStaff(context.services, request, staff);
  throw redirect("/admin/login", { headers });
}

export const meta: Route.MetaFunction = () => adminMeta("Log out");
