import type { ProductInput } from "./product-form";

// The editor is a plain HTML form; this turns its fields into the shape productInput parses.
// The browser runs it before submitting (to show the same field errors at once) and the action
// runs it again on what arrived. Field names follow the schema's paths ("variants.2.price"), so a
// Zod issue's path names the input it belongs to.

function indexed(form: FormData, prefix: string): number[] {
  const found = new Set<number>();
  for (const key of form.keys()) {
    const m = key.match(new RegExp(`^${prefix}\\.(\\d+)\\.`));
    if (m) found.add(Number(m[1]));
  }
  return [...found].sort((a, b) => a - b);
}

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === "string" ? v : "";
};

/** "a, b ,, c" -> ["a", "b", "c"] */
export function splitList(value: string): string[] {
  return value
    .split(",")
    .map((v) => v.trim())
    .filter(Boolean);
}

function parseOptionValues(raw: string): Record<string, string> {
  try {
    const value: unknown = JSON.parse(raw);
    if (value && typeof value === "object" && !Array.isArray(value)) {
      return Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === "string"));
    }
  } catch {
    // Falls through: an unreadable combination is an empty one, which the schema's rules refuse.
  }
  return {};
}

export function productFormValues(form: FormData): ProductInput {
  const tags = [...form.getAll("tags").filter((t): t is string => typeof t === "string"), ...splitList(text(form, "otherTags"))];
  return {
    title: text(form, "title"),
    slug: text(form, "slug"),
    description: text(form, "description"),
    status: text(form, "status") as ProductInput["status"],
    tags: [...new Set(tags.map((t) => t.trim().toLowerCase()).filter(Boolean))],
    isBestSeller: form.get("isBestSeller") === "on",
    sortOrder: text(form, "sortOrder") || 0,
    seoTitle: text(form, "seoTitle"),
    seoDescription: text(form, "seoDescription"),
    hsnCode: text(form, "hsnCode"),
    gstRatePercent: text(form, "gstRatePercent"),
    skuBase: text(form, "skuBase"),
    options: indexed(form, "options").map((i) => ({ name: text(form, `options.${i}.name`), values: splitList(text(form, `options.${i}.values`)) })),
    variants: indexed(form, "variants").map((i) => ({
      sku: text(form, `variants.${i}.sku`),
      optionValues: parseOptionValues(text(form, `variants.${i}.optionValues`)),
      price: text(form, `variants.${i}.price`),
      compareAtPrice: text(form, `variants.${i}.compareAtPrice`),
      stockQuantity: text(form, `variants.${i}.stockQuantity`),
      weightGrams: text(form, `variants.${i}.weightGrams`),
      barcode: text(form, `variants.${i}.barcode`),
    })),
    collectionIds: form.getAll("collectionIds").filter((c): c is string => typeof c === "string"),
  };
}

/** A slug from a title: lower case, accents dropped, anything else between words a single dash. */
export function slugify(title: string): string {
  return title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 120)
    .replace(/-+$/, "");
}
