// What the product editor starts from: every value as the form shows it (prices in rupees, as text).

export type EditorVariant = {
  id: string | null;
  sku: string;
  optionValues: Record<string, string>;
  price: string;
  compareAtPrice: string;
  stockQuantity: string;
  weightGrams: string;
  barcode: string;
};

export type EditorValues = {
  version: number | null;
  title: string;
  slug: string;
  description: string;
  status: "draft" | "active" | "archived";
  tags: string[];
  isBestSeller: boolean;
  sortOrder: string;
  seoTitle: string;
  seoDescription: string;
  hsnCode: string;
  /** "" for the shop's default rate. */
  gstRatePercent: string;
  skuBase: string;
  options: { name: string; values: string[] }[];
  variants: EditorVariant[];
  collectionIds: string[];
};

export const EMPTY_PRODUCT: EditorValues = {
  version: null,
  title: "",
  slug: "",
  description: "",
  status: "draft",
  tags: [],
  isBestSeller: false,
  sortOrder: "0",
  seoTitle: "",
  seoDescription: "",
  hsnCode: "",
  gstRatePercent: "",
  skuBase: "",
  options: [],
  variants: [],
  collectionIds: [],
};

export function paiseToRupeesText(paise: number | null | undefined): string {
  if (paise === null || paise === undefined) return "";
  return String(paise / 100);
}

/**
 * The SKU base a product was generated from, read back from a variant: the SKU minus one
 * segment per option value (and minus a -1, -2 clash suffix). The editor only uses it for new combinations.
 */
export function skuBaseOf(sku: string | undefined, optionCount: number): string {
  if (!sku) return "";
  const parts = sku.replace(/-\d+$/, (m) => (optionCount > 0 ? "" : m)).split("-");
  return parts.slice(0, Math.max(1, parts.length - optionCount)).join("-");
}
