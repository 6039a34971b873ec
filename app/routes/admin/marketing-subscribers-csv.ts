import { subscribersCsv } from "~/modules/marketing/marketing.server";
import { requireActionPermission } from "~/modules/staff/staff.server";
import { subscriberQuery } from "~/modules/marketing/marketing";
import type { Route } from "./+types/marketing-subscribers-csv";

/** GET /admin/marketing/subscribers.csv?q=&status=: the listed subscribers as a CSV download. */
export async function loader({ request, context }: Route.LoaderArgs) {
  // A download, not a page: refuse with 401/403 rather than redirecting into HTML.
  await requireActionPermission(context.services, request, "marketing", "view");
  const query = subscriberQuery.parse(Object.fromEntries(new URL(request.url).searchParams));
  const csv = await subscribersCsv(context.services.db, query);
  const date = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="glacial-subscribers-${date}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
