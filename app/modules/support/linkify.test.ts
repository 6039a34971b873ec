import { describe, expect, it } from "vitest";
import { linkifyText, safeHref } from "./linkify";

describe("linkifyText", () => {
  it("keeps plain text as one text segment, HTML included, never as markup", () => {
    expect(linkifyText('<img src=x onerror="alert(1)"> hi')).toEqual([{ type: "text", text: '<img src=x onerror="alert(1)"> hi' }]);
  });

  it("turns http(s) addresses into external links and keeps surrounding punctuation as text", () => {
    expect(linkifyText("See https://glacial.in/faq.")).toEqual([
      { type: "text", text: "See " },
      { type: "link", text: "https://glacial.in/faq", href: "https://glacial.in/faq", external: true },
      { type: "text", text: "." },
    ]);
  });

  it("links the shop's own paths as internal links", () => {
    expect(linkifyText("Chai Tumbler: /product/chai-tumbler")).toEqual([
      { type: "text", text: "Chai Tumbler: " },
      { type: "link", text: "/product/chai-tumbler", href: "/product/chai-tumbler", external: false },
    ]);
    expect(linkifyText("(see /shipping-policy)")).toEqual([
      { type: "text", text: "(see " },
      { type: "link", text: "/shipping-policy", href: "/shipping-policy", external: false },
      { type: "text", text: ")" },
    ]);
  });

  it("never links javascript:, data: or protocol-relative addresses", () => {
    for (const text of ["javascript:alert(1)", "data:text/html,<b>x</b>", "//evil.example/x", "a/b/c"]) {
      expect(linkifyText(text).every((s) => s.type === "text")).toBe(true);
    }
    expect(safeHref("javascript:alert(1)")).toBeNull();
    expect(safeHref("//evil.example")).toBeNull();
    expect(safeHref("/faq")).toBe("/faq");
  });
});
