import { CustomersList } from "~/components/admin/customers/customers-list";
import { adminMeta } from "~/lib/admin-meta";
import { parseCustomerQuery } from "~/modules/customers/customers";
import { listCustomers } from "~/modules/customers/customers.server";
import { requirePagePermission } from "~/modules/staff/staff.server";
import type { Route } from "./+types/customers";

// /admin/customers: shopper accounts and guest buyers, one row per person (the grouping rule is in
// the customers module). A GET form: search, filters, sort and page are all in the address.

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePagePermission(context.services, request, "customers");
  const url = new URL(request.url);
  const query = parseCustomerQuery(url.searchParams);
  const list = await listCustomers(context.services.db, query);
  return { query, ...list };
}

export const meta: Route.MetaFunction = () => adminMeta("Customers");

export default function CustomersPage({ loaderData }: Route.ComponentProps) {
  return <CustomersList {...loaderData} />;
}
