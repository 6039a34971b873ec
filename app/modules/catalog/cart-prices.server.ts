import type { Db } from "~/db/types";
import { isUuid } from "~/lib/ids";
import { sellableVariants } from "./stock.server";

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
  /** The GST rate the price includes: the product's own, else the shop's default. */
  gstRatePercent: number;
};

export const MAX_CART_LINES = 100;

/**
 * Current price, availability and GST rate for the given variant ids (unknown or malformed ids are
 * simply absent from the answer, which the cart treats as "no longer available"). The shop's
 * default rate is passed in: it is a setting, which the catalogue does not read.
 */
export async function currentCartPrices(db: Db, variantIds: readonly unknown[], defaultGstPercent: number): Promise<CartVariantStatus[]> {
  const ids = [...new Set(variantIds.filter(isUuid))].slice(0, MAX_CART_LINES);
  const variants = await sellableVariants(db, ids);
  return variants.map(({ variantId, productId, slug, title, pricePaise, available, gstRatePercent }) => ({
    variantId,
    productId,
    slug,
    title,
    pricePaise,
    available,
    gstRatePercent: gstRatePercent ?? defaultGstPercent,
  }));
}
