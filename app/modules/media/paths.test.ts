import { describe, expect, it } from "vitest";
import { PLACEHOLDER_IMAGE, mediaUrl, objectName } from "./paths";

describe("mediaUrl", () => {
  it("uses a placeholder for an empty path and full URLs as they are", () => {
    expect(mediaUrl("")).toBe(PLACEHOLDER_IMAGE);
    expect(mediaUrl(null)).toBe(PLACEHOLDER_IMAGE);
    expect(mediaUrl("https://cdn.example.com/a.png", { width: 10 })).toBe("https://cdn.example.com/a.png");
  });
  it("resolves storage paths through the image endpoint with transform options", () => {
    expect(mediaUrl("products/1-a.webp", { width: 512, height: 512, quality: 85, format: "webp" })).toBe(
      "/images/products/1-a.webp?w=512&h=512&q=85&fm=webp",
    );
  });
});

describe("objectName", () => {
  it("is {folder}/{timestamp}-{name with other characters replaced by _}", () => {
    expect(objectName("products", "My Bottle (1).JPG", 1700000000000)).toBe("products/1700000000000-My_Bottle__1_.JPG");
  });
});
