import { desc, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "~/db/types";
import { cleanUpload } from "./media-library.server";
import { objectName } from "./paths";
import { media } from "./schema";
import type { MediaStorage } from "./storage.server";

// Images of the site itself (hero slides, home tiles): stored like product images (same upload
// rules, magic-byte check and EXIF stripping) but belonging to no product.

export type StoredSiteImage = { name: string; mimeType: string; width: number; height: number; bytes: number };

/**
 * Checks and stores the file under "site/"; the caller records it (recordSiteImage) in its own
 * transaction and removes the file (storage.remove(name)) if that transaction fails.
 */
export async function storeSiteImageFile(storage: MediaStorage, input: { fileName: string; declaredType: string; bytes: Uint8Array }, now = Date.now()): Promise<StoredSiteImage> {
  const { real, clean, info } = await cleanUpload(input);
  const name = objectName("site", input.fileName, now);
  await storage.put(name, clean);
  return { name, mimeType: real, width: info.width, height: info.pageHeight ?? info.height, bytes: clean.byteLength };
}

export async function recordSiteImage(tx: DbOrTx, file: StoredSiteImage, alt: string): Promise<{ id: string; fileUrl: string }> {
  const [row] = await tx
    .insert(media)
    .values({ fileUrl: file.name, productId: null, alt: alt.trim(), mimeType: file.mimeType, width: file.width, height: file.height, bytes: file.bytes })
    .returning({ id: media.id, fileUrl: media.fileUrl });
  return row!;
}

export type PickableImage = { id: string; fileUrl: string; alt: string; kind: "site" | "product" };

/** Images staff may pick for a slide or tile: site images first, then product images, newest first, one per file. */
export async function listPickableImages(db: DbOrTx, limit = 120): Promise<PickableImage[]> {
  const [site, product] = await Promise.all([
    db.select({ id: media.id, fileUrl: media.fileUrl, alt: media.alt }).from(media).where(isNull(media.productId)).orderBy(desc(media.createdAt)).limit(limit),
    db.select({ id: media.id, fileUrl: media.fileUrl, alt: media.alt }).from(media).where(eq(media.isPrimary, true)).orderBy(desc(media.createdAt)).limit(limit),
  ]);
  const seen = new Set<string>();
  const out: PickableImage[] = [];
  for (const [kind, rows] of [["site", site], ["product", product]] as const) {
    for (const row of rows) {
      if (seen.has(row.fileUrl)) continue;
      seen.add(row.fileUrl);
      out.push({ ...row, kind });
    }
  }
  return out.slice(0, limit);
}

/** One stored image by id (the picker's choice), or null. */
export async function findImage(db: DbOrTx, id: string): Promise<{ id: string; fileUrl: string; alt: string } | null> {
  const [row] = await db.select({ id: media.id, fileUrl: media.fileUrl, alt: media.alt }).from(media).where(eq(media.id, id));
  return row ?? null;
}

/** Whether some stored image uses this file (a tile may only show an image of the library). */
export async function imageFileExists(db: DbOrTx, fileUrl: string): Promise<boolean> {
  const [row] = await db.select({ id: media.id }).from(media).where(eq(media.fileUrl, fileUrl)).limit(1);
  return Boolean(row);
}
