// The storefront's four category pages. Which products belong to which is a rule
// over data staff already manage (docs/decisions/0002-storefront-catalogue.md):
//   accessories: products in the collection with slug "accessories";
//   tumblers:    otherwise, a title containing "tumbler" (the home page's Premium Tumblers rule);
//   bottles:     otherwise, a title containing "bottle";
//   all-products: every active product.
export const CATEGORY_SLUGS = ["bottles", "tumblers", "accessories", "all-products"] as const;
export type CategorySlug = (typeof CATEGORY_SLUGS)[number];

export const ACCESSORIES_COLLECTION_SLUG = "accessories";

export const CATEGORIES: Record<CategorySlug, { title: string; description: string; path: string }> = {
  bottles: {
    title: "Water Bottles",
    description: "Insulated stainless-steel water bottles that keep drinks cold for 24 hours and hot for 12, from 350ml to 1000ml.",
    path: "/bottles",
  },
  tumblers: {
    title: "Tumblers",
    description: "Insulated tumblers for chai, coffee and cold brew, with leak-proof lids.",
    path: "/tumblers",
  },
  accessories: {
    title: "Accessories",
    description: "Lids, caps, sleeves, straps and cleaning brushes for your GLACIAL bottle.",
    path: "/accessories",
  },
  "all-products": {
    title: "All Products",
    description: "Every GLACIAL bottle, tumbler and accessory.",
    path: "/category/all-products",
  },
};

export function isCategorySlug(value: string): value is CategorySlug {
  return (CATEGORY_SLUGS as readonly string[]).includes(value);
}
