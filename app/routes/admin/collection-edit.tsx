import { data } from "react-router";
import { CollectionEditScreen } from "~/components/admin/collections/collection-edit-screen";
import { fail, refusedAnswer } from "~/lib/action-result";
import { adminMeta } from "~/lib/admin-meta";
import { fieldErrors } from "~/lib/form-errors";
import { getCollectionForAdmin, saveCollection } from "~/modules/catalog/catalog.server";
import { collectionFormValues, collectionInput } from "~/modules/catalog/catalog";
import { listImageLibrary, uploadLibraryImage } from "~/modules/media/media.server";
import { requireActionPermission, requirePagePermission, requireUuid } from "~/modules/staff/staff.server";
import type { Route } from "./+types/collection-edit";
import { versionField } from "~/lib/version-field";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requirePagePermission(context.services, request, "collections", "edit");
  const id = requireUuid(params.id, "collection id");
  const [collection, library] = await Promise.all([getCollectionForAdmin(context.services.db, id), listImageLibrary(context.services.db)]);
  if (!collection) throw data({ error: "No collection with that id." }, { status: 404 });
  // The current hero image comes first, so the picker opens showing what is chosen.
  const current = collection.heroImageId && collection.heroImageUrl ? [{ id: collection.heroImageId, fileUrl: collection.heroImageUrl, alt: "Current hero image" }] : [];
  const images = [...current, ...library.filter((m) => m.id !== collection.heroImageId)];
  return {
    collection: {
      id: collection.id,
      name: collection.name,
      slug: collection.slug,
      description: collection.description,
      isActive: collection.isActive,
      heroImageId: collection.heroImageId,
      version: collection.version,
      products: collection.products,
    },
    images: images.map((m) => ({ id: m.id, fileUrl: m.fileUrl, alt: m.alt })),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const staff = await requireActionPermission(context.services, request, "collections", "edit");
  const id = requireUuid(params.id, "collection id");
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  if (intent === "upload") {
    const file = form.get("file");
    if (!(file instanceof File) || file.size === 0) return fail(400, { error: "Choose an image to upload." });
    try {
      const upload = { folder: "collections", fileName: file.name, declaredType: file.type, bytes: new Uint8Array(await file.arrayBuffer()) };
      const actor = { id: staff.user.id, email: staff.user.email };
      const image = await uploadLibraryImage(context.services.db, context.services.storage, upload, { actor, module: "collections" });
      return { ok: true as const, message: "Image uploaded.", image: { id: image.id, fileUrl: image.fileUrl, alt: image.alt } };
    } catch (error) {
      return refusedAnswer(error);
    }
  }
  if (intent !== "save") return fail(400, { error: "Unknown action." });
  const parsed = collectionInput.safeParse(collectionFormValues(form));
  const version = versionField.safeParse(form.get("version"));
  if (!version.success) return fail(400, { error: version.error.issues[0]!.message });
  if (!parsed.success) return fail(400, { error: "Please correct the highlighted fields.", fieldErrors: fieldErrors(parsed.error) });
  try {
    await saveCollection(context.services.db, parsed.data, { id, expectedVersion: version.data }, { actor: { id: staff.user.id, email: staff.user.email }, events: context.services.events });
    return { ok: true as const, message: "Collection saved." };
  } catch (error) {
    return refusedAnswer(error);
  }
}

export const meta: Route.MetaFunction = ({ data }) => adminMeta(data ? `Edit ${data.collection.name}` : "Edit collection");

export default function CollectionEditPage({ loaderData, actionData }: Route.ComponentProps) {
  return <CollectionEditScreen loaderData={loaderData} actionData={actionData} />;
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";
