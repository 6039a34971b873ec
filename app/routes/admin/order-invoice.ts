import { data } from "react-router";
import { invoicePdf } from "~/modules/orders/orders.server";
import { requireActionPermission, requireUuid } from "~/modules/staff/staff.server";
import type { Route } from "./+types/order-invoice";

/** GET /admin/orders/:id/invoice.pdf: the order's tax invoice, for staff who may see orders. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireActionPermission(context.services, request, "sales", "view");
  const id = requireUuid(params.id, "order id");
  const pdf = await invoicePdf(context.services.db, id);
  if (!pdf) throw data({ error: "No invoice yet: it is issued when the order ships." }, { status: 404 });
  return new Response(new Uint8Array(pdf.bytes), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${pdf.number.replace(/\//g, "-")}.pdf"`,
      "Cache-Control": "private, no-store",
    },
  });
}
