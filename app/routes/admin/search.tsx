import { z } from "zod";
import { searchProducts } from "~/modules/catalog/admin-search.server";
import { searchPages } from "~/modules/staff/admin-nav";
import { requireStaffAction } from "~/modules/staff/guard.server";
import { can } from "~/modules/staff/permissions";
import type { Route } from "./+types/search";

const query = z.object({ q: z.string().max(100).default("") });

/** Data endpoint of the global search: pages the user may open, and products when they may view the catalogue. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaffAction(context.services, request);
  const parsed = query.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const q = parsed.success ? parsed.data.q : "";
  const pages = searchPages(staff.roles, q);
  const canEdit = can(staff.roles, "catalog", "edit");
  const products = can(staff.roles, "catalog", "view") ? await searchProducts(context.services.db, q) : [];
  return {
    pages,
    products: products.map((p) => ({ ...p, href: canEdit ? `/admin/catalog/edit/${p.id}` : `/admin/catalog?q=${encodeURIComponent(p.title)}` })),
  };
}

export const meta: Route.MetaFunction = () => [{ title: "Search | GLACIAL Admin" }];
