import { and, asc, count, desc, eq, inArray, isNull, max } from "drizzle-orm";
import sharp, { type OutputInfo } from "sharp";
import type { Db } from "~/db/types";
import { variantBelongsToProduct } from "~/modules/catalog/variants.server";
import { objectName } from "./paths";
import { media } from "./schema";
import type { MediaStorage } from "./storage.server";
import { INVALID_TYPE_MESSAGE, sniffImageType, uploadProblem } from "./upload-rules";

export class UploadRejected extends Error {}
export class MediaNotFound extends Error {}

export type UploadInput = { fileName: string; declaredType: string; bytes: Uint8Array; productId: string; variantId?: string | null; alt?: string };

/**
 * Stores an uploaded product image. The declared type and size follow the spec's rules; the
 * bytes must really be an image of an allowed kind; metadata (EXIF location, camera) is stripped
 * by re-encoding, keeping the orientation applied.
 */
export async function uploadProductImage(db: Db, storage: MediaStorage, input: UploadInput, now = Date.now()) {
  const problem = uploadProblem({ type: input.declaredType, size: input.bytes.byteLength });
  if (problem) throw new UploadRejected(problem);
  const real = sniffImageType(input.bytes);
  if (!real) throw new UploadRejected(INVALID_TYPE_MESSAGE);

  let clean: Buffer;
  let info: OutputInfo;
  try {
    const image = sharp(input.bytes, { animated: real === "image/gif" }).rotate();
    const encoded =
      real === "image/png" ? image.png() : real === "image/webp" ? image.webp({ quality: 90 }) : real === "image/gif" ? image.gif() : image.jpeg({ quality: 90, mozjpeg: true });
    ({ data: clean, info } = await encoded.toBuffer({ resolveWithObject: true }));
  } catch {
    throw new UploadRejected("The image could not be read. Please upload another file.");
  }

  const name = objectName("products", input.fileName, now);
  await storage.put(name, clean);
  try {
    return await db.transaction(async (tx) => {
      if (input.variantId && !(await variantBelongsToProduct(tx, input.productId, input.variantId))) {
        throw new UploadRejected("That variant does not belong to this product.");
      }
      const [last] = await tx.select({ n: max(media.sortOrder) }).from(media).where(eq(media.productId, input.productId));
      const [primaries] = await tx
        .select({ n: count() })
        .from(media)
        .where(and(eq(media.productId, input.productId), eq(media.isPrimary, true)));
      const [row] = await tx
        .insert(media)
        .values({
          fileUrl: name,
          productId: input.productId,
          variantId: input.variantId ?? null,
          isPrimary: (primaries?.n ?? 0) === 0 && !input.variantId,
          sortOrder: (last?.n ?? -1) + 1,
          alt: input.alt?.trim() ?? "",
          mimeType: real,
          width: info.width,
          height: info.pageHeight ?? info.height,
          bytes: clean.byteLength,
        })
        .returning();
      return row!;
    });
  } catch (error) {
    await storage.remove(name).catch(() => {});
    throw error;
  }
}

export async function listProductMedia(db: Db, productId: string) {
  return db.select().from(media).where(eq(media.productId, productId)).orderBy(desc(media.isPrimary), asc(media.sortOrder));
}

/** Sets the order of a product's images to the given ids (every id must belong to the product). */
export async function reorderProductMedia(db: Db, productId: string, orderedIds: string[]) {
  await db.transaction(async (tx) => {
    const own = await tx.select({ id: media.id }).from(media).where(eq(media.productId, productId));
    const ownIds = new Set(own.map((m) => m.id));
    if (orderedIds.length !== ownIds.size || !orderedIds.every((id) => ownIds.has(id))) {
      throw new MediaNotFound("The new order must list each of this product's images once.");
    }
    for (const [i, id] of orderedIds.entries()) await tx.update(media).set({ sortOrder: i }).where(eq(media.id, id));
  });
}

export async function setPrimaryMedia(db: Db, productId: string, mediaId: string) {
  await db.transaction(async (tx) => {
    const [row] = await tx.select({ id: media.id }).from(media).where(and(eq(media.id, mediaId), eq(media.productId, productId)));
    if (!row) throw new MediaNotFound("Image not found.");
    await tx.update(media).set({ isPrimary: false }).where(eq(media.productId, productId));
    await tx.update(media).set({ isPrimary: true, variantId: null }).where(eq(media.id, mediaId));
  });
}

export async function updateMediaDetails(db: Db, productId: string, mediaId: string, details: { alt?: string; variantId?: string | null }) {
  await db.transaction(async (tx) => {
    if (details.variantId && !(await variantBelongsToProduct(tx, productId, details.variantId))) {
      throw new MediaNotFound("That variant does not belong to this product.");
    }
    const [row] = await tx
      .update(media)
      .set({ ...(details.alt !== undefined ? { alt: details.alt.trim() } : {}), ...(details.variantId !== undefined ? { variantId: details.variantId } : {}) })
      .where(and(eq(media.id, mediaId), eq(media.productId, productId)))
      .returning({ id: media.id });
    if (!row) throw new MediaNotFound("Image not found.");
  });
}

/** Deletes images; the file goes when no other row still uses it. A deleted primary passes to the next image. */
export async function deleteProductMedia(db: Db, storage: MediaStorage, productId: string, mediaIds: string[]) {
  const removed = await db.transaction(async (tx) => {
    const rows = await tx.delete(media).where(and(eq(media.productId, productId), inArray(media.id, mediaIds))).returning();
    if (rows.length !== mediaIds.length) throw new MediaNotFound("Image not found.");
    if (rows.some((r) => r.isPrimary)) {
      const [next] = await tx
        .select({ id: media.id })
        .from(media)
        .where(and(eq(media.productId, productId), isNull(media.variantId)))
        .orderBy(asc(media.sortOrder))
        .limit(1);
      if (next) await tx.update(media).set({ isPrimary: true }).where(eq(media.id, next.id));
    }
    const names = [...new Set(rows.map((r) => r.fileUrl))];
    const stillUsed = await tx.select({ fileUrl: media.fileUrl }).from(media).where(inArray(media.fileUrl, names));
    return names.filter((n) => !stillUsed.some((u) => u.fileUrl === n) && !/^https?:\/\//.test(n));
  });
  for (const name of removed) await storage.remove(name).catch(() => {});
}
