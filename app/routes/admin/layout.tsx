import { Outlet } from "react-router";
import { AdminShell } from "~/components/admin/admin-shell";
import { AdminErrorBoundary } from "~/components/admin/error-boundary";
import { SonnerToaster } from "~/components/ui/sonner-toaster";
import { visibleNav } from "~/modules/staff/staff";
import { requireStaffPage } from "~/modules/staff/staff.server";
import type { Route } from "./+types/layout";

export async function loader({ request, context }: Route.LoaderArgs) {
  // Each page checks its own module permission; the shell only needs a signed-in staff member.
  const staff = await requireStaffPage(context.services, request, { allowMfaSetup: true });
  const nav = staff.mfaSetupRequired ? [] : visibleNav(staff.roles).map(({ label, href }) => ({ label, href }));
  return { email: staff.user.email, roles: staff.roles, nav };
}

// Staff identity changes with sign-in/out and role edits: always revalidate the shell.
export const shouldRevalidate = () => true;

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <AdminShell nav={loaderData.nav} email={loaderData.email} roles={loaderData.roles}>
        <Outlet />
      </AdminShell>
      {/* Mounted with the page: back-office screens may toast as soon as they render. */}
      <SonnerToaster />
    </>
  );
}

export function ErrorBoundary() {
  return (
    <main className="p-8">
      <AdminErrorBoundary />
    </main>
  );
}
