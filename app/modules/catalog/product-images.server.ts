import { eq } from "drizzle-orm";
import { recordAudit, type AuditActor } from "~/modules/audit/audit.server";
import {
  media,
  MediaNotFound,
  UploadRejected,
  deleteProductMediaRows,
  removeStoredFiles,
  reorderProductMedia,
  setPrimaryMedia,
  updateMediaDetails,
  uploadProductImage,
  type UploadInput,
} from "~/modules/media/media.server";
import type { CatalogDeps } from "./catalog-deps.server";
import { notifyCatalogChanged } from "./catalog-events.server";
import { variantBelongsToProduct } from "./variants.server";

// The back office's face for product images: each change and its audit row commit together,
// then open storefront pages hear about it. The media module stores the files and rows; the
// catalog checks that a variant named for an image is one of the product's own. A refusal (a bad
// file, a vanished image, a file over the limit, a full disk) is thrown as the media module threw
// it, for the route to answer through the one refusal table.

/** A done change: the image's id when it names one (an upload, primary, details). */
export type ImageChange = { id?: string };

async function run(services: CatalogDeps, productId: string, work: () => Promise<string | undefined>): Promise<ImageChange> {
  const id = await work();
  await notifyCatalogChanged(services.events, productId);
  return { id };
}

export function uploadImageAsStaff(services: CatalogDeps, actor: AuditActor, input: UploadInput): Promise<ImageChange> {
  return run(services, input.productId, async () => {
    let stored: string | undefined;
    try {
      return await services.db.transaction(async (tx) => {
        if (input.variantId && !(await variantBelongsToProduct(tx, input.productId, input.variantId))) {
          throw new UploadRejected("That variant does not belong to this product.");
        }
        const row = await uploadProductImage(tx, services.storage, input);
        stored = row.fileUrl;
        await recordAudit(tx, { actor, module: "catalog", action: "media_upload", targetId: input.productId, after: { mediaId: row.id, fileUrl: row.fileUrl, variantId: row.variantId } });
        return row.id;
      });
    } catch (error) {
      // The file was written before the transaction; without its row it must not stay.
      if (stored) await removeStoredFiles(services.storage, [stored]);
      throw error;
    }
  });
}

export function reorderImagesAsStaff(services: CatalogDeps, actor: AuditActor, productId: string, orderedIds: string[]): Promise<ImageChange> {
  return run(services, productId, () =>
    services.db.transaction(async (tx) => {
      await reorderProductMedia(tx, productId, orderedIds);
      // The storefront shows the primary image first; so the image put first becomes the primary.
      const [first] = await tx.select({ isPrimary: media.isPrimary }).from(media).where(eq(media.id, orderedIds[0]!));
      if (first && !first.isPrimary) await setPrimaryMedia(tx, productId, orderedIds[0]!);
      await recordAudit(tx, { actor, module: "catalog", action: "media_reorder", targetId: productId, after: { order: orderedIds } });
      return undefined;
    }),
  );
}

export function setPrimaryImageAsStaff(services: CatalogDeps, actor: AuditActor, productId: string, mediaId: string): Promise<ImageChange> {
  return run(services, productId, () =>
    services.db.transaction(async (tx) => {
      await setPrimaryMedia(tx, productId, mediaId);
      await recordAudit(tx, { actor, module: "catalog", action: "media_primary", targetId: productId, after: { mediaId } });
      return mediaId;
    }),
  );
}

export function updateImageAsStaff(
  services: CatalogDeps,
  actor: AuditActor,
  productId: string,
  mediaId: string,
  details: { alt?: string; variantId?: string | null },
): Promise<ImageChange> {
  return run(services, productId, () =>
    services.db.transaction(async (tx) => {
      if (details.variantId && !(await variantBelongsToProduct(tx, productId, details.variantId))) {
        throw new MediaNotFound("That variant does not belong to this product.");
      }
      const [before] = await tx.select({ alt: media.alt, variantId: media.variantId }).from(media).where(eq(media.id, mediaId));
      await updateMediaDetails(tx, productId, mediaId, details);
      await recordAudit(tx, { actor, module: "catalog", action: "media_edit", targetId: productId, before: { mediaId, ...before }, after: { mediaId, ...details } });
      return mediaId;
    }),
  );
}

export function deleteImageAsStaff(services: CatalogDeps, actor: AuditActor, productId: string, mediaId: string): Promise<ImageChange> {
  return run(services, productId, async () => {
    const files = await services.db.transaction(async (tx) => {
      const unused = await deleteProductMediaRows(tx, productId, [mediaId]);
      await recordAudit(tx, { actor, module: "catalog", action: "media_delete", targetId: productId, before: { mediaId } });
      return unused;
    });
    await removeStoredFiles(services.storage, files);
    return undefined;
  });
}
