import { describe, expect, it } from "vitest";
import { isSafeLinkTarget } from "./link-target";

describe("isSafeLinkTarget", () => {
  it("takes a path on this shop or an http(s) address", () => {
    for (const ok of ["/bottles", "/collections/kids?sort=newest", "https://example.in/t", "http://shop.example.in"]) expect(isSafeLinkTarget(ok)).toBe(true);
  });
  it("refuses script and data URLs, protocol-relative addresses and bare words", () => {
    for (const bad of ["javascript:alert(1)", "data:text/html,x", "//evil.example", "https://", "bottles", "/a b"]) expect(isSafeLinkTarget(bad)).toBe(false);
  });
});
