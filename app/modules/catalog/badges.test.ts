import { describe, expect, it } from "vitest";
import { badgeFor, hasTopSaleBanner } from "./badges";

describe("badges", () => {
  it("flash-sale wins over new-arrival", () => {
    expect(badgeFor(["new-arrival", "flash-sale"])).toBe("FLASH SALE");
    expect(badgeFor(["new-arrival"])).toBe("New arrival");
    expect(badgeFor(["gift"])).toBeNull();
  });
  it("top-sale adds the banner", () => {
    expect(hasTopSaleBanner(["top-sale"])).toBe(true);
    expect(hasTopSaleBanner([])).toBe(false);
  });
});
