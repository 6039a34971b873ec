import { z } from "zod";
import { slugField } from "./slug-field";

/** A collection holds at most this many products (the editor lists them all on one screen). */
export const MAX_COLLECTION_PRODUCTS = 500;

// One schema for the collection editor, shared by the browser form and the server action.
export const collectionInput = z.object({
  name: z.string().trim().min(1, "Name is required").max(120, "At most 120 characters"),
  slug: slugField,
  description: z.string().max(5000, "At most 5000 characters").default(""),
  isActive: z.boolean().default(true),
  heroImageId: z.string().uuid("Choose an image from the library").nullable().default(null),
  /** The collection's products in their order; left out, the membership is not touched. */
  productIds: z
    .array(z.string().uuid("Unknown product"))
    .max(MAX_COLLECTION_PRODUCTS, `A collection can hold at most ${MAX_COLLECTION_PRODUCTS} products`)
    .refine((ids) => new Set(ids).size === ids.length, "A product is listed twice")
    .optional(),
});
export type CollectionInput = z.input<typeof collectionInput>;

/**
 * The editor's form fields (FormData, one `productIds` entry per product in order) as the schema's
 * input. The same function reads the form in the browser (before sending) and on the server.
 */
export function collectionFormValues(form: FormData): Record<string, unknown> {
  const hero = String(form.get("heroImageId") ?? "");
  return {
    name: String(form.get("name") ?? ""),
    slug: String(form.get("slug") ?? ""),
    description: String(form.get("description") ?? ""),
    isActive: form.get("isActive") === "on",
    heroImageId: hero === "" ? null : hero,
    productIds: form.has("productsListed") ? form.getAll("productIds").map(String) : undefined,
  };
}

/** The order of collections: every id once. */
export const collectionOrderInput = z.object({
  ids: z.array(z.string().uuid("Unknown collection")).min(1, "Nothing to order"),
});
