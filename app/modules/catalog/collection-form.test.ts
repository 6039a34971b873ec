import { describe, expect, it } from "vitest";
import { fieldErrors } from "~/lib/form-errors";
import { collectionFormValues, collectionInput } from "./collection-form";

const A = "3f0b8a57-5d2a-4f63-9a53-9a1f0e3f4b21";
const B = "0c6a3f39-6a4e-4a55-8a8e-2a0a3f3b9d10";

function form(entries: [string, string][]) {
  const f = new FormData();
  for (const [k, v] of entries) f.append(k, v);
  return f;
}

describe("the collection form", () => {
  it("reads the fields and the products in their order; an unticked box is inactive, no image is null", () => {
    const values = collectionFormValues(form([["name", " Monsoon "], ["slug", "Monsoon-Picks"], ["heroImageId", ""], ["productsListed", "1"], ["productIds", B], ["productIds", A]]));
    expect(collectionInput.parse(values)).toEqual({ name: "Monsoon", slug: "monsoon-picks", description: "", isActive: false, heroImageId: null, productIds: [B, A] });
  });

  it("leaves the products alone when the form does not list them, and empties them when it lists none", () => {
    expect(collectionInput.parse(collectionFormValues(form([["name", "X"], ["slug", "x"], ["isActive", "on"]]))).productIds).toBeUndefined();
    expect(collectionInput.parse(collectionFormValues(form([["name", "X"], ["slug", "x"], ["productsListed", "1"]]))).productIds).toEqual([]);
  });

  it("answers field-level messages for bad input", () => {
    const parsed = collectionInput.safeParse(collectionFormValues(form([["name", "  "], ["slug", "Not a slug!"], ["heroImageId", "../x"], ["productsListed", "1"], ["productIds", A], ["productIds", A]])));
    expect(parsed.success).toBe(false);
    expect(fieldErrors(parsed.error!)).toEqual({
      name: "Name is required",
      slug: "Use lowercase letters, digits and dashes",
      heroImageId: "Choose an image from the library",
      productIds: "A product is listed twice",
    });
  });
});
