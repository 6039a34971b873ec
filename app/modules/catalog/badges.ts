// Flash-sale beats new-arrival; top-sale adds a banner.

/** The tags the storefront gives a meaning; the product editor offers them. */
export const MEANINGFUL_TAGS = [
  { tag: "flash-sale", label: "Flash sale (FLASH SALE badge)" },
  { tag: "new-arrival", label: "New arrival (badge)" },
  { tag: "top-sale", label: "Top sale (TOP PRODUCT SALE OFF 50% banner)" },
] as const;

export function badgeFor(tags: readonly string[]): string | null {
  if (tags.includes("flash-sale")) return "FLASH SALE";
  if (tags.includes("new-arrival")) return "New arrival";
  return null;
}

export const TOP_SALE_BANNER = "TOP PRODUCT SALE OFF 50%";

export function hasTopSaleBanner(tags: readonly string[]): boolean {
  return tags.includes("top-sale");
}
