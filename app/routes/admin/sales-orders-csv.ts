import { data } from "react-router";
import { ordersCsv } from "~/modules/orders/orders.server";
import { parseOrderFilter } from "~/modules/orders/orders";
import { requireActionPermission } from "~/modules/staff/staff.server";
import type { Route } from "./+types/sales-orders-csv";

/** GET /admin/sales/orders.csv?q=&status=&payment=&paymentStatus=&from=&to=: the filtered orders list as a CSV download. */
export async function loader({ request, context }: Route.LoaderArgs) {
  // A download, not a page: refuse with 401/403 rather than redirecting into HTML.
  await requireActionPermission(context.services, request, "sales", "view");
  const { page: _page, ...filter } = parseOrderFilter(new URL(request.url).searchParams).query;
  const result = await ordersCsv(context.services.db, filter);
  if (!result.ok) throw data({ error: result.message }, { status: 413 });
  const date = new Date().toISOString().slice(0, 10);
  return new Response(result.csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="glacial-orders-${date}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
