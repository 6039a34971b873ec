import { redirect } from "react-router";
import { requireStaffPage } from "~/modules/staff/staff.server";
import { adminMeta } from "~/lib/admin-meta";
import type { Route } from "./+types/index";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaffPage(context.services, request);
  throw redirect("/admin/dashboard");
}

export const meta: Route.MetaFunction = () => adminMeta("Admin");

export default function AdminIndex() {
  return null;
}
