import { and, eq, gte, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/types";
import { isUuid } from "~/lib/ids";
import { collections, productCollections, productVariants, products } from "./schema";

// The catalogue's face for selling: what a variant is and costs now, and its stock, taken and
// given back only by a conditional update (never read-then-write), so two buyers of the last
// unit cannot both get it.

export type SellableVariant = {
  variantId: string;
  productId: string;
  slug: string;
  title: string;
  variantTitle: string;
  sku: string;
  hsnCode: string | null;
  /** The product's own GST rate; null: the shop's default applies. */
  gstRatePercent: number | null;
  /** Integer paise, GST included. */
  pricePaise: number;
  stock: number;
  /** Active product with a price. */
  available: boolean;
};

export async function sellableVariants(db: DbOrTx, variantIds: readonly string[]): Promise<SellableVariant[]> {
  const ids = [...new Set(variantIds.filter(isUuid))];
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      variantId: productVariants.id,
      productId: products.id,
      slug: products.slug,
      title: products.title,
      variantTitle: productVariants.title,
      sku: productVariants.sku,
      hsnCode: products.hsnCode,
      gstRatePercent: products.gstRatePercent,
      pricePaise: productVariants.pricePaise,
      stock: productVariants.stockQuantity,
      status: products.status,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(inArray(productVariants.id, ids));
  return rows.map(({ status, ...r }) => ({ ...r, available: status === "active" && r.pricePaise > 0 }));
}

/** Takes `quantity` units if that many are left; false (and nothing changed) otherwise. */
export async function takeStock(tx: DbOrTx, variantId: string, quantity: number): Promise<boolean> {
  const rows = await tx
    .update(productVariants)
    .set({ stockQuantity: sql`${productVariants.stockQuantity} - ${quantity}` })
    .where(and(eq(productVariants.id, variantId), gte(productVariants.stockQuantity, quantity)))
    .returning({ id: productVariants.id });
  return rows.length === 1;
}

/** Gives units back (a cancelled or expired order). */
export async function returnStock(tx: DbOrTx, variantId: string, quantity: number): Promise<void> {
  await tx
    .update(productVariants)
    .set({ stockQuantity: sql`${productVariants.stockQuantity} + ${quantity}` })
    .where(eq(productVariants.id, variantId));
}

export type LowStockVariant = { variantId: string; productId: string; title: string; variantTitle: string; sku: string; stock: number };

/** Variants of active products with fewer than `threshold` in stock, the emptiest first. */
export async function lowStockVariants(db: DbOrTx, threshold: number, limit: number): Promise<{ total: number; variants: LowStockVariant[] }> {
  const where = and(eq(products.status, "active"), sql`${productVariants.stockQuantity} < ${threshold}`);
  const [rows, [counted]] = await Promise.all([
    db
      .select({ variantId: productVariants.id, productId: products.id, title: products.title, variantTitle: productVariants.title, sku: productVariants.sku, stock: productVariants.stockQuantity })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(where)
      .orderBy(productVariants.stockQuantity, products.title, productVariants.sku)
      .limit(limit),
    db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(productVariants).innerJoin(products, eq(products.id, productVariants.productId)).where(where),
  ]);
  return { total: counted?.n ?? 0, variants: rows };
}

/** Every product's collections (a product may be in several), for reports that sum sales per collection. */
/** The collections each of `productIds` is in (a discount aimed at collections asks). */
export async function collectionIdsOfProducts(db: DbOrTx, productIds: readonly string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (productIds.length === 0) return out;
  const rows = await db
    .select({ productId: productCollections.productId, collectionId: productCollections.collectionId })
    .from(productCollections)
    .where(inArray(productCollections.productId, [...productIds]));
  for (const r of rows) out.set(r.productId, [...(out.get(r.productId) ?? []), r.collectionId]);
  return out;
}

export async function collectionsOfProducts(db: DbOrTx): Promise<{ productId: string; collectionId: string; name: string }[]> {
  return db
    .select({ productId: productCollections.productId, collectionId: collections.id, name: collections.name })
    .from(productCollections)
    .innerJoin(collections, eq(collections.id, productCollections.collectionId))
    .orderBy(collections.sortOrder, collections.name);
}
