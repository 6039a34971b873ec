import { and, asc, count, desc, eq, exists, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/types";
import { recordAudit, diff, type AuditActor } from "~/modules/audit/audit.server";
import { listProductMedia, mediaFileNamesOf, removeStoredFiles, unusedObjectNames } from "~/modules/media/media.server";
import { likePattern } from "./admin-search.server";
import type { ProductSort } from "./product-admin-sorts";
import { notifyCatalogChanged } from "./catalog-events.server";
import { saveProduct } from "./product-editor.server";
import type { ParsedProductInput } from "./product-form";
import { paiseToRupeesText, skuBaseOf, type EditorValues } from "./product-editor-state";
import { collections, productCollections, productVariants, products } from "./schema";
import type { CatalogDeps } from "./catalog-deps.server";
import { refusalOf, type SaveOutcome } from "~/lib/save-outcome";

// The back office's face for products: the list with its filters and bulk actions, the editor's
// load and save. Every change writes its audit row in the same transaction and, once committed,
// tells open storefront pages (notifyCatalogChanged).

export const PRODUCTS_PER_PAGE = 50;

export type ProductListQuery = {
  q?: string;
  status?: "draft" | "active" | "archived";
  tag?: string;
  collectionId?: string;
  bestSeller?: boolean;
  sort: ProductSort;
  page: number;
};

export type ProductListRow = {
  id: string;
  title: string;
  slug: string;
  status: "draft" | "active" | "archived";
  isBestSeller: boolean;
  tags: string[];
  updatedAt: Date;
  variantCount: number;
  minPricePaise: number | null;
  maxPricePaise: number | null;
  stock: number;
  sku: string | null;
  image: string | null;
};

const ORDER: Record<ProductSort, SQL[]> = {
  updated: [desc(products.updatedAt), asc(products.id)],
  title: [asc(products.title), asc(products.id)],
  "title-desc": [desc(products.title), asc(products.id)],
  created: [desc(products.createdAt), asc(products.id)],
  "sort-order": [asc(products.sortOrder), desc(products.createdAt), asc(products.id)],
};

export async function listProductsForAdmin(db: Db, query: ProductListQuery): Promise<{ rows: ProductListRow[]; total: number; page: number; pageCount: number }> {
  const where: SQL[] = [];
  const q = query.q?.trim();
  if (q) {
    const pattern = likePattern(q);
    const skuMatch = db
      .select({ one: productVariants.id })
      .from(productVariants)
      .where(and(eq(productVariants.productId, products.id), ilike(productVariants.sku, pattern)));
    where.push(or(ilike(products.title, pattern), exists(skuMatch))!);
  }
  if (query.status) where.push(eq(products.status, query.status));
  if (query.tag) where.push(sql`${products.tags} @> ARRAY[${query.tag}]::text[]`);
  if (query.bestSeller !== undefined) where.push(eq(products.isBestSeller, query.bestSeller));
  if (query.collectionId) {
    where.push(
      exists(
        db
          .select({ one: productCollections.productId })
          .from(productCollections)
          .where(and(eq(productCollections.productId, products.id), eq(productCollections.collectionId, query.collectionId))),
      ),
    );
  }
  const condition = where.length ? and(...where) : undefined;
  const [totalRow] = await db.select({ n: count() }).from(products).where(condition);
  const total = totalRow?.n ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / PRODUCTS_PER_PAGE));
  const page = Math.min(Math.max(1, query.page), pageCount);
  const base = await db
    .select({
      id: products.id,
      title: products.title,
      slug: products.slug,
      status: products.status,
      isBestSeller: products.isBestSeller,
      tags: products.tags,
      updatedAt: products.updatedAt,
    })
    .from(products)
    .where(condition)
    .orderBy(...ORDER[query.sort])
    .limit(PRODUCTS_PER_PAGE)
    .offset((page - 1) * PRODUCTS_PER_PAGE);
  if (!base.length) return { rows: [], total, page, pageCount };
  const ids = base.map((r) => r.id);
  const [variants, images] = await Promise.all([
    db
      .select({ productId: productVariants.productId, sku: productVariants.sku, pricePaise: productVariants.pricePaise, stock: productVariants.stockQuantity })
      .from(productVariants)
      .where(inArray(productVariants.productId, ids))
      .orderBy(asc(productVariants.sortOrder)),
    mediaFileNamesOf(db, ids, { primaryOnly: true }),
  ]);
  const rows = base.map((r) => {
    const own = variants.filter((v) => v.productId === r.id);
    const prices = own.map((v) => v.pricePaise);
    return {
      ...r,
      variantCount: own.length,
      minPricePaise: prices.length ? Math.min(...prices) : null,
      maxPricePaise: prices.length ? Math.max(...prices) : null,
      stock: own.reduce((sum, v) => sum + v.stock, 0),
      sku: own[0]?.sku ?? null,
      image: images.find((m) => m.productId === r.id)?.fileUrl ?? null,
    };
  });
  return { rows, total, page, pageCount };
}

