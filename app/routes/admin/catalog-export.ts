import { exportShopifyCsv } from "~/modules/catalog/catalog.server";
import { requirePagePermission } from "~/modules/staff/staff.server";
import type { Route } from "./+types/catalog-export";

/** The whole catalogue as a Shopify product CSV, as a download (anyone who may view the catalogue). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePagePermission(context.services, request, "catalog", "view");
  const csv = await exportShopifyCsv(context.services.db, context.services.config.publicUrl);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="glacial-products-${day}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
