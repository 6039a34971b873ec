import { and, asc, count, desc, eq, inArray, isNull, max } from "drizzle-orm";
import sharp, { type OutputInfo } from "sharp";
import { MAX_SOURCE_PIXELS, MAX_SOURCE_SIDE } from "./image-transform.server";
import type { DbOrTx } from "~/db/types";
import { NotFoundError, TooLargeError } from "~/lib/save-outcome";
import { recordAudit, type AuditActor } from "~/modules/audit/audit.server";
import { objectName } from "./paths";
import { media } from "./schema";
import type { MediaStorage } from "./storage.server";
import { UploadRejected } from "./upload-rejected";
import { IMAGE_TOO_BIG_MESSAGE, INVALID_TYPE_MESSAGE, sniffImageType, TOO_LARGE_MESSAGE, uploadProblem } from "./upload-rules";

export { UploadRejected } from "./upload-rejected";
/** An image (or the order of a product's images) that is not there: the shared "gone" refusal. */
export class MediaNotFound extends NotFoundError {}

export type UploadInput = { fileName: string; declaredType: string; bytes: Uint8Array; productId: string; variantId?: string | null; alt?: string };

/**
 * Stores an uploaded product image. The declared type must be JPEG, PNG, WebP or GIF and the size
 * at most 10 MB (upload-rules.ts, the same check the browser makes); the
 * bytes must really be an image of an allowed kind; metadata (EXIF location, camera) is stripped
 * by re-encoding, keeping the orientation applied. A variant named in the input is the caller's to
 * check against the product (the catalog does: media does not read the catalog's tables).
 */
export async function uploadProductImage(db: DbOrTx, storage: MediaStorage, input: UploadInput, now = Date.now()) {
  const { real, clean, info } = await cleanUpload(input);
  const name = objectName("products", input.fileName, now);
  await storage.put(name, clean);
  try {
    return await db.transaction(async (tx) => {
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

export type StoredProductImage = { name: string; mimeType: string; width: number; height: number; bytes: number };

/**
 * Checks and stores a product picture's file by the upload's rules (type, size, magic bytes,
 * metadata stripped), without a row yet: the caller records it with recordProductImage, in its own
 * transaction, and removes the file (storage.remove(name)) if that fails. Several files can so be
 * checked at once before one transaction records them.
 */
export async function storeProductImageFile(storage: MediaStorage, input: Pick<UploadInput, "fileName" | "declaredType" | "bytes">, now = Date.now()): Promise<StoredProductImage> {
  const { real, clean, info } = await cleanUpload(input);
  const name = objectName("products", input.fileName, now);
  await storage.put(name, clean);
  return { name, mimeType: real, width: info.width, height: info.pageHeight ?? info.height, bytes: clean.byteLength };
}

/**
 * Records one stored picture for a product, shown for several of its variants (a colour's picture
 * for each of its sizes, as a Shopify import with one Variant Image per row makes it): one row per
 * variant, all naming the one file (the product page groups rows by file). With `primary`, a row
 * without a variant comes first and becomes the primary image when the product has none yet.
 * The variants are the caller's, checked or read from the product itself.
 */
export async function recordProductImage(db: DbOrTx, file: StoredProductImage, input: { productId: string; alt?: string; variantIds: string[]; primary?: boolean }) {
  return db.transaction(async (tx) => {
    const [last] = await tx.select({ n: max(media.sortOrder) }).from(media).where(eq(media.productId, input.productId));
    const [primaries] = await tx
      .select({ n: count() })
      .from(media)
      .where(and(eq(media.productId, input.productId), eq(media.isPrimary, true)));
    const first = (last?.n ?? -1) + 1;
    const common = { fileUrl: file.name, productId: input.productId, alt: input.alt?.trim() ?? "", mimeType: file.mimeType, width: file.width, height: file.height, bytes: file.bytes };
    const variantIds: (string | null)[] = [...(input.primary ? [null] : []), ...input.variantIds];
    return tx
      .insert(media)
      .values(variantIds.map((variantId, i) => ({ ...common, variantId, isPrimary: variantId === null && (primaries?.n ?? 0) === 0, sortOrder: first + i })))
      .returning();
  });
}

/** The declared type and size (upload-rules.ts), the magic bytes, then a re-encode that drops metadata (EXIF location). */
export async function cleanUpload(input: Pick<UploadInput, "declaredType" | "bytes">): Promise<{ real: NonNullable<ReturnType<typeof sniffImageType>>; clean: Buffer; info: OutputInfo }> {
  const problem = uploadProblem({ type: input.declaredType, size: input.bytes.byteLength });
  if (problem) throw problem === TOO_LARGE_MESSAGE ? new TooLargeError(problem) : new UploadRejected(problem);
  const real = sniffImageType(input.bytes);
  if (!real) throw new UploadRejected(INVALID_TYPE_MESSAGE);
  // The header first: a huge picture (a 256-megapixel PNG compresses to a few MB) is refused
  // before anything decodes it, and the endpoint could never render it anyway.
  const meta = await sharp(input.bytes).metadata().catch(() => null);
  if (!meta?.width || !meta.height) throw new UploadRejected("The image could not be read. Please upload another file.");
  if (meta.width > MAX_SOURCE_SIDE || meta.height > MAX_SOURCE_SIDE || meta.width * meta.height > MAX_SOURCE_PIXELS) {
    throw new UploadRejected(IMAGE_TOO_BIG_MESSAGE);
  }
  try {
    const image = sharp(input.bytes, { animated: real === "image/gif", limitInputPixels: MAX_SOURCE_PIXELS }).rotate();
    const encoded =
      real === "image/png" ? image.png() : real === "image/webp" ? image.webp({ quality: 90 }) : real === "image/gif" ? image.gif() : image.jpeg({ quality: 90, mozjpeg: true });
    const { data: clean, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { real, clean, info };
  } catch {
    throw new UploadRejected("The image could not be read. Please upload another file.");
  }
}

/**
 * Stores an image that belongs to no product (a collection's hero image), under `folder`, with the
 * same checks as a product image.
 */
export async function uploadLibraryImage(
  db: DbOrTx,
  storage: MediaStorage,
  input: Pick<UploadInput, "fileName" | "declaredType" | "bytes" | "alt"> & { folder: string },
  audit: { actor: AuditActor; module: string },
  now = Date.now(),
) {
  const { real, clean, info } = await cleanUpload(input);
  const name = objectName(input.folder, input.fileName, now);
  await storage.put(name, clean);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(media)
        .values({ fileUrl: name, alt: input.alt?.trim() ?? "", mimeType: real, width: info.width, height: info.pageHeight ?? info.height, bytes: clean.byteLength })
        .returning();
      await recordAudit(tx, { ...audit, action: "upload_image", targetId: row!.id, after: { fileUrl: name, bytes: clean.byteLength } });
      return row!;
    });
  } catch (error) {
    await storage.remove(name).catch(() => {});
    throw error;
  }
}

/** Stored images to choose from (newest first): product images and images of their own. */
export async function listImageLibrary(db: DbOrTx, limit = 60) {
  return db
    .select({ id: media.id, fileUrl: media.fileUrl, alt: media.alt, productId: media.productId })
    .from(media)
    .where(isNull(media.variantId))
    .orderBy(desc(media.createdAt), asc(media.sortOrder))
    .limit(limit);
}

export async function listProductMedia(db: DbOrTx, productId: string) {
  return db.select().from(media).where(eq(media.productId, productId)).orderBy(desc(media.isPrimary), asc(media.sortOrder));
}

/** Sets the order of a product's images to the given ids (every id must belong to the product). */
export async function reorderProductMedia(db: DbOrTx, productId: string, orderedIds: string[]) {
  await db.transaction(async (tx) => {
    const own = await tx.select({ id: media.id }).from(media).where(eq(media.productId, productId));
    const ownIds = new Set(own.map((m) => m.id));
    if (orderedIds.length !== ownIds.size || !orderedIds.every((id) => ownIds.has(id))) {
      throw new MediaNotFound("The new order must list each of this product's images once.");
    }
    for (const [i, id] of orderedIds.entries()) await tx.update(media).set({ sortOrder: i }).where(eq(media.id, id));
  });
}

export async function setPrimaryMedia(db: DbOrTx, productId: string, mediaId: string) {
  await db.transaction(async (tx) => {
    const [row] = await tx.select({ id: media.id }).from(media).where(and(eq(media.id, mediaId), eq(media.productId, productId)));
    if (!row) throw new MediaNotFound("Image not found.");
    await tx.update(media).set({ isPrimary: false }).where(eq(media.productId, productId));
    await tx.update(media).set({ isPrimary: true, variantId: null }).where(eq(media.id, mediaId));
  });
}

export async function updateMediaDetails(db: DbOrTx, productId: string, mediaId: string, details: { alt?: string; variantId?: string | null }) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(media)
      .set({ ...(details.alt !== undefined ? { alt: details.alt.trim() } : {}), ...(details.variantId !== undefined ? { variantId: details.variantId } : {}) })
      .where(and(eq(media.id, mediaId), eq(media.productId, productId)))
      .returning({ id: media.id });
    if (!row) throw new MediaNotFound("Image not found.");
  });
}

