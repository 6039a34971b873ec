import { and, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "~/db/types";
import { media } from "./schema";

/**
 * Images a product import names by URL (nothing is uploaded): each one the product does not show
 * yet becomes one of its images, in the import's order (the first is primary when the product had
 * none); a variant's image is kept only for a variant that has none yet. Run inside the import's
 * transaction, so a rejected product leaves no image behind.
 */
export async function attachImportedImages(
  tx: DbOrTx,
  productId: string,
  images: readonly { src: string; alt: string; position: number }[],
  variantImages: readonly { variantId: string; src: string }[],
): Promise<void> {
  const present = await tx.select({ fileUrl: media.fileUrl }).from(media).where(and(eq(media.productId, productId), isNull(media.variantId)));
  const known = new Set(present.map((m) => m.fileUrl));
  const fresh = images.filter((img) => !known.has(img.src) && !known.has(stripOrigin(img.src)));
  if (fresh.length) {
    await tx.insert(media).values(
      fresh.map((img) => ({ fileUrl: img.src, productId, alt: img.alt, sortOrder: img.position - 1, isPrimary: img.position === 1 && present.length === 0 })),
    );
  }
  if (!variantImages.length) return;
  const withImages = await tx.select({ variantId: media.variantId }).from(media).where(eq(media.productId, productId));
  const hasImage = new Set(withImages.map((m) => m.variantId));
  const rows = variantImages.filter((v) => !hasImage.has(v.variantId)).map((v, i) => ({ fileUrl: v.src, productId, variantId: v.variantId, sortOrder: 100 + i }));
  if (rows.length) await tx.insert(media).values(rows);
}

// An export from this shop names its own images by absolute URL; the row for that file is the same image.
function stripOrigin(src: string): string {
  const m = src.match(/^https?:\/\/[^/]+\/images\/(.+)$/);
  return m ? decodeURIComponent(m[1]!) : src;
}
