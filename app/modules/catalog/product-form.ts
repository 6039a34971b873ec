import { z } from "zod";
import { slugField } from "./slug-field";
import { GST_RATE_MESSAGE, isGstRate } from "~/lib/india";
import { isValidGtin } from "./gtin";

// One schema for the product editor, shared by the browser form and the server action.
const rupees = z
  .union([z.string(), z.number()])
  .transform((v) => {
    if (typeof v === "number") return v;
    const cleaned = v.replace(/[₹,\s]/g, "");
    return cleaned === "" ? Number.NaN : Number(cleaned);
  })
  .pipe(z.number({ message: "Enter a price in rupees" }).finite("Enter a price in rupees").min(0, "Price cannot be negative").max(10_000_000, "Price is too large"));

export const variantInput = z
  .object({
    id: z.string().uuid().optional(),
    /** Empty: generated from the product's SKU base plus three letters of each option value (baseSku), made unique with -1, -2... */
    sku: z
      .string()
      .trim()
      .toUpperCase()
      .max(64)
      .regex(/^[A-Z0-9][A-Z0-9._-]*$/, "SKU may hold letters, digits, dot, dash and underscore")
      .optional()
      .or(z.literal("")),
    optionValues: z.record(z.string(), z.string()),
    price: rupees,
    compareAtPrice: z.union([z.literal(""), z.null(), rupees]).optional(),
    stockQuantity: z.coerce.number().int("Stock must be a whole number").min(0, "Stock cannot be negative"),
    weightGrams: z.union([z.literal(""), z.null(), z.coerce.number().int().min(0)]).optional(),
    barcode: z
      .string()
      .trim()
      .optional()
      .refine((v) => !v || isValidGtin(v), "Barcode must be a valid GTIN (8, 12, 13 or 14 digits with a correct check digit)"),
  })
  .superRefine((v, ctx) => {
    const compare = typeof v.compareAtPrice === "number" ? v.compareAtPrice : null;
    if (compare !== null && compare <= v.price) ctx.addIssue({ code: "custom", path: ["compareAtPrice"], message: "Compare-at price must be higher than the price" });
  });

export const productInput = z.object({
  title: z.string().trim().min(1, "Title is required").max(200),
  slug: slugField,
  description: z.string().max(20_000).default(""),
  vendor: z.string().trim().max(80).default("GLACIAL"),
  status: z.enum(["draft", "active", "archived"]),
  tags: z.array(z.string().trim().toLowerCase().min(1).max(40)).max(30).default([]),
  isBestSeller: z.boolean().default(false),
  sortOrder: z.coerce.number().int().min(0).max(1_000_000).default(0),
  seoTitle: z.string().trim().max(70).optional(),
  seoDescription: z.string().trim().max(160).optional(),
  hsnCode: z
    .string()
    .trim()
    .regex(/^(\d{4}|\d{6}|\d{8})$/, "HSN code has 4, 6 or 8 digits")
    .optional()
    .or(z.literal("")),
  /** Empty (or absent): the shop's default rate from settings applies, now and after it changes. */
  gstRatePercent: z
    .union([z.string(), z.number(), z.null()])
    .optional()
    .transform((v) => (v === undefined || v === null || String(v).trim() === "" ? null : Number(String(v).trim())))
    .refine((v) => v === null || isGstRate(v), GST_RATE_MESSAGE),
  skuBase: z.string().trim().min(1, "SKU base is required").max(20).regex(/^[A-Za-z0-9-]+$/, "Letters, digits and dashes only"),
  options: z.array(z.object({ name: z.string().trim().min(1).max(40), values: z.array(z.string().trim().min(1).max(40)).min(1) })).max(3),
  variants: z.array(variantInput).max(100),
  collectionIds: z.array(z.string().uuid()).default([]),
});
export type ProductInput = z.input<typeof productInput>;
export type ParsedProductInput = z.output<typeof productInput>;
