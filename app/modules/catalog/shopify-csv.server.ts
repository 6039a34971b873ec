import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { asc, desc, eq, inArray } from "drizzle-orm";
import { marked } from "marked";
import TurndownService from "turndown";
import type { Db, DbOrTx } from "~/db/types";
import { recordAudit, type AuditActor } from "~/modules/audit/audit.server";
import type { EventBus } from "~/modules/events/events.server";
import { attachImportedImages, media } from "~/modules/media/media.server";
import { notifyCatalogChanged } from "./catalog-events.server";
import { saveProduct } from "./product-editor.server";
import { RejectedInputError } from "~/lib/save-outcome";
import { productInput, type ProductInput } from "./product-form";
import { productCollections, productVariants, products } from "./schema";

// Shopify's product CSV (help.shopify.com "Using CSV files to import and export products"):
// one row per variant, product fields on the first row of each Handle, extra rows for images.
export const SHOPIFY_COLUMNS = [
  "Handle", "Title", "Body (HTML)", "Vendor", "Tags", "Published",
  "Option1 Name", "Option1 Value", "Option2 Name", "Option2 Value", "Option3 Name", "Option3 Value",
  "Variant SKU", "Variant Grams", "Variant Inventory Qty", "Variant Price", "Variant Compare At Price",
  "Variant Barcode", "Image Src", "Image Position", "Image Alt Text", "Variant Image", "SEO Title", "SEO Description", "Status",
] as const;
type Row = Record<(typeof SHOPIFY_COLUMNS)[number], string>;

const rupees = (paise: number | null) => (paise === null ? "" : (paise / 100).toFixed(2));

