import { ModuleUnavailable } from "~/components/admin/module-unavailable";
import { adminMeta } from "~/lib/admin-meta";
import { requirePagePermission } from "~/modules/staff/staff.server";
import type { Route } from "./+types/discounts";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePagePermission(context.services, request, "discounts");
  return null;
}

export const meta: Route.MetaFunction = () => adminMeta("Discounts");

export default function DiscountsPage() {
  return <ModuleUnavailable title="Discounts" what="Discount codes and automatic discounts come with the discounts module." />;
}
