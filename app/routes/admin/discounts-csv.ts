import { discountsCsv } from "~/modules/discounts/discounts.server";
import { requireActionPermission } from "~/modules/staff/staff.server";
import type { Route } from "./+types/discounts-csv";

/** GET /admin/discounts.csv: the discounts list (uses, revenue) as a CSV download. */
export async function loader({ request, context }: Route.LoaderArgs) {
  // A download, not a page: refuse with 401/403 rather than redirecting into HTML.
  await requireActionPermission(context.services, request, "discounts", "view");
  const csv = await discountsCsv(context.services.db);
  const date = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="glacial-discounts-${date}.csv"`, "Cache-Control": "no-store" },
  });
}
