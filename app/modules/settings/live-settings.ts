// The settings a storefront page shows, named once: the home loader may read only these (its
// reader is typed by this list), and open home pages reload their data when one of them changes.
export const HOME_PAGE_SETTINGS = ["homepage_products", "hero_carousel_images", "collection_sections", "store_contact", "warranty", "shipping"] as const;

export type HomePageSetting = (typeof HOME_PAGE_SETTINGS)[number];

export function isHomePageSetting(key: string): key is HomePageSetting {
  return (HOME_PAGE_SETTINGS as readonly string[]).includes(key);
}
