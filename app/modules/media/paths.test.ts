import { describe, expect, it } from "vitest";
import { PLACEHOLDER_IMAGE, imageVersion, mediaUrl, objectName, srcSet, widthSrcSet } from "./paths";

describe("mediaUrl", () => {
  it("uses a placeholder for an empty path and full URLs as they are", () => {
    expect(mediaUrl("")).toBe(PLACEHOLDER_IMAGE);
    expect(mediaUrl(null)).toBe(PLACEHOLDER_IMAGE);
    expect(mediaUrl("https://cdn.example.com/a.png", { width: 10 })).toBe("https://cdn.example.com/a.png");
  });
  it("resolves storage paths through the image endpoint with transform options and a version", () => {
    const v = imageVersion("products/1-a.webp");
    expect(v).toMatch(/^[0-9a-f]{10}$/);
    expect(mediaUrl("products/1-a.webp", { width: 512, height: 512, quality: 85, format: "webp" })).toBe(
      `/images/products/1-a.webp?w=512&h=512&q=85&fm=webp&v=${v}`,
    );
    expect(mediaUrl("/products/1-a.webp")).toBe(`/images/products/1-a.webp?v=${v}`);
  });
  it("gives every object name its own version", () => {
    expect(imageVersion("products/1-a.webp")).not.toBe(imageVersion("products/2-a.webp"));
    expect(imageVersion("products/1-a.webp")).toBe(imageVersion("products/1-a.webp"));
  });
});

describe("srcSet", () => {
  it("lists 1x and 2x candidates with scaled sizes", () => {
    const set = srcSet("p/1-a.webp", { width: 160, height: 160, quality: 85, format: "webp" })!;
    const [one, two] = set.split(", ");
    expect(one).toMatch(/^\/images\/p\/1-a\.webp\?w=160&h=160&q=85&fm=webp&v=\w+ 1x$/);
    expect(two).toMatch(/^\/images\/p\/1-a\.webp\?w=320&h=320&q=85&fm=webp&v=\w+ 2x$/);
  });
  it("never asks for more than the endpoint's maximum and drops duplicates", () => {
    const set = srcSet("p/1-a.webp", { width: 1600, height: 1200 }, [1, 2, 3])!;
    expect(set).toContain("w=2000&h=1500");
    expect(set.split(", ")).toHaveLength(2);
  });
  it("is undefined for placeholders and full URLs", () => {
    expect(srcSet(null, { width: 100 })).toBeUndefined();
    expect(srcSet("https://x.test/a.png", { width: 100 })).toBeUndefined();
  });
});

describe("objectName", () => {
  it("is {folder}/{timestamp}-{name with other characters replaced by _}", () => {
    expect(objectName("products", "My Bottle (1).JPG", 1700000000000)).toBe("products/1700000000000-My_Bottle__1_.JPG");
  });
});

describe("widthSrcSet", () => {
  it("lists width candidates, smallest first, each with the options' proportions", () => {
    const set = widthSrcSet("p/1-a.webp", { width: 800, height: 600, quality: 90, format: "webp" }, [800, 320, 1600])!;
    const candidates = set.split(", ");
    expect(candidates).toHaveLength(3);
    expect(candidates[0]).toMatch(/^\/images\/p\/1-a\.webp\?w=320&h=240&q=90&fm=webp&v=\w+ 320w$/);
    expect(candidates[1]).toMatch(/\?w=800&h=600&q=90&fm=webp&v=\w+ 800w$/);
    expect(candidates[2]).toMatch(/\?w=1600&h=1200&q=90&fm=webp&v=\w+ 1600w$/);
  });
  it("leaves out a width whose file the image endpoint would not render as asked (off its ladder)", () => {
    // 1200 wide at 4:3 is 900 high, which the endpoint serves as 960: not a 4:3 file.
    const set = widthSrcSet("p/1-a.webp", { width: 800, height: 600 }, [1200, 1280])!;
    expect(set.split(", ")).toHaveLength(1);
    expect(set).toContain("w=1280&h=960");
    expect(widthSrcSet("p/1-a.webp", { width: 512, height: 512 }, [500])).toBeUndefined();
  });
  it("is undefined for placeholders and full URLs", () => {
    expect(widthSrcSet(null, { width: 100 }, [100])).toBeUndefined();
    expect(widthSrcSet("https://x.test/a.png", { width: 100 }, [100])).toBeUndefined();
  });
});