export async function exportShopifyCsv(db: Db, publicUrl: string): Promise<string> {
  const all = await db.select().from(products).orderBy(asc(products.sortOrder), asc(products.slug));
  const ids = all.map((p) => p.id);
  const [variants, images] = ids.length
    ? await Promise.all([
        db.select().from(productVariants).where(inArray(productVariants.productId, ids)).orderBy(asc(productVariants.sortOrder)),
        db.select().from(media).where(inArray(media.productId, ids)).orderBy(desc(media.isPrimary), asc(media.sortOrder)),
      ])
    : [[], []];
  const absolute = (fileUrl: string) => (/^https?:\/\//i.test(fileUrl) ? fileUrl : `${publicUrl}/images/${fileUrl}`);
  const rows: Row[] = [];
  for (const p of all) {
    const own = variants.filter((v) => v.productId === p.id);
    const productImages = images.filter((m) => m.productId === p.id && m.variantId === null);
    const names = p.options.map((o) => o.name);
    own.forEach((v, i) => {
      const first = i === 0;
      const variantImage = images.find((m) => m.variantId === v.id);
      const image = productImages[i];
      rows.push({
        Handle: p.slug,
        Title: first ? p.title : "",
        "Body (HTML)": first ? String(marked.parse(p.description, { async: false })).trim() : "",
        Vendor: first ? p.vendor : "",
        Tags: first ? p.tags.join(", ") : "",
        Published: first ? String(p.status === "active").toUpperCase() : "",
        "Option1 Name": first ? (names[0] ?? "Title") : "",
        "Option1 Value": names[0] ? (v.optionValues[names[0]] ?? "") : "Default Title",
        "Option2 Name": first ? (names[1] ?? "") : "",
        "Option2 Value": names[1] ? (v.optionValues[names[1]] ?? "") : "",
        "Option3 Name": first ? (names[2] ?? "") : "",
        "Option3 Value": names[2] ? (v.optionValues[names[2]] ?? "") : "",
        "Variant SKU": v.sku,
        "Variant Grams": v.weightGrams === null ? "" : String(v.weightGrams),
        "Variant Inventory Qty": String(v.stockQuantity),
        "Variant Price": rupees(v.pricePaise),
        "Variant Compare At Price": rupees(v.compareAtPricePaise),
        "Variant Barcode": v.barcode ?? "",
        "Image Src": image ? absolute(image.fileUrl) : "",
        "Image Position": image ? String(i + 1) : "",
        "Image Alt Text": image?.alt ?? "",
        "Variant Image": variantImage ? absolute(variantImage.fileUrl) : "",
        "SEO Title": first ? (p.seoTitle ?? "") : "",
        "SEO Description": first ? (p.seoDescription ?? "") : "",
        Status: first ? p.status : "",
      });
    });
    // Images beyond the number of variants get rows of their own, as Shopify writes them.
    productImages.slice(own.length).forEach((image, j) => {
      const row = Object.fromEntries(SHOPIFY_COLUMNS.map((c) => [c, ""])) as Row;
      rows.push({ ...row, Handle: p.slug, "Image Src": absolute(image.fileUrl), "Image Position": String(own.length + j + 1), "Image Alt Text": image.alt });
    });
  }
  return stringify(rows, { header: true, columns: [...SHOPIFY_COLUMNS] });
}

export type ImportLine = {
  handle: string;
  /** 1-based CSV line numbers (the header is line 1). */
  lines: number[];
  action: "create" | "update" | "reject";
  reasons: string[];
};
export type ImportPlan = { lines: ImportLine[]; created: number; updated: number; rejected: number };

type Prepared = ImportLine & {
  input?: ReturnType<typeof productInput.parse>;
  images: { src: string; alt: string; position: number }[];
  variantImages: Map<string, string>;
  existing?: { id: string; version: number };
  /** Set once the product is saved. */
  productId?: string;
};

const turndown = new TurndownService({ headingStyle: "atx", bulletListMarker: "-" });

export class CsvFormatError extends Error {}

async function prepare(db: DbOrTx, csv: string): Promise<Prepared[]> {
  let records: Row[];
  try {
    records = parse(csv, { columns: true, skip_empty_lines: true, bom: true, relax_column_count: true, trim: false });
  } catch (error) {
    throw new CsvFormatError(`The file is not a readable CSV: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (records.length === 0) throw new CsvFormatError("The file has no product rows.");
  const missing = ["Handle", "Variant Price"].filter((c) => !(c in records[0]!));
  if (missing.length) throw new CsvFormatError(`The file lacks the Shopify column(s): ${missing.join(", ")}.`);

  const groups = new Map<string, { line: number; row: Row }[]>();
  records.forEach((row, i) => {
    const handle = (row.Handle ?? "").trim().toLowerCase();
    const list = groups.get(handle) ?? [];
    list.push({ line: i + 2, row });
    groups.set(handle, list);
  });

  const handles = [...groups.keys()].filter(Boolean);
  const existingRows = handles.length
    ? await db
        .select({ id: products.id, slug: products.slug, version: products.version, isBestSeller: products.isBestSeller, sortOrder: products.sortOrder, hsnCode: products.hsnCode, gstRatePercent: products.gstRatePercent })
        .from(products)
        .where(inArray(products.slug, handles))
    : [];
  // Shopify's CSV carries no best-seller flag, shop order, HSN code, GST rate or collections: an update keeps ours
  // (its tax columns are a yes/no and a tax service's code, not an Indian GST rate).
  const memberships = existingRows.length
    ? await db
        .select({ productId: productCollections.productId, collectionId: productCollections.collectionId })
        .from(productCollections)
        .where(inArray(productCollections.productId, existingRows.map((e) => e.id)))
    : [];

  return [...groups.entries()].map(([handle, group]) => {
    const lines = group.map((g) => g.line);
    const first = group[0]!.row;
    const base: Prepared = { handle, lines, action: "reject", reasons: [], images: [], variantImages: new Map() };
    if (!handle) return { ...base, reasons: ["Handle is empty."] };
    const names = [first["Option1 Name"], first["Option2 Name"], first["Option3 Name"]].map((n) => (n ?? "").trim());
    const defaultOnly = names[0] === "Title" && group.every((g) => !g.row["Option1 Value"] || g.row["Option1 Value"] === "Default Title");
    const optionNames = defaultOnly ? [] : names.filter(Boolean);
    const variantRows = group.filter((g) => (g.row["Variant Price"] ?? "").trim() !== "" || (g.row["Variant SKU"] ?? "").trim() !== "");
    const options = optionNames.map((name, i) => ({
      name,
      values: [...new Set(variantRows.map((g) => (g.row[`Option${i + 1} Value` as keyof Row] ?? "").trim()).filter(Boolean))],
    }));
    const variants = variantRows.map((g) => ({
      sku: (g.row["Variant SKU"] ?? "").trim(),
      optionValues: Object.fromEntries(optionNames.map((name, i) => [name, (g.row[`Option${i + 1} Value` as keyof Row] ?? "").trim()])),
      price: (g.row["Variant Price"] ?? "").trim(),
      compareAtPrice: (g.row["Variant Compare At Price"] ?? "").trim(),
      stockQuantity: (g.row["Variant Inventory Qty"] ?? "").trim() || "0",
      weightGrams: (g.row["Variant Grams"] ?? "").trim(),
      barcode: (g.row["Variant Barcode"] ?? "").trim(),
    }));
    const status = (first.Status ?? "").trim().toLowerCase() || ((first.Published ?? "").trim().toUpperCase() === "TRUE" ? "active" : "draft");
    const existing = existingRows.find((e) => e.slug === handle);
    const kept: Partial<ProductInput> = existing
      ? {
          isBestSeller: existing.isBestSeller,
          sortOrder: existing.sortOrder,
          hsnCode: existing.hsnCode ?? undefined,
          gstRatePercent: existing.gstRatePercent,
          collectionIds: memberships.filter((m) => m.productId === existing.id).map((m) => m.collectionId),
        }
      : {};
    const candidate: ProductInput = {
      ...kept,
      title: (first.Title ?? "").trim(),
      slug: handle,
      description: first["Body (HTML)"] ? turndown.turndown(first["Body (HTML)"]) : "",
      vendor: (first.Vendor ?? "").trim() || "GLACIAL",
      status: status as ProductInput["status"],
      tags: (first.Tags ?? "").split(",").map((t) => t.trim()).filter(Boolean),
      seoTitle: (first["SEO Title"] ?? "").trim() || undefined,
      seoDescription: (first["SEO Description"] ?? "").trim() || undefined,
      skuBase: handle.toUpperCase().slice(0, 20).replace(/-+$/, ""),
      options,
      variants: variants as unknown as ProductInput["variants"],
    };
    const parsed = productInput.safeParse(candidate);
    if (!parsed.success) {
      return { ...base, reasons: parsed.error.issues.map((i) => `${describePath(i.path, variantRows.map((g) => g.line))}: ${i.message}`) };
    }
    const images = group
      .filter((g) => (g.row["Image Src"] ?? "").trim())
      .map((g, i) => ({ src: g.row["Image Src"].trim(), alt: (g.row["Image Alt Text"] ?? "").trim(), position: Number(g.row["Image Position"]) || i + 1 }));
    const variantImages = new Map<string, string>();
    variantRows.forEach((g, i) => {
      const src = (g.row["Variant Image"] ?? "").trim();
      if (src) variantImages.set(parsed.data.variants[i]!.sku || String(i), src);
    });
    return { ...base, action: existing ? "update" : "create", input: parsed.data, existing, images, variantImages };
  });
}

function describePath(path: PropertyKey[], variantLines: number[]): string {
  if (path[0] === "variants" && typeof path[1] === "number") return `line ${variantLines[path[1]]} ${String(path[2] ?? "variant")}`;
  return String(path[0] ?? "row");
}

const summarise = (prepared: Prepared[]): ImportPlan => ({
  lines: prepared.map(({ handle, lines, action, reasons }) => ({ handle, lines, action, reasons })),
  created: prepared.filter((p) => p.action === "create").length,
  updated: prepared.filter((p) => p.action === "update").length,
  rejected: prepared.filter((p) => p.action === "reject").length,
});

/** The dry run: what an import would create, update and reject (with reasons), changing nothing. */
export async function planShopifyImport(db: Db, csv: string): Promise<ImportPlan> {
  return db.transaction(async (tx) => {
    const prepared = await prepare(tx, csv);
    // Run the real saves and roll back, so the report also catches conflicts only the database sees.
    await applyPrepared(tx, prepared);
    throw new DryRun(summarise(prepared));
  }).catch((error) => {
    if (error instanceof DryRun) return error.plan;
    throw error;
  });
}

/**
 * Applies every product that passes, in one transaction with an audit row per product saved and
 * one for the import; rejected products are skipped and reported. Open storefront pages hear of
 * it after the commit.
 */
export async function commitShopifyImport(db: Db, csv: string, ctx: { actor: AuditActor; events?: EventBus; fileName?: string }): Promise<ImportPlan> {
  const plan = await db.transaction(async (tx) => {
    const prepared = await prepare(tx, csv);
    await applyPrepared(tx, prepared);
    for (const p of prepared) {
      if (p.action === "reject" || !p.productId) continue;
      await recordAudit(tx, {
        actor: ctx.actor,
        module: "catalog",
        action: p.action === "create" ? "import_create" : "import_update",
        targetId: p.productId,
        after: { slug: p.handle, title: p.input?.title, variants: p.input?.variants.length },
      });
    }
    const summary = summarise(prepared);
    await recordAudit(tx, {
      actor: ctx.actor,
      module: "catalog",
      action: "import",
      after: { file: ctx.fileName ?? null, created: summary.created, updated: summary.updated, rejected: summary.rejected },
    });
    return summary;
  });
  if (ctx.events && plan.created + plan.updated > 0) await notifyCatalogChanged(ctx.events, null);
  return plan;
}

class DryRun extends Error {
  constructor(readonly plan: ImportPlan) {
    super("dry run");
  }
}

async function applyPrepared(tx: DbOrTx, prepared: Prepared[]) {
  for (const p of prepared) {
    if (p.action === "reject" || !p.input) continue;
    try {
      // A savepoint per product: one product's database conflict does not undo the others.
      await tx.transaction(async (sp) => {
        const { id } = await saveProduct(sp, p.input!, p.existing ? { id: p.existing.id, expectedVersion: p.existing.version } : {});
        await syncImportedImages(sp, id, p);
        p.productId = id;
      });
    } catch (error) {
      if (!(error instanceof RejectedInputError)) throw error;
      p.action = "reject";
      p.reasons = Object.values(error.fieldErrors);
    }
  }
}

async function syncImportedImages(tx: DbOrTx, productId: string, p: Prepared) {
  // The variants are the catalog's; the images and which of them a variant already has are the media module's.
  const variants = p.variantImages.size ? await tx.select({ id: productVariants.id, sku: productVariants.sku }).from(productVariants).where(eq(productVariants.productId, productId)) : [];
  const variantImages = variants.filter((v) => p.variantImages.has(v.sku)).map((v) => ({ variantId: v.id, src: p.variantImages.get(v.sku)! }));
  await attachImportedImages(tx, productId, p.images, variantImages);
}
