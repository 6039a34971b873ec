import { data } from "react-router";
import { requireShopper } from "~/modules/customers/customers.server";
import { accountInvoicePdf } from "~/modules/orders/orders.server";
import type { Route } from "./+types/order-invoice";

/** GET /account/orders/GL-000123/invoice.pdf: the tax invoice of one of the shopper's own orders. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const shopper = await requireShopper(context.services, request);
  const result = await accountInvoicePdf(context.services.db, shopper, params.number.toUpperCase());
  const noStore = { "Cache-Control": "private, no-store" };
  if (result.kind === "not-found") throw data({ error: "No such order in your account." }, { status: 404, headers: noStore });
  if (result.kind === "not-issued") throw data({ error: "No invoice yet: it is issued when the order ships." }, { status: 404, headers: noStore });
  return new Response(new Uint8Array(result.pdf.bytes), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${result.pdf.number.replace(/\//g, "-")}.pdf"`,
      ...noStore,
    },
  });
}
