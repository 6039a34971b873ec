import { z } from "zod";
import { searchProductsForStaff } from "~/modules/catalog/catalog.server";
import { searchPages, can } from "~/modules/staff/staff";
import { requireStaffAction } from "~/modules/staff/staff.server";
import type { Route } from "./+types/search";

const query = z.object({ q: z.string().max(100).default("") });

/** Data endpoint of the global search: pages the user may open, and products when they may view the catalogue. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaffAction(context.services, request);
  const parsed = query.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const q = parsed.success ? parsed.data.q : "";
  const pages = searchPages(staff.roles, q);
  const canEdit = can(staff.roles, "catalog", "edit");
  const products = can(staff.roles, "catalog", "view") ? await searchProductsForStaff(context.services.db, q) : [];
  return {
    pages,
    products: products.map((p) => ({ ...p, href: canEdit ? `/admin/catalog/edit/${p.id}` : `/admin/catalog?q=${encodeURIComponent(p.title)}` })),
  };
}

export const meta: Route.MetaFunction = () => [{ title: "Search | GLACIAL Admin" }];
