// Client-safe shapes of the catalog's storefront views (the server builds them in *.server.ts).

/** A product card (prices already formatted; pricePaise for the cart), rendered by the storefront's two card components. */
export type ProductCardView = {
  id: string;
  slug: string;
  name: string;
  price: string;
  oldPrice: string | null;
  pricePaise: number;
  image: string;
  /** 1x/2x candidates for `image`; undefined for placeholders and external URLs. */
  imageSrcSet: string | undefined;
  /** The 160x160 WebP thumbnail (with its version) of the cart line this card adds. */
  cartImage: string;
  variantId: string | null;
  variantTitle: string;
  sku: string | null;
  badge: string | null;
  topSale: boolean;
};

/**
 * A home-page card (Best Seller, Premium Tumblers): it shows its 512 px image at one size, so it
 * carries no `imageSrcSet`; sixteen of them on a first view would be 4 KB of page data for nothing.
 */
export type HomeCardView = Omit<ProductCardView, "imageSrcSet">;

export type CollectionCardView = { id: string; name: string; slug: string; image: string | null };
