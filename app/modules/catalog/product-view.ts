// Pure rules of the product page, shared by the server (JSON-LD) and the browser (variant choice).
import { MAX_LINE_QUANTITY } from "~/lib/cart/cart";
import { swatchFor } from "./swatches";

export type ProductOptionView = { name: string; values: string[] };

export type VariantView = {
  id: string;
  sku: string;
  title: string;
  optionValues: Record<string, string>;
  pricePaise: number;
  compareAtPricePaise: number | null;
  stock: number;
};

export type ImageView = {
  id: string;
  /** Variants this picture shows; empty for pictures of the whole product. */
  variantIds: string[];
  alt: string;
  src: string;
  srcSet: string | undefined;
  thumb: string;
  thumbSrcSet: string | undefined;
  /** 160x160 WebP for the cart line. */
  cartImage: string;
};

export const ENGRAVING_MAX_LENGTH = 20;
export const LOW_STOCK_THRESHOLD = 5;

/** The variant whose option values are exactly the chosen ones, if any. */
export function findVariant(variants: VariantView[], selection: Record<string, string>): VariantView | undefined {
  return variants.find((v) => Object.entries(selection).every(([name, value]) => v.optionValues[name] === value));
}

/** Gallery for a chosen variant: its own pictures first, then the rest in stored order. */
export function galleryFor(images: ImageView[], variantId: string | undefined): ImageView[] {
  if (!variantId) return images;
  const own = images.filter((i) => i.variantIds.includes(variantId));
  return own.length ? [...own, ...images.filter((i) => !own.includes(i))] : images;
}

export type StockState = { kind: "in-stock" | "low" | "out"; label: string };

export function stockState(stock: number): StockState {
  if (stock <= 0) return { kind: "out", label: "Out of stock" };
  if (stock <= LOW_STOCK_THRESHOLD) return { kind: "low", label: `Only ${stock} left` };
  return { kind: "in-stock", label: "In stock" };
}

/** Engraving as stored on the cart line: trimmed, at most 20 characters, absent when blank. */
export function normaliseEngraving(text: string): string | undefined {
  const trimmed = text.trim().slice(0, ENGRAVING_MAX_LENGTH);
  return trimmed || undefined;
}

/** The most the quantity stepper offers: what is in stock, and no more than one order line may hold. */
export function quantityCap(stock: number): number {
  return Math.max(1, Math.min(MAX_LINE_QUANTITY, stock));
}

export function clampQuantity(value: number, stock: number): number {
  const max = quantityCap(stock);
  if (!Number.isFinite(value)) return 1;
  return Math.min(max, Math.max(1, Math.floor(value)));
}

/** Colour values get a swatch; anything else is a text chip. */
export function optionDisplay(value: string): { kind: "swatch"; colour: string } | { kind: "chip" } {
  const colour = swatchFor(value);
  return colour ? { kind: "swatch", colour } : { kind: "chip" };
}

/** Whether a value of one option can still be combined with the other chosen values. */
export function isValueAvailable(variants: VariantView[], selection: Record<string, string>, option: string, value: string): boolean {
  return variants.some((v) =>
    Object.entries({ ...selection, [option]: value }).every(([name, chosen]) => v.optionValues[name] === chosen),
  );
}

export type ProductJsonLdInput = {
  title: string;
  description: string;
  url: string;
  images: string[];
  variants: VariantView[];
  breadcrumb: { name: string; url: string }[];
};

const rupees = (paise: number) => (paise / 100).toFixed(2);

/** schema.org Product with one Offer per variant (INR, price in rupees) and the BreadcrumbList. */
export function productJsonLd(input: ProductJsonLdInput): Record<string, unknown>[] {
  return [
    {
      "@context": "https://schema.org",
      "@type": "Product",
      name: input.title,
      description: input.description,
      image: input.images,
      sku: input.variants[0]?.sku,
      brand: { "@type": "Brand", name: "GLACIAL" },
      offers: input.variants.map((v) => ({
        "@type": "Offer",
        sku: v.sku,
        name: v.title,
        priceCurrency: "INR",
        price: rupees(v.pricePaise),
        availability: v.stock > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
        url: input.url,
        itemCondition: "https://schema.org/NewCondition",
      })),
    },
    {
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: input.breadcrumb.map((b, i) => ({ "@type": "ListItem", position: i + 1, name: b.name, item: b.url })),
    },
  ];
}

/** The defaults, used until the settings arrive: free shipping over ₹4999, 2 years' warranty. */
export const FREE_SHIPPING_THRESHOLD_PAISE = 499_900;
export const DEFAULT_WARRANTY = "2 years";

/** The variant shown first: the first one in stock, else the first one. */
export function defaultVariant(variants: VariantView[]): VariantView | undefined {
  return variants.find((v) => v.stock > 0) ?? variants[0];
}
