import { data, Link } from "react-router";
import { adminMeta } from "~/lib/admin-meta";
import { requireStaffPage } from "~/modules/staff/staff.server";
import type { Route } from "./+types/not-found";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaffPage(context.services, request);
  throw data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => adminMeta("Page not found");

export default function AdminNotFound() {
  return null;
}

export function ErrorBoundary() {
  return (
    <section className="mx-auto max-w-xl py-16 text-center">
      <h1 className="text-2xl font-semibold">Page not found</h1>
      <p className="mt-3 text-slate-600 dark:text-slate-300">There is no admin page at this address.</p>
      <Link to="/admin/dashboard" className="mt-6 inline-block rounded-md bg-teal-700 px-4 py-2 font-medium text-white">
        Back to the dashboard
      </Link>
    </section>
  );
}
