import { data } from "react-router";
import { creditNotePdf } from "~/modules/orders/orders.server";
import { requireActionPermission, requireUuid } from "~/modules/staff/staff.server";
import type { Route } from "./+types/order-credit-note";

/** GET /admin/orders/:id/credit-notes/:noteId: one credit note of the order, for staff who may see orders. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireActionPermission(context.services, request, "sales", "view");
  const id = requireUuid(params.id, "order id");
  const noteId = requireUuid(params.noteId, "credit note id");
  const pdf = await creditNotePdf(context.services.db, id, noteId);
  if (!pdf) throw data({ error: "No such credit note on this order." }, { status: 404 });
  return new Response(new Uint8Array(pdf.bytes), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${pdf.number.replace(/\//g, "-")}.pdf"`,
      "Cache-Control": "private, no-store",
    },
  });
}
