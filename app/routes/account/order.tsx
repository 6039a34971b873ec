import { data } from "react-router";
import { AccountOrder } from "~/components/account/account-order";
import { pageMeta } from "~/lib/meta";
import { privatePageHeaders } from "~/lib/route-headers";
import { requireShopper } from "~/modules/customers/customers.server";
import { trackingLink, shopperTimeline } from "~/modules/orders/orders";
import { accountOrderDetail } from "~/modules/orders/orders.server";
import type { Route } from "./+types/order";

/** /account/orders/GL-000123: one of the shopper's own orders; anyone else's number is not found. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const shopper = await requireShopper(context.services, request);
  const number = params.number.toUpperCase();
  const order = await accountOrderDetail(context.services.db, shopper, number);
  if (!order) throw data({ error: "No such order in your account." }, { status: 404, headers: privatePageHeaders() });
  const { events: happened, ...rest } = order;
  const placedAt = order.placedAt.toISOString();
  const events = happened.map((e) => ({ kind: e.kind, createdAt: e.createdAt.toISOString() }));
  return {
    order: { ...rest, placedAt },
    timeline: shopperTimeline({ status: order.status, paymentMethod: order.paymentMethod, paymentStatus: order.paymentStatus, placedAt }, events),
    trackingUrl: trackingLink(order.carrier, order.trackingNumber),
    invoiceUrl: order.invoiceNumber ? `/account/orders/${order.number}/invoice.pdf` : null,
    canonical: `${context.services.config.publicUrl}/account/orders/${order.number}`,
  };
}

export const headers: Route.HeadersFunction = privatePageHeaders;

export const meta: Route.MetaFunction = ({ data: d }) =>
  pageMeta({ title: d?.order ? `Order ${d.order.number}` : "Order not found", description: "Your GLACIAL order.", canonical: d?.canonical, noindex: true });

export default function AccountOrderPage({ loaderData }: Route.ComponentProps) {
  return <AccountOrder {...loaderData} />;
}

export { AccountErrorBoundary as ErrorBoundary } from "~/components/account/account-error";
