import { describe, expect, it } from "vitest";
import {
  type ImageView,
  type VariantView,
  clampQuantity,
  quantityCap,
  defaultVariant,
  findVariant,
  galleryFor,
  isValueAvailable,
  normaliseEngraving,
  optionDisplay,
  productJsonLd,
  stockState,
} from "./product-view";

const variant = (id: string, optionValues: Record<string, string>, stock = 10, pricePaise = 149_900): VariantView => ({
  id,
  sku: `SKU-${id}`,
  title: Object.values(optionValues).join(" / "),
  optionValues,
  pricePaise,
  compareAtPricePaise: null,
  stock,
});
const image = (id: string, variantIds: string[] = []): ImageView => ({ id, variantIds, alt: id, src: id, srcSet: undefined, thumb: id, thumbSrcSet: undefined, cartImage: id });

const variants = [
  variant("a", { Color: "Black", Size: "500ml" }, 0),
  variant("b", { Color: "Black", Size: "750ml" }, 3, 179_900),
  variant("c", { Color: "Navy", Size: "500ml" }),
];

describe("variant choice", () => {
  it("finds the variant of the chosen values", () => {
    expect(findVariant(variants, { Color: "Black", Size: "750ml" })?.id).toBe("b");
    expect(findVariant(variants, { Color: "Navy", Size: "750ml" })).toBeUndefined();
  });
  it("starts with the first variant in stock", () => {
    expect(defaultVariant(variants)?.id).toBe("b");
    expect(defaultVariant([variants[0]!])?.id).toBe("a");
  });
  it("knows which values combine with the other choices", () => {
    expect(isValueAvailable(variants, { Color: "Navy", Size: "500ml" }, "Size", "750ml")).toBe(false);
    expect(isValueAvailable(variants, { Color: "Black", Size: "500ml" }, "Size", "750ml")).toBe(true);
  });
  it("draws the 14 colour names as swatches and anything else as chips", () => {
    expect(optionDisplay("Navy")).toEqual({ kind: "swatch", colour: expect.stringMatching(/^#/) });
    expect(optionDisplay(" teal ").kind).toBe("swatch");
    expect(optionDisplay("750ml")).toEqual({ kind: "chip" });
    expect(optionDisplay("Rose Gold")).toEqual({ kind: "chip" });
  });
});

describe("gallery", () => {
  const images = [image("primary"), image("navy", ["c"]), image("black", ["a", "b"])];
  it("puts the chosen variant's own pictures first", () => {
    expect(galleryFor(images, "b").map((i) => i.id)).toEqual(["black", "primary", "navy"]);
    expect(galleryFor(images, "c").map((i) => i.id)).toEqual(["navy", "primary", "black"]);
  });
  it("keeps the stored order without a variant or variant pictures", () => {
    expect(galleryFor(images, undefined).map((i) => i.id)).toEqual(["primary", "navy", "black"]);
    expect(galleryFor(images, "zzz").map((i) => i.id)).toEqual(["primary", "navy", "black"]);
  });
});

describe("stock, engraving, quantity", () => {
  it("labels stock", () => {
    expect(stockState(0)).toEqual({ kind: "out", label: "Out of stock" });
    expect(stockState(3)).toEqual({ kind: "low", label: "Only 3 left" });
    expect(stockState(5).kind).toBe("low");
    expect(stockState(6)).toEqual({ kind: "in-stock", label: "In stock" });
  });
  it("trims engraving, caps it at 20 characters and drops a blank one", () => {
    expect(normaliseEngraving("  Asha  ")).toBe("Asha");
    expect(normaliseEngraving("   ")).toBeUndefined();
    expect(normaliseEngraving("x".repeat(25))).toHaveLength(20);
  });
  it("keeps quantity between 1 and the stock (at most 99)", () => {
    expect(clampQuantity(0, 10)).toBe(1);
    expect(clampQuantity(12, 10)).toBe(10);
    expect(clampQuantity(500, 1000)).toBe(50);
    expect(quantityCap(1000)).toBe(50);
    expect(quantityCap(7)).toBe(7);
    expect(quantityCap(0)).toBe(1);
    expect(clampQuantity(Number.NaN, 10)).toBe(1);
  });
});

describe("productJsonLd", () => {
  it("describes a Product with an INR Offer per variant and a BreadcrumbList", () => {
    const [product, breadcrumb] = productJsonLd({
      title: "Glacier",
      description: "Cold",
      url: "https://shop.test/product/glacier",
      images: ["https://shop.test/i.jpg"],
      variants,
      breadcrumb: [
        { name: "Home", url: "https://shop.test/" },
        { name: "Glacier", url: "https://shop.test/product/glacier" },
      ],
    });
    expect(product).toMatchObject({ "@type": "Product", name: "Glacier", brand: { name: "GLACIAL" } });
    expect((product as { offers: unknown[] }).offers[0]).toMatchObject({
      "@type": "Offer",
      priceCurrency: "INR",
      price: "1499.00",
      availability: "https://schema.org/OutOfStock",
    });
    expect((product as { offers: unknown[] }).offers[1]).toMatchObject({ price: "1799.00", availability: "https://schema.org/InStock" });
    expect(breadcrumb).toMatchObject({ "@type": "BreadcrumbList", itemListElement: [{ position: 1, name: "Home" }, { position: 2 }] });
  });
});
