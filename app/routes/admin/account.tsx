import { PageTitle } from "~/components/admin/module-unavailable";
import { adminMeta } from "~/lib/admin-meta";
import { requireStaffPage } from "~/modules/staff/guard.server";
import type { Route } from "./+types/account";

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaffPage(context.services, request, { allowMfaSetup: true });
  return { email: staff.user.email, roles: staff.roles, mfaEnabled: staff.mfaEnabled };
}

export const meta: Route.MetaFunction = () => adminMeta("My account");

export default function AccountPage({ loaderData }: Route.ComponentProps) {
  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-3xl">
      <PageTitle>My account</PageTitle>
      <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
        <dt className="font-medium">Email</dt>
        <dd>{loaderData.email}</dd>
        <dt className="font-medium">Roles</dt>
        <dd>{loaderData.roles.length ? loaderData.roles.join(", ") : "No roles assigned"}</dd>
      </dl>
    </section>
  );
}