/** What the list's filters offer: every tag in use and every collection. */
export async function productFilterOptions(db: Db): Promise<{ tags: string[]; collections: { id: string; name: string }[] }> {
  const [tagRows, collectionRows] = await Promise.all([
    db.selectDistinct({ tag: sql<string>`unnest(${products.tags})` }).from(products),
    db.select({ id: collections.id, name: collections.name }).from(collections).orderBy(asc(collections.sortOrder), asc(collections.name)),
  ]);
  return { tags: tagRows.map((r) => r.tag).sort(), collections: collectionRows };
}

export type EditorProduct = Awaited<ReturnType<typeof loadProductForEditor>>;

/** Everything the editor shows for one product, or null. Prices stay in paise; the form turns them into rupees. */
export async function loadProductForEditor(db: Db, id: string) {
  const [product] = await db.select().from(products).where(eq(products.id, id));
  if (!product) return null;
  const [variants, memberships, images] = await Promise.all([
    db.select().from(productVariants).where(eq(productVariants.productId, id)).orderBy(asc(productVariants.sortOrder), asc(productVariants.sku)),
    db.select({ collectionId: productCollections.collectionId }).from(productCollections).where(eq(productCollections.productId, id)),
    listProductMedia(db, id),
  ]);
  const { searchVector: _omit, ...fields } = product;
  return {
    product: fields,
    variants: variants.map(({ skuVector: _sku, ...v }) => v),
    collectionIds: memberships.map((m) => m.collectionId),
    media: images,
  };
}

/** The editor's starting values for a loaded product (prices in rupees, as the form shows them). */
export function editorValues(loaded: NonNullable<EditorProduct>): EditorValues {
  const { product, variants, collectionIds } = loaded;
  return {
    version: product.version,
    title: product.title,
    slug: product.slug,
    description: product.description,
    status: product.status,
    tags: product.tags,
    isBestSeller: product.isBestSeller,
    sortOrder: String(product.sortOrder),
    seoTitle: product.seoTitle ?? "",
    seoDescription: product.seoDescription ?? "",
    hsnCode: product.hsnCode ?? "",
    gstRatePercent: product.gstRatePercent === null ? "" : String(product.gstRatePercent),
    skuBase: skuBaseOf(variants[0]?.sku, product.options.length),
    options: product.options,
    variants: variants.map((v) => ({
      id: v.id,
      sku: v.sku,
      optionValues: v.optionValues,
      price: paiseToRupeesText(v.pricePaise),
      compareAtPrice: paiseToRupeesText(v.compareAtPricePaise),
      stockQuantity: String(v.stockQuantity),
      weightGrams: v.weightGrams === null ? "" : String(v.weightGrams),
      barcode: v.barcode ?? "",
    })),
    collectionIds,
  };
}

export type SaveResult = { ok: true; id: string; version: number } | Extract<SaveOutcome, { ok: false }>;

