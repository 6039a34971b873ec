import { Link } from "react-router";
import { formatPaise } from "~/lib/money";
import { pageMeta } from "~/lib/meta";
import { privatePageHeaders } from "~/lib/route-headers";
import { requireShopper } from "~/modules/customers/customers.server";
import { STATUS_LABELS, type OrderStatus } from "~/modules/orders/orders";
import { accountOrders } from "~/modules/orders/orders.server";
import type { Route } from "./+types/orders";

/** /account: the shopper's orders, newest first (guest orders placed with the confirmed address too). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const shopper = await requireShopper(context.services, request);
  const orders = await accountOrders(context.services.db, shopper);
  return {
    orders: orders.map((o) => ({ ...o, placedAt: o.placedAt.toISOString() })),
    canonical: `${context.services.config.publicUrl}/account`,
  };
}

export const headers: Route.HeadersFunction = privatePageHeaders;

export const meta: Route.MetaFunction = ({ data }) => pageMeta({ title: "Your orders", description: "Your GLACIAL orders.", canonical: data?.canonical, noindex: true });

const day = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeZone: "Asia/Kolkata" });

export default function AccountOrders({ loaderData }: Route.ComponentProps) {
  const { orders } = loaderData;
  return (
    <section aria-labelledby="orders-heading">
      <h1 id="orders-heading" className="text-3xl font-bold text-slate-900">
        Your orders
      </h1>
      {orders.length === 0 ? (
        <div className="mt-6">
          <p className="text-slate-800">No orders yet.</p>
          <Link to="/all-products" className="mt-4 inline-block rounded-full bg-brand px-6 py-3 font-semibold text-white">
            Start shopping
          </Link>
        </div>
      ) : (
        <ul className="mt-6 divide-y divide-slate-200 rounded-2xl border border-slate-200">
          {orders.map((o) => (
            <li key={o.number} className="flex flex-wrap items-center justify-between gap-3 p-4">
              <div>
                <Link to={`/account/orders/${o.number}`} className="font-semibold text-brand underline">
                  Order {o.number}
                </Link>
                <p className="text-sm text-slate-700">
                  Placed {day.format(new Date(o.placedAt))} · {o.itemCount} item{o.itemCount === 1 ? "" : "s"}
                </p>
              </div>
              <p className="text-right">
                <span className="block font-semibold">{formatPaise(o.totalPaise)}</span>
                <span className="text-sm text-slate-700">{STATUS_LABELS[o.status as OrderStatus] ?? o.status}</span>
              </p>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-6 text-sm text-slate-800">
        Ordered without signing in, with another email? <Link to="/track-order" className="font-semibold text-brand underline">Track that order</Link> with its number and the email or mobile you gave.
      </p>
    </section>
  );
}
