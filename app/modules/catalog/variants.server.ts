import { and, asc, eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/types";
import { productVariants } from "./schema";

export async function variantBelongsToProduct(db: DbOrTx, productId: string, variantId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(and(eq(productVariants.id, variantId), eq(productVariants.productId, productId)));
  return Boolean(row);
}

export type ProductVariantRow = Awaited<ReturnType<typeof listProductVariants>>[number];

/** What every read of a variant names (editor, product page, feed): which one it is and its prices in paise. */
export const variantColumns = {
  id: productVariants.id,
  sku: productVariants.sku,
  title: productVariants.title,
  optionValues: productVariants.optionValues,
  pricePaise: productVariants.pricePaise,
  compareAtPricePaise: productVariants.compareAtPricePaise,
};

/** A product's variants in the editor's order: SKU, option values, prices in paise, stock. */
export async function listProductVariants(db: DbOrTx, productId: string) {
  return db
    .select({
      ...variantColumns,
      stockQuantity: productVariants.stockQuantity,
      weightGrams: productVariants.weightGrams,
    })
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(asc(productVariants.sortOrder), asc(productVariants.sku));
}
