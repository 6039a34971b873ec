/** The card view of spec section 3 (client-safe: components render it). */
export type ProductCard = {
  id: string;
  slug: string;
  name: string;
  price: string;
  oldPrice: string | null;
  pricePaise: number;
  image: string;
  /** 1x/2x candidates for `image`; undefined for placeholders and external URLs. */
  imageSrcSet: string | undefined;
  /** 160x160 WebP (spec section 9) for the cart line this card adds. */
  cartImage: string;
  variantId: string | null;
  variantTitle: string;
  sku: string | null;
  badge: string | null;
  topSale: boolean;
};
