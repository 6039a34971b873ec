import { OrdersList } from "~/components/admin/orders/orders-list";
import { adminMeta } from "~/lib/admin-meta";
import { listOrders } from "~/modules/orders/orders.server";
import { parseOrderFilter } from "~/modules/orders/orders";
import { requirePagePermission } from "~/modules/staff/staff.server";
import type { Route } from "./+types/sales";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePagePermission(context.services, request, "sales");
  const filter = parseOrderFilter(new URL(request.url).searchParams);
  const list = await listOrders(context.services.db, filter.query);
  return { filter: filter.form, ...list, rows: list.rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })) };
}

export const meta: Route.MetaFunction = () => adminMeta("Orders");

export default function SalesPage({ loaderData }: Route.ComponentProps) {
  return <OrdersList {...loaderData} />;
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";