/** Deletes images; the file goes when no other row still uses it. A deleted primary passes to the next image. */
export async function deleteProductMedia(db: DbOrTx, storage: MediaStorage, productId: string, mediaIds: string[]) {
  const removed = await deleteProductMediaRows(db, productId, mediaIds);
  await removeStoredFiles(storage, removed);
}

/**
 * The database half of a delete, for callers that commit more in the same transaction: returns
 * the object names no row uses any more, to remove (removeStoredFiles) only after the commit.
 */
export async function deleteProductMediaRows(db: DbOrTx, productId: string, mediaIds: string[]): Promise<string[]> {
  return db.transaction(async (tx) => {
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
}

/** Object names no row refers to any more (own names only; full URLs are never ours to delete). */
export async function unusedObjectNames(db: DbOrTx, names: string[]): Promise<string[]> {
  const own = [...new Set(names)].filter((n) => !/^https?:\/\//.test(n));
  if (!own.length) return [];
  const stillUsed = await db.select({ fileUrl: media.fileUrl }).from(media).where(inArray(media.fileUrl, own));
  return own.filter((n) => !stillUsed.some((u) => u.fileUrl === n));
}

export async function removeStoredFiles(storage: MediaStorage, names: string[]): Promise<void> {
  // A file left behind is harmless; a failed delete must not undo a committed change.
  for (const name of names) await storage.remove(name).catch(() => {});
}

/** The stored images of the given products (only the primary ones when asked), primary first then in order. */
export async function mediaFileNamesOf(db: DbOrTx, productIds: string[], opts: { primaryOnly?: boolean } = {}) {
  if (!productIds.length) return [];
  return db
    .select({ productId: media.productId, fileUrl: media.fileUrl })
    .from(media)
    .where(and(inArray(media.productId, productIds), opts.primaryOnly ? eq(media.isPrimary, true) : undefined))
    .orderBy(desc(media.isPrimary), asc(media.sortOrder));
}
