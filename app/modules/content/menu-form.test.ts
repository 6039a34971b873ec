import { describe, expect, it } from "vitest";
import { menuForm } from "./menu-form";

const mega = {
  id: "bottles",
  order: 1,
  type: "megamenu",
  label: "Water Bottles",
  url: "/bottles",
  sections: [{ title: "Shop by use", links: [{ label: "Kids", url: "/collections/kids", order: 1 }] }],
};

describe("header menu form", () => {
  it("accepts simple links and mega-menus with sections and ordered links", () => {
    const parsed = menuForm.safeParse({ version: "3", items: [mega, { id: "t", order: 2, type: "simple", label: "Tumblers", url: "https://example.in/t" }] });
    expect(parsed.success).toBe(true);
    expect(parsed.data?.version).toBe(3);
  });

  it("names the field of each problem", () => {
    const parsed = menuForm.safeParse({
      version: 1,
      items: [
        { ...mega, sections: [{ title: " ", links: [] }] },
        { id: "x", order: 2, type: "simple", label: "", url: "javascript:alert(1)" },
      ],
    });
    expect(parsed.success).toBe(false);
    const paths = Object.fromEntries(parsed.error!.issues.map((i) => [i.path.join("."), i.message]));
    expect(paths["items.0.sections.0.title"]).toBe("Enter the section's title.");
    expect(paths["items.0.sections.0.links"]).toBe("Add at least one link to this section.");
    expect(paths["items.1.label"]).toBe("Enter the label.");
    expect(paths["items.1.url"]).toBe("Use a path on this shop (/bottles) or a full http(s) address.");
  });

  it("refuses protocol-relative addresses and a mega-menu without sections", () => {
    const parsed = menuForm.safeParse({ version: 1, items: [{ id: "y", order: 1, type: "simple", label: "Away", url: "//evil.example" }, { ...mega, sections: [] }] });
    const paths = parsed.error!.issues.map((i) => i.path.join("."));
    expect(paths).toEqual(expect.arrayContaining(["items.0.url", "items.1.sections"]));
  });
});
