import { isRouteErrorResponse, Link, useRouteError } from "react-router";

/** Errors inside the account area (an order that is not the shopper's): a clear message, the account's frame stays. */
export function AccountErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message =
    isRouteErrorResponse(error) && error.data && typeof error.data === "object" && "error" in error.data
      ? String((error.data as { error: unknown }).error)
      : status === 404
        ? "There is nothing at this address."
        : "Something went wrong. Please try again.";
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
