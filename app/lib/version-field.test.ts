import { describe, expect, it } from "vitest";
import { formVersion, VERSION_MISSING, versionField } from "./version-field";

describe("versionField", () => {
  it("reads a form's version, 0 included (a record never saved)", () => {
    expect(versionField.parse("7")).toBe(7);
    expect(versionField.parse("0")).toBe(0);
    expect(formVersion("3")).toBe(3);
  });

  it("refuses a missing, blank, negative, fractional or non-numeric version with one message", () => {
    for (const bad of [null, undefined, "", "-1", "1.5", "abc"]) {
      const parsed = versionField.safeParse(bad);
      expect(parsed.success, String(bad)).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(VERSION_MISSING);
    }
    expect(formVersion(null)).toBeNull();
    expect(formVersion("x")).toBeNull();
  });
});
