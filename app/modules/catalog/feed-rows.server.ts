import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "~/db/types";
import { media } from "~/modules/media/media.server";
import type { VariantView } from "./product-view";
import { productVariants, products } from "./schema";
import { variantColumns } from "./variants.server";

// The catalogue as a product feed (Google Merchant) reads it: every active product with its
// variants and pictures, in one pass of three queries. Prices, compare-at prices and stock are the
// same columns the product page reads (product-detail.server.ts), in the same shape (VariantView),
// so the feed cannot disagree with the page; pictures keep the page's order (primary first).
// Every ordering ends on an id, so the same catalogue always gives the same feed bytes (its ETag).

export type FeedVariantRow = VariantView & { barcode: string | null };

/** One stored picture; a picture stored once per variant appears once, naming every variant it shows. */
export type FeedImageRow = { fileUrl: string; variantIds: string[] };

export type FeedProductRow = {
  id: string;
  slug: string;
  title: string;
  /** Markdown, as staff wrote it. */
  description: string;
  seoDescription: string | null;
  variants: FeedVariantRow[];
  images: FeedImageRow[];
};

/** Every active product, in the shop's own order (sort order, newest first), with variants and pictures. */
export async function listFeedProducts(db: Db): Promise<FeedProductRow[]> {
  const active = eq(products.status, "active");
  const [productRows, variantRows, mediaRows] = await Promise.all([
    db
      .select({ id: products.id, slug: products.slug, title: products.title, description: products.description, seoDescription: products.seoDescription })
      .from(products)
      .where(active)
      .orderBy(asc(products.sortOrder), desc(products.createdAt), asc(products.id)),
    db
      .select({
        productId: productVariants.productId,
        ...variantColumns,
        stock: productVariants.stockQuantity,
        barcode: productVariants.barcode,
      })
      .from(productVariants)
      .innerJoin(products, and(eq(products.id, productVariants.productId), active))
      .orderBy(asc(productVariants.sortOrder), asc(productVariants.pricePaise), asc(productVariants.id)),
    db
      .select({ productId: media.productId, fileUrl: media.fileUrl, variantId: media.variantId })
      .from(media)
      .innerJoin(products, and(eq(products.id, media.productId), active))
      .orderBy(desc(media.isPrimary), asc(media.sortOrder), asc(media.createdAt), asc(media.id)),
  ]);

  const byId = new Map<string, FeedProductRow>(productRows.map((p) => [p.id, { ...p, variants: [], images: [] }]));
  for (const { productId, ...variant } of variantRows) byId.get(productId)?.variants.push(variant);
  for (const m of mediaRows) {
    const product = m.productId ? byId.get(m.productId) : undefined;
    if (!product) continue;
    const existing = product.images.find((i) => i.fileUrl === m.fileUrl);
    if (existing) {
      if (m.variantId && !existing.variantIds.includes(m.variantId)) existing.variantIds.push(m.variantId);
      continue;
    }
    product.images.push({ fileUrl: m.fileUrl, variantIds: m.variantId ? [m.variantId] : [] });
  }
  return [...byId.values()];
}

/** Which of these ids name a product (of any status): a settings form must not store made-up ids. */
export async function existingProductIds(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: products.id }).from(products).where(inArray(products.id, [...ids]));
  return new Set(rows.map((r) => r.id));
}
