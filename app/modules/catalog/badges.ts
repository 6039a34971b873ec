// Spec section 4: flash-sale beats new-arrival; top-sale adds a banner.
export function badgeFor(tags: readonly string[]): string | null {
  if (tags.includes("flash-sale")) return "FLASH SALE";
  if (tags.includes("new-arrival")) return "New arrival";
  return null;
}

export const TOP_SALE_BANNER = "TOP PRODUCT SALE OFF 50%";

export function hasTopSaleBanner(tags: readonly string[]): boolean {
  return tags.includes("top-sale");
}
