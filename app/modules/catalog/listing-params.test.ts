import { describe, expect, it } from "vitest";
import { MAX_PAGE, clampPage, pageCount, pageHref } from "./listing-params";
import { parseListingParams } from "./listing-query.server";

describe("parseListingParams", () => {
  it("reads sort and page", () => {
    expect(parseListingParams(new URLSearchParams("sort=price-desc&page=3"))).toEqual({ sort: "price-desc", page: 3 });
  });
  it("falls back to featured and page 1 for anything malformed", () => {
    for (const q of ["", "sort=cheapest&page=0", "page=-4", "page=abc", "page=1.5", "sort[]=x&page[]=2", "page=%zz"]) {
      expect(parseListingParams(new URLSearchParams(q))).toEqual({ sort: "featured", page: 1 });
    }
  });
  it("caps absurd pages", () => {
    expect(parseListingParams(new URLSearchParams("page=999999999999")).page).toBe(MAX_PAGE);
    expect(parseListingParams(new URLSearchParams(`page=${MAX_PAGE}`)).page).toBe(MAX_PAGE);
  });
});

describe("paging", () => {
  it("counts pages of 24 and clamps to the last", () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(24)).toBe(1);
    expect(pageCount(25)).toBe(2);
    expect(clampPage(999999, 25)).toBe(2);
    expect(clampPage(0, 25)).toBe(1);
  });
  it("builds page links keeping the other parameters", () => {
    expect(pageHref("/bottles", { sort: "newest" }, 2)).toBe("/bottles?sort=newest&page=2");
    expect(pageHref("/bottles", { sort: "newest", page: "2" }, 1)).toBe("/bottles?sort=newest");
    expect(pageHref("/search", { q: "a b&c" }, 3)).toBe("/search?q=a+b%26c&page=3");
  });
});
