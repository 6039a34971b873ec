import { describe, expect, it } from "vitest";
import { slugField } from "./slug-field";
import { suggestSlug } from "./slug-suggest";

describe("suggestSlug", () => {
  it("turns a name into a slug the shared slug rule accepts", () => {
    expect(suggestSlug("Monsoon Picks!")).toBe("monsoon-picks");
    expect(suggestSlug("  Café -- Crème  ")).toBe("cafe-creme");
    expect(suggestSlug("x".repeat(200))).toHaveLength(120);
    for (const name of ["Monsoon Picks!", "Café -- Crème", "A / B & C"]) expect(slugField.safeParse(suggestSlug(name)).success).toBe(true);
  });
});
