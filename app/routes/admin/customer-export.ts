import { data } from "react-router";
import { CUSTOMER_KEY } from "~/modules/customers/customers";
import { exportPersonalData } from "~/modules/customers/customers.server";
import { holds } from "~/modules/staff/staff";
import { requireActionPermission } from "~/modules/staff/staff.server";
import type { Route } from "./+types/customer-export";

/**
 * POST /admin/customers/<key>/export.json: the person's data as a JSON download (a POST: it is
 * audited, and no link or prefetch should make one). super_admin only; refused before the body.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const staff = await requireActionPermission(context.services, request, "customers", "delete");
  if (!holds(staff.roles, "personal_data")) throw data({ error: "Only a super admin may export a customer's personal data." }, { status: 403 });
  if (!CUSTOMER_KEY.test(params.key)) throw data({ error: "No customer with that key." }, { status: 404 });
  const out = await exportPersonalData(context.services.db, { id: staff.user.id, email: staff.user.email }, params.key);
  if (!out) throw data({ error: "No customer with that key." }, { status: 404 });
  const date = out.exportedAt.slice(0, 10);
  return new Response(JSON.stringify(out, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="glacial-personal-data-${params.key}-${date}.json"`,
      "Cache-Control": "no-store",
    },
  });
}

export function loader() {
  throw data({ error: "Use the export button on the customer's page." }, { status: 405 });
}
