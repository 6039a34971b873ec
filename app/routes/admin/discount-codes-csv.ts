import { stringify } from "csv-stringify/sync";
import { data } from "react-router";
import { getDiscountForAdmin, listBulkCodes } from "~/modules/discounts/discounts.server";
import { requireActionPermission, requireUuid } from "~/modules/staff/staff.server";
import type { Route } from "./+types/discount-codes-csv";

/** GET /admin/discounts/:id/codes.csv: one discount's bulk codes, to hand out. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireActionPermission(context.services, request, "discounts", "view");
  const id = requireUuid(params.id, "discount id");
  const discount = await getDiscountForAdmin(context.services.db, id);
  if (!discount) throw data({ error: "No discount with that id." }, { status: 404 });
  const codes = await listBulkCodes(context.services.db, id);
  // The codes are drawn from letters and digits only, so no cell can start a formula.
  const csv = `\uFEFF${stringify([["code", "used"], ...codes.map((c) => [c.code, c.used ? "yes" : "no"])], { record_delimiter: "windows" })}`;
  return new Response(csv, {
    headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="glacial-${discount.code.toLowerCase()}-codes.csv"`, "Cache-Control": "no-store" },
  });
}
