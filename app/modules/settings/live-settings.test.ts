import { describe, expect, it } from "vitest";
import { HOME_PAGE_SETTINGS, isHomePageSetting } from "./live-settings";

describe("settings open home pages listen for", () => {
  it("include every setting the home page and its footer show, the store's contact details among them", () => {
    for (const key of ["homepage_products", "hero_carousel_images", "collection_sections", "store_contact", "warranty", "shipping"]) {
      expect(isHomePageSetting(key), key).toBe(true);
    }
    expect(HOME_PAGE_SETTINGS).toHaveLength(6);
    expect(isHomePageSetting("maintenance")).toBe(false);
  });
});
