import { Link, useRouteError } from "react-router";
import { routeErrorView } from "~/lib/route-error";

/** Errors inside the admin shell (bad id, missing record): a clear message, the shell stays. */
export function AdminErrorBoundary() {
  const { status, message } = routeErrorView(useRouteError());
  return (
    <section className="mx-auto max-w-xl py-16 text-center" role="alert">
      <h1 className="text-2xl font-semibold">{status === 400 ? "Bad request" : status === 404 ? "Not found" : "Something went wrong"}</h1>
      <p className="mt-3 text-slate-600 dark:text-slate-300">{message}</p>
      <Link to="/admin/dashboard" className="mt-6 inline-block rounded-md bg-teal-700 px-4 py-2 font-medium text-white">
        Back to the dashboard
      </Link>
    </section>
  );
}
