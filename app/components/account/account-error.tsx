import { Link, useRouteError } from "react-router";
import { routeErrorView } from "~/lib/route-error";

/** Errors inside the account area (an order that is not the shopper's): a clear message, the account's frame stays. */
export function AccountErrorBoundary() {
  const { status, message } = routeErrorView(useRouteError());
  return (
    <section role="alert" className="py-8">
      <h1 className="text-2xl font-bold text-slate-900">{status === 404 ? "Not found" : "Something went wrong"}</h1>
      <p className="mt-3 text-slate-800">{message}</p>
      <Link to="/account" className="mt-6 inline-block rounded-full bg-brand px-6 py-3 font-semibold text-white">
        Your orders
      </Link>
    </section>
  );
}
