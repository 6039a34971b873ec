import { redirect } from "react-router";
import { CollectionsScreen, createCollectionInput } from "~/components/admin/collections/collections-screen";
import { fail, refusedAnswer } from "~/lib/action-result";
import { adminMeta } from "~/lib/admin-meta";
import { fieldErrors } from "~/lib/form-errors";
import { deleteCollection, listCollectionsForAdmin, reorderCollections, saveCollection } from "~/modules/catalog/catalog.server";
import { collectionFormValues, collectionInput, collectionOrderInput } from "~/modules/catalog/catalog";
import { requireOperation, requirePagePermission, requireUuid } from "~/modules/staff/staff.server";
import { can } from "~/modules/staff/staff";
import type { Route } from "./+types/collections";

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requirePagePermission(context.services, request, "collections");
  const collections = await listCollectionsForAdmin(context.services.db);
  return {
    collections,
    can: { create: can(staff.roles, "collections", "create"), edit: can(staff.roles, "collections", "edit"), delete: can(staff.roles, "collections", "delete") },
  };
}

// Each form posts to ?do=<operation>; the permission it needs is checked before the body is read.
const OPERATIONS = { create: "create", reorder: "edit", delete: "delete" } as const;

export async function action({ request, context }: Route.ActionArgs) {
  // 401 without a session, 403 without the right, 400 for an unknown operation: all before the body.
  const { op, actor } = await requireOperation(context.services, request, "collections", OPERATIONS);
  const form = await request.formData();
  const ctx = { actor, events: context.services.events };
  try {
    switch (op) {
      case "create": {
        const parsed = createCollectionInput.safeParse(collectionFormValues(form));
        if (!parsed.success) return fail(400, { error: "Please correct the highlighted fields.", fieldErrors: fieldErrors(parsed.error) });
        const { id } = await saveCollection(context.services.db, collectionInput.parse(parsed.data), {}, ctx);
        return redirect(`/admin/collections/${id}?created=1`);
      }
      case "reorder": {
        const parsed = collectionOrderInput.safeParse({ ids: form.getAll("ids") });
        if (!parsed.success) return fail(400, { error: parsed.error.issues[0]!.message });
        await reorderCollections(context.services.db, parsed.data.ids, ctx);
        return { ok: true as const, message: "Collection order saved." };
      }
      case "delete": {
        const id = requireUuid(form.get("id"), "collection id");
        await deleteCollection(context.services.db, id, ctx);
        return { ok: true as const, message: "Collection deleted." };
      }
    }
  } catch (error) {
    return refusedAnswer(error);
  }
}

export const meta: Route.MetaFunction = () => adminMeta("Collections");

export default function CollectionsPage({ loaderData, actionData }: Route.ComponentProps) {
  return <CollectionsScreen loaderData={loaderData} actionData={actionData} />;
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";
