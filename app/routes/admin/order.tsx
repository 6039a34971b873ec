import { ModuleUnavailable } from "~/components/admin/module-unavailable";
import { adminMeta } from "~/lib/admin-meta";
import { requirePagePermission, requireUuid } from "~/modules/staff/guard.server";
import type { Route } from "./+types/order";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requirePagePermission(context.services, request, "sales");
  requireUuid(params.id, "order id");
  return null;
}

export const meta: Route.MetaFunction = () => adminMeta("Order");

export default function OrderPage() {
  return <ModuleUnavailable title="Order" what="Order details appear here once checkout and the sales module are built." />;
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";
