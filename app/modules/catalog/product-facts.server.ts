import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "~/db/types";
import { collections, productCollections, productVariants, products } from "./schema";

// Read face for the support bot: every active product with its variants' prices and stock.

export type ProductFacts = {
  slug: string;
  title: string;
  description: string;
  options: { name: string; values: string[] }[];
  /** The product's own HSN code, or null when it takes the shop's default (the tax settings'). */
  hsnCode: string | null;
  variants: { title: string; pricePaise: number; compareAtPricePaise: number | null; stockQuantity: number }[];
};

export async function listActiveProductFacts(db: Db): Promise<ProductFacts[]> {
  const rows = await db
    .select({ id: products.id, slug: products.slug, title: products.title, description: products.description, options: products.options, hsnCode: products.hsnCode })
    .from(products)
    .where(eq(products.status, "active"))
    .orderBy(asc(products.sortOrder));
  if (rows.length === 0) return [];
  const variants = await db
    .select({
      productId: productVariants.productId,
      title: productVariants.title,
      pricePaise: productVariants.pricePaise,
      compareAtPricePaise: productVariants.compareAtPricePaise,
      stockQuantity: productVariants.stockQuantity,
    })
    .from(productVariants)
    .where(
      inArray(
        productVariants.productId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(productVariants.sortOrder));
  return rows.map((p) => ({
    slug: p.slug,
    title: p.title,
    description: p.description,
    options: p.options,
    hsnCode: p.hsnCode,
    variants: variants.filter((v) => v.productId === p.id).map(({ productId: _p, ...v }) => v),
  }));
}

/** Active collections with their descriptions and active products, in order (the bot answers "do you have gifts for Diwali" with one). */
export async function listActiveCollectionFacts(db: Db): Promise<{ slug: string; name: string; description: string; productTitles: string[] }[]> {
  const rows = await db
    .select({ id: collections.id, slug: collections.slug, name: collections.name, description: collections.description })
    .from(collections)
    .where(eq(collections.isActive, true))
    .orderBy(asc(collections.sortOrder));
  if (rows.length === 0) return [];
  const members = await db
    .select({ collectionId: productCollections.collectionId, title: products.title })
    .from(productCollections)
    .innerJoin(products, eq(products.id, productCollections.productId))
    .where(and(eq(products.status, "active"), inArray(productCollections.collectionId, rows.map((r) => r.id))))
    .orderBy(asc(productCollections.sortOrder), asc(products.sortOrder));
  return rows.map(({ id, ...c }) => ({ ...c, productTitles: members.filter((m) => m.collectionId === id).map((m) => m.title) }));
}
