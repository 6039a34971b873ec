import { describe, expect, it } from "vitest";
import { fieldErrors } from "~/lib/form-errors";
import { popupForm, popupFormDefaults } from "./popup-form";

const valid = { title: " Monsoon sale ", ctaText: "Shop now", showFrequency: "once_per_day", delaySeconds: "3", showOnPages: "home\n/bottles, /cart" };

describe("popup form", () => {
  it("reads every field of the spec from form strings", () => {
    const parsed = popupForm.parse({
      ...valid,
      description: "  ",
      emailCollection: "on",
      consentText: "I agree to receive emails.",
      ctaLink: "/collection/matte",
      imageUrl: "products/1700000000-cold.webp",
      isActive: "on",
    });
    expect(parsed).toEqual({
      title: "Monsoon sale",
      description: null,
      emailCollection: true,
      consentText: "I agree to receive emails.",
      ctaText: "Shop now",
      ctaLink: "/collection/matte",
      imageUrl: "products/1700000000-cold.webp",
      showFrequency: "once_per_day",
      delaySeconds: 3,
      showOnPages: ["home", "/bottles", "/cart"],
      isActive: true,
    });
  });

  it("treats absent checkboxes and optional fields as off and empty", () => {
    const parsed = popupForm.parse(valid);
    expect(parsed).toMatchObject({ emailCollection: false, isActive: false, description: null, consentText: null, ctaLink: null, imageUrl: null });
  });

  it("requires consent text when the popup collects emails", () => {
    const result = popupForm.safeParse({ ...valid, emailCollection: "on", consentText: " " });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!)).toEqual({ consentText: "Consent text is required when the popup collects emails." });
  });

  it("answers field-level messages for bad input", () => {
    const result = popupForm.safeParse({
      title: "",
      ctaText: "x".repeat(61),
      showFrequency: "weekly",
      delaySeconds: "1.5",
      showOnPages: "bottles",
      ctaLink: "javascript:alert(1)",
      imageUrl: "../../etc/passwd.png",
    });
    expect(fieldErrors(result.error!)).toEqual({
      title: "Title is required.",
      ctaText: "Button text can be at most 60 characters.",
      showFrequency: "Choose how often the popup shows.",
      delaySeconds: "Delay must be a whole number of seconds.",
      "showOnPages.0": "Each page must be all, home or a path starting with /.",
      ctaLink: "Button link must start with / (a page of this shop) or https://.",
      imageUrl: "Image must be a stored image name (like products/1700000000-cold.webp) or an https:// address of a JPEG, PNG, WebP or GIF.",
    });
  });

  it("refuses protocol-relative links, negative and huge delays, and no pages", () => {
    const errors = fieldErrors(popupForm.safeParse({ ...valid, ctaLink: "//evil.example", delaySeconds: "601", showOnPages: " \n " }).error!);
    expect(errors.ctaLink).toMatch(/must start with \//);
    expect(errors.delaySeconds).toBe("Delay can be at most 600 seconds.");
    expect(errors.showOnPages).toBe("Name at least one page, or all.");
    expect(fieldErrors(popupForm.safeParse({ ...valid, delaySeconds: "-1" }).error!).delaySeconds).toBe("Delay cannot be negative.");
  });

  it("fills the editor from a stored popup, and round-trips through the schema", () => {
    const defaults = popupFormDefaults({ title: "A", ctaText: "Go", showFrequency: "always", delaySeconds: 4, showOnPages: ["all", "/cart"], description: null });
    expect(defaults).toMatchObject({ title: "A", description: "", delaySeconds: "4", showOnPages: "all\n/cart", showFrequency: "always" });
    const parsed = popupForm.parse({ ...defaults, emailCollection: defaults.emailCollection ? "on" : undefined, isActive: undefined });
    expect(parsed.showOnPages).toEqual(["all", "/cart"]);
  });
});
