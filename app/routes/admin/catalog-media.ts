import { z } from "zod";
import { fail, refusedAnswer, refusedAs } from "~/lib/action-result";
import { uploadImageAsStaff, deleteImageAsStaff, reorderImagesAsStaff, setPrimaryImageAsStaff, updateImageAsStaff, type ImageChange } from "~/modules/catalog/catalog.server";
import { MAX_UPLOAD_BYTES, TOO_LARGE_MESSAGE } from "~/modules/media/media";
import { requireActionPermission, requireUuid } from "~/modules/staff/staff.server";
import type { Route } from "./+types/catalog-media";

// The product editor's image endpoint (JSON): the upload (XMLHttpRequest, for its progress
// events), reorder, primary, alt text and variant, delete. Deleting an image asks for the catalog's
// delete permission; everything else for edit.
const INTENTS = { upload: "edit", reorder: "edit", primary: "edit", details: "edit", delete: "delete" } as const;

const reorderForm = z.object({ ids: z.array(z.string().uuid("Invalid image id.")).min(1, "Nothing to reorder.").max(200) });
const detailsForm = z.object({
  alt: z.string().max(250, "Alt text is at most 250 characters.").optional(),
  variantId: z.union([z.literal(""), z.string().uuid("Invalid variant id.")]).optional(),
});

// Multipart framing around a file is small; anything much larger than the limit is refused unread.
const MAX_BODY = MAX_UPLOAD_BYTES + 64 * 1024;

export async function action({ request, context, params }: Route.ActionArgs) {
  const url = new URL(request.url);
  const intent = url.searchParams.get("intent") ?? "";
  const staff = await requireActionPermission(context.services, request, "catalog", Object.hasOwn(INTENTS, intent) ? INTENTS[intent as keyof typeof INTENTS] : "edit");
  const productId = requireUuid(params.id, "product id");
  if (!(Object.hasOwn(INTENTS, intent))) return fail(400, { error: "Unknown action." });
  const actor = { id: staff.user.id, email: staff.user.email };
  if (intent === "upload" && Number(request.headers.get("content-length") ?? 0) > MAX_BODY) {
    return refusedAs("too-large", TOO_LARGE_MESSAGE);
  }
  const form = await request.formData();
  switch (intent) {
    case "upload": {
      const file = form.get("file");
      if (!(file instanceof File)) return fail(400, { error: "Choose an image to upload." });
      const variantId = form.get("variantId");
      // The media module checks the declared type and size, then the bytes themselves, and throws
      // the refusal's kind (a file over the limit 413, any other bad file 400).
      return respond(async () =>
        uploadImageAsStaff(context.services, actor, {
          productId,
          fileName: file.name,
          declaredType: file.type,
          bytes: new Uint8Array(await file.arrayBuffer()),
          variantId: typeof variantId === "string" && variantId ? requireUuid(variantId, "variant id") : null,
          alt: String(form.get("alt") ?? ""),
        }),
      );
    }
    case "reorder": {
      const parsed = reorderForm.safeParse({ ids: form.getAll("ids") });
      if (!parsed.success) return fail(400, { error: parsed.error.issues[0]!.message });
      return respond(() => reorderImagesAsStaff(context.services, actor, productId, parsed.data.ids));
    }
    case "primary":
      return respond(() => setPrimaryImageAsStaff(context.services, actor, productId, requireUuid(form.get("mediaId"), "image id")));
    case "details": {
      const mediaId = requireUuid(form.get("mediaId"), "image id");
      const parsed = detailsForm.safeParse({ alt: form.get("alt") ?? undefined, variantId: form.get("variantId") ?? undefined });
      if (!parsed.success) return fail(400, { error: parsed.error.issues[0]!.message });
      const { alt, variantId } = parsed.data;
      return respond(() => updateImageAsStaff(context.services, actor, productId, mediaId, { alt, variantId: variantId === undefined ? undefined : variantId || null }));
    }
    default:
      return respond(() => deleteImageAsStaff(context.services, actor, productId, requireUuid(form.get("mediaId"), "image id")));
  }
}

/** The change's answer: done with the image's id, or the refusal the module threw, its status from the one table. */
async function respond(change: () => Promise<ImageChange>) {
  try {
    const { id } = await change();
    return { ok: true as const, id: id ?? null };
  } catch (error) {
    return refusedAnswer(error);
  }
}
