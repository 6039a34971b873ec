import { z } from "zod";
import { CatalogScreen } from "~/components/admin/catalog/catalog-screen";
import { fail } from "~/lib/action-result";
import { adminMeta } from "~/lib/admin-meta";
import { mediaUrl } from "~/modules/media/media";
import { bulkUpdateProducts, deleteProducts, listProductsForAdmin, productFilterOptions } from "~/modules/catalog/catalog.server";
import { PRODUCT_SORTS, PRODUCT_STATUSES } from "~/modules/catalog/catalog";
import { can } from "~/modules/staff/staff";
import { requireOperation, requirePagePermission } from "~/modules/staff/staff.server";
import type { Route } from "./+types/catalog";

// The list's URL: anything unknown falls back to "no filter" rather than an error page.
const listQuery = z.object({
  q: z.string().trim().max(100).optional().catch(undefined),
  status: z.enum(PRODUCT_STATUSES).optional().catch(undefined),
  tag: z.string().trim().toLowerCase().max(40).optional().catch(undefined),
  collection: z.string().uuid().optional().catch(undefined),
  best: z.enum(["yes", "no"]).optional().catch(undefined),
  sort: z.enum(PRODUCT_SORTS).catch("updated"),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requirePagePermission(context.services, request, "catalog");
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const query = listQuery.parse(Object.fromEntries(Object.entries(params).filter(([, v]) => v !== "")));
  const [list, filters] = await Promise.all([
    listProductsForAdmin(context.services.db, {
      q: query.q,
      status: query.status,
      tag: query.tag,
      collectionId: query.collection,
      bestSeller: query.best === undefined ? undefined : query.best === "yes",
      sort: query.sort,
      page: query.page,
    }),
    productFilterOptions(context.services.db),
  ]);
  return {
    query,
    filters,
    total: list.total,
    page: list.page,
    pageCount: list.pageCount,
    rows: list.rows.map((r) => ({ ...r, updatedAt: r.updatedAt.toISOString(), image: r.image ? mediaUrl(r.image, { width: 80, height: 80, format: "webp", quality: 80 }) : null })),
    may: { create: can(staff.roles, "catalog", "create"), edit: can(staff.roles, "catalog", "edit"), delete: can(staff.roles, "catalog", "delete") },
  };
}

// The bulk form posts to ?do=<the chosen action>; the permission it needs is checked before the body is read.
const OPERATIONS = { status: "edit", "add-tag": "edit", "remove-tag": "edit", delete: "delete" } as const;

// One schema for the bulk form, by the operation chosen.
const bulkForm = z.discriminatedUnion("op", [
  z.object({ op: z.literal("status"), ids: z.array(z.string().uuid("Invalid product id.")).min(1, "Select at least one product."), status: z.enum(PRODUCT_STATUSES, { message: "Choose a status." }) }),
  z.object({ op: z.literal("add-tag"), ids: z.array(z.string().uuid("Invalid product id.")).min(1, "Select at least one product."), tag: z.string().trim().toLowerCase().min(1, "Enter a tag.").max(40).regex(/^[a-z0-9-]+$/, "Tags use lowercase letters, digits and dashes.") }),
  z.object({ op: z.literal("remove-tag"), ids: z.array(z.string().uuid("Invalid product id.")).min(1, "Select at least one product."), tag: z.string().trim().toLowerCase().min(1, "Enter a tag.").max(40) }),
  z.object({ op: z.literal("delete"), ids: z.array(z.string().uuid("Invalid product id.")).min(1, "Select at least one product.") }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  // 401 without a session, 403 without the right, 400 for an unknown operation: all before the body.
  const { op, actor } = await requireOperation(context.services, request, "catalog", OPERATIONS);
  const form = await request.formData();
  const parsed = bulkForm.safeParse({ op, ids: form.getAll("ids"), status: form.get("status") ?? undefined, tag: form.get("tag") ?? undefined });
  if (!parsed.success) return fail(400, { error: parsed.error.issues[0]!.message });
  const input = parsed.data;
  const n = input.ids.length;
  const products = (count: number) => `${count} product${count === 1 ? "" : "s"}`;
  switch (input.op) {
    case "delete": {
      const { deleted } = await deleteProducts(context.services, actor, input.ids);
      return { ok: true as const, message: `Deleted ${products(deleted)}.` };
    }
    case "status":
      await bulkUpdateProducts(context.services, actor, input.ids, { kind: "status", status: input.status });
      return { ok: true as const, message: `Set ${products(n)} to ${input.status}.` };
    default:
      await bulkUpdateProducts(context.services, actor, input.ids, { kind: input.op, tag: input.tag });
      return { ok: true as const, message: `${input.op === "add-tag" ? "Added" : "Removed"} tag ${input.tag} ${input.op === "add-tag" ? "to" : "from"} ${products(n)}.` };
  }
}

export const meta: Route.MetaFunction = () => adminMeta("Products");

export default function CatalogPage({ loaderData, actionData }: Route.ComponentProps) {
  return <CatalogScreen {...loaderData} actionData={actionData} />;
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";
