import { and, asc, count, eq, exists, ilike, inArray, or } from "drizzle-orm";
import type { Db } from "~/db/types";
import { collections, productVariants, products } from "./schema";

// The catalog's face for the admin shell: global search and the dashboard's counts.

export type ProductHit = { id: string; title: string; sku: string | null; status: string };

export function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Products whose title or one of whose variant SKUs contains the query (case-insensitive). */
export async function searchProductsForStaff(db: Db, query: string, limit = 8): Promise<ProductHit[]> {
  const q = query.trim();
  if (!q) return [];
  const pattern = likePattern(q);
  const skuMatch = db
    .select({ one: productVariants.id })
    .from(productVariants)
    .where(and(eq(productVariants.productId, products.id), ilike(productVariants.sku, pattern)));
  const rows = await db
    .select({ id: products.id, title: products.title, status: products.status })
    .from(products)
    .where(or(ilike(products.title, pattern), exists(skuMatch)))
    .orderBy(asc(products.title), asc(products.id))
    .limit(limit);
  if (rows.length === 0) return [];
  // Show the SKU that matched when there is one, otherwise the product's first.
  const variants = await db
    .select({ productId: productVariants.productId, sku: productVariants.sku })
    .from(productVariants)
    .where(or(...rows.map((r) => eq(productVariants.productId, r.id))))
    .orderBy(asc(productVariants.sortOrder), asc(productVariants.sku));
  const lower = q.toLowerCase();
  return rows.map((r) => {
    const own = variants.filter((v) => v.productId === r.id);
    const sku = (own.find((v) => v.sku.toLowerCase().includes(lower)) ?? own[0])?.sku ?? null;
    return { id: r.id, title: r.title, sku, status: r.status };
  });
}

export async function catalogCounts(db: Db): Promise<{ products: number; activeProducts: number; collections: number }> {
  const [[all], [active], [cols]] = await Promise.all([
    db.select({ n: count() }).from(products),
    db.select({ n: count() }).from(products).where(eq(products.status, "active")),
    db.select({ n: count() }).from(collections),
  ]);
  return { products: all?.n ?? 0, activeProducts: active?.n ?? 0, collections: cols?.n ?? 0 };
}

export async function productSummary(db: Db, id: string): Promise<{ id: string; title: string; status: string } | null> {
  const [row] = await db.select({ id: products.id, title: products.title, status: products.status }).from(products).where(eq(products.id, id));
  return row ?? null;
}

/** What a discount can be aimed at: every product not archived and every collection, by name (a few hundred at most in this shop). */
export async function discountTargetChoices(db: Db): Promise<{ products: { id: string; title: string }[]; collections: { id: string; name: string }[] }> {
  const productRows = await db
    .select({ id: products.id, title: products.title })
    .from(products)
    .where(or(eq(products.status, "active"), eq(products.status, "draft")))
    .orderBy(asc(products.title))
    .limit(1_000);
  const collectionRows = await db.select({ id: collections.id, name: collections.name }).from(collections).orderBy(asc(collections.name)).limit(1_000);
  return { products: productRows, collections: collectionRows };
}

/** Of the ids a discount names, those that are not (or no longer) a product or a collection. */
export async function unknownDiscountTargets(db: Db, productIds: readonly string[], collectionIds: readonly string[]): Promise<{ products: string[]; collections: string[] }> {
  const foundProducts = productIds.length ? (await db.select({ id: products.id }).from(products).where(inArray(products.id, [...productIds]))).map((r) => r.id) : [];
  const foundCollections = collectionIds.length ? (await db.select({ id: collections.id }).from(collections).where(inArray(collections.id, [...collectionIds]))).map((r) => r.id) : [];
  return { products: productIds.filter((id) => !foundProducts.includes(id)), collections: collectionIds.filter((id) => !foundCollections.includes(id)) };
}
