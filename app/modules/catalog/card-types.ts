// Client-safe shapes of the catalog's storefront views (the server builds them in *.server.ts).

/** The card view of spec section 3 (prices already formatted; pricePaise for the cart). */
export type ProductCardView = {
  id: string;
  slug: string;
  name: string;
  price: string;
  oldPrice: string | null;
  pricePaise: number;
  image: string;
  variantId: string | null;
  variantTitle: string;
  sku: string | null;
  badge: string | null;
  topSale: boolean;
};

export type CollectionCardView = { id: string; name: string; slug: string; image: string | null };