/** Create (no target) or update (with the version the editor loaded). */
export async function saveProductAsStaff(
  services: CatalogDeps,
  actor: AuditActor,
  input: ParsedProductInput,
  target: { id?: undefined } | { id: string; expectedVersion: number },
): Promise<SaveResult> {
  let saved: { id: string; version: number };
  try {
    saved = await services.db.transaction(async (tx) => {
      const before = target.id ? await auditView(tx, target.id) : undefined;
      const result = await saveProduct(tx, input, target);
      const after = await auditView(tx, result.id);
      const changes = before && after ? diff(before, after) : { after };
      await recordAudit(tx, { actor, module: "catalog", action: target.id ? "edit" : "create", targetId: result.id, ...changes });
      return result;
    });
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    return refusal;
  }
  await notifyCatalogChanged(services.events, saved.id);
  return { ok: true, ...saved };
}

/** The fields an audit row shows for a product (prices in paise, as stored). */
async function auditView(db: DbOrTx, id: string): Promise<Record<string, unknown> | undefined> {
  const [p] = await db
    .select({
      title: products.title,
      slug: products.slug,
      status: products.status,
      tags: products.tags,
      isBestSeller: products.isBestSeller,
      sortOrder: products.sortOrder,
      seoTitle: products.seoTitle,
      seoDescription: products.seoDescription,
      hsnCode: products.hsnCode,
      gstRatePercent: products.gstRatePercent,
      options: products.options,
    })
    .from(products)
    .where(eq(products.id, id));
  if (!p) return undefined;
  const variants = await db
    .select({ sku: productVariants.sku, title: productVariants.title, pricePaise: productVariants.pricePaise, stock: productVariants.stockQuantity })
    .from(productVariants)
    .where(eq(productVariants.productId, id))
    .orderBy(asc(productVariants.sortOrder));
  return { ...p, variants };
}

export type BulkChange = { kind: "status"; status: "draft" | "active" | "archived" } | { kind: "add-tag"; tag: string } | { kind: "remove-tag"; tag: string };

/** One change to many products in one transaction; each product gets its own audit row and a new version. */
export async function bulkUpdateProducts(services: CatalogDeps, actor: AuditActor, ids: string[], change: BulkChange): Promise<{ changed: number }> {
  const unique = [...new Set(ids)];
  const changed = await services.db.transaction(async (tx) => {
    const rows = await tx.select({ id: products.id, status: products.status, tags: products.tags }).from(products).where(inArray(products.id, unique));
    let n = 0;
    for (const row of rows) {
      const next =
        change.kind === "status"
          ? { status: change.status, tags: row.tags }
          : { status: row.status, tags: change.kind === "add-tag" ? [...new Set([...row.tags, change.tag])] : row.tags.filter((t) => t !== change.tag) };
      const changes = diff({ status: row.status, tags: row.tags }, next);
      if (!Object.keys(changes.after ?? {}).length) continue;
      await tx
        .update(products)
        .set({ ...next, version: sql`${products.version} + 1` })
        .where(eq(products.id, row.id));
      await recordAudit(tx, { actor, module: "catalog", action: `bulk_${change.kind.replace("-", "_")}`, targetId: row.id, ...changes });
      n++;
    }
    return n;
  });
  if (changed) await notifyCatalogChanged(services.events, null);
  return { changed };
}

/** Deletes products with their variants, images and collection places; image files go after the commit. */
export async function deleteProducts(services: CatalogDeps, actor: AuditActor, ids: string[]): Promise<{ deleted: number }> {
  const unique = [...new Set(ids)];
  const { deleted, files } = await services.db.transaction(async (tx) => {
    const images = await mediaFileNamesOf(tx, unique);
    const rows = await tx.delete(products).where(inArray(products.id, unique)).returning({ id: products.id, title: products.title, slug: products.slug });
    for (const row of rows) await recordAudit(tx, { actor, module: "catalog", action: "delete", targetId: row.id, before: { title: row.title, slug: row.slug } });
    return { deleted: rows.length, files: await unusedObjectNames(tx, images.map((m) => m.fileUrl)) };
  });
  await removeStoredFiles(services.storage, files);
  if (deleted) await notifyCatalogChanged(services.events, null);
  return { deleted };
}
