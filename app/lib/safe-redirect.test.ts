import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./safe-redirect";

describe("safeRedirectPath", () => {
  it("keeps same-site paths", () => {
    expect(safeRedirectPath("/product/x?a=1")).toBe("/product/x?a=1");
  });
  it("refuses other hosts and odd values", () => {
    for (const v of ["https://evil.test", "//evil.test", "/\\evil.test", "\\\\evil", "javascript:alert(1)", "", null, 3]) expect(safeRedirectPath(v)).toBe("/");
  });
});
