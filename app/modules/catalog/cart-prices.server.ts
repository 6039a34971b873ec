import { eq, inArray } from "drizzle-orm";
import type { Db } from "~/db/types";
import { isUuid } from "~/lib/ids";
import { productVariants, products } from "./schema";

/** What the catalog says today about a variant in a shopper's cart. */
export type CartVariantStatus = {
  variantId: string;
  productId: string;
  slug: string;
  title: string;
  /** Integer paise. */
  pricePaise: number;
  /** False when the product is draft or archived. */
  available: boolean;
};

export const MAX_CART_LINES = 100;

/**
 * Current price and availability for the given variant ids (unknown or malformed ids are
 * simply absent from the answer, which the cart treats as "no longer available").
 */
export async function currentCartPrices(db: Db, variantIds: readonly unknown[]): Promise<CartVariantStatus[]> {
  const ids = [...new Set(variantIds.filter(isUuid))].slice(0, MAX_CART_LINES);
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      variantId: productVariants.id,
      productId: products.id,
      slug: products.slug,
      title: products.title,
      pricePaise: productVariants.pricePaise,
      status: products.status,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(inArray(productVariants.id, ids));
  return rows.map(({ status, ...r }) => ({ ...r, available: status === "active" && r.pricePaise > 0 }));
}
