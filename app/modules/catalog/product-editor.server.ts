import { and, eq, inArray, max, ne, notInArray, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "~/db/types";
import { rupeesToPaise } from "~/lib/money";
import type { ParsedProductInput } from "./product-form";
import { collections, productCollections, productVariants, products } from "./schema";
import { baseSku, combinationKey, combineOptions, uniqueSku } from "./variant-rules";
import { NotFoundError, RejectedInputError, StaleRecordError } from "~/lib/save-outcome";


type VariantRow = typeof productVariants.$inferSelect;

/**
 * Creates or updates a product with its variants and collections in one transaction.
 * Variants are regenerated from the option sets on the server (never taken from the client):
 * a combination that already exists keeps its id, SKU, price and stock unless the form changes them.
 */
export async function saveProduct(
  db: DbOrTx,
  input: ParsedProductInput,
  target: { id?: undefined } | { id: string; expectedVersion: number },
): Promise<{ id: string; version: number }> {
  return db.transaction(async (tx) => {
    const [clash] = await tx
      .select({ id: products.id })
      .from(products)
      .where(target.id ? and(eq(products.slug, input.slug), ne(products.id, target.id)) : eq(products.slug, input.slug));
    if (clash) throw new RejectedInputError({ slug: "This slug is already used by another product." });

    const fields = {
      title: input.title,
      slug: input.slug,
      description: input.description,
      vendor: input.vendor,
      status: input.status,
      tags: [...new Set(input.tags)],
      isBestSeller: input.isBestSeller,
      sortOrder: input.sortOrder,
      seoTitle: input.seoTitle || null,
      seoDescription: input.seoDescription || null,
      hsnCode: input.hsnCode || null,
      gstRatePercent: input.gstRatePercent,
      options: input.options,
    };
    let id: string;
    let version: number;
    if (target.id) {
      const [row] = await tx
        .update(products)
        .set({ ...fields, version: sql`${products.version} + 1` })
        .where(and(eq(products.id, target.id), eq(products.version, target.expectedVersion)))
        .returning({ id: products.id, version: products.version });
      if (!row) {
        const [exists] = await tx.select({ id: products.id }).from(products).where(eq(products.id, target.id));
        throw exists ? new StaleRecordError("This product") : new NotFoundError("This product no longer exists.");
      }
      ({ id, version } = row);
    } else {
      const [row] = await tx.insert(products).values(fields).returning({ id: products.id, version: products.version });
      ({ id, version } = row!);
    }

    await syncVariants(tx, id, input);
    await syncCollections(tx, id, input.collectionIds);
    return { id, version };
  });
}

async function syncVariants(tx: Tx, productId: string, input: ParsedProductInput) {
  const combos = combineOptions(input.options);
  const wanted = combos.length ? combos : [{ title: "Default", optionValues: {}, values: [] as string[] }];
  const existing = await tx.select().from(productVariants).where(eq(productVariants.productId, productId));
  const existingByKey = new Map(existing.map((v) => [combinationKey(v.optionValues), v]));
  const formByKey = new Map(input.variants.map((v) => [combinationKey(v.optionValues), v]));
  const errors: Record<string, string> = {};

  const plans = wanted.map((combo, sortOrder) => {
    const key = combinationKey(combo.optionValues);
    return { combo, sortOrder, key, form: formByKey.get(key), current: existingByKey.get(key) };
  });
  for (const p of plans) if (!p.form && !p.current) errors[`variants.${p.combo.title}`] = `Set a price for ${p.combo.title}.`;
  const typed = plans.map((p) => p.form?.sku).filter(Boolean);
  if (new Set(typed).size !== typed.length) errors["variants.sku"] = "Two variants cannot share one SKU.";
  for (const p of plans) {
    const sku = p.form?.sku;
    if (!sku || sku === p.current?.sku) continue;
    const [owner] = await tx.select({ id: productVariants.id }).from(productVariants).where(eq(productVariants.sku, sku));
    // A SKU typed by hand that another variant uses is an error, not silently suffixed.
    if (owner && owner.id !== p.current?.id) errors[`variants.${p.combo.title}.sku`] = `SKU ${sku} is already used by another variant.`;
  }
  if (Object.keys(errors).length) throw new RejectedInputError(errors);

  // Removed combinations go first, so their SKUs are free for new ones.
  const staleIds = existing.filter((v) => !plans.some((p) => p.current?.id === v.id)).map((v) => v.id);
  if (staleIds.length) await tx.delete(productVariants).where(inArray(productVariants.id, staleIds));

  for (const { combo, sortOrder, form, current } of plans) {
    const values = {
      title: combo.title,
      optionValues: combo.optionValues,
      sortOrder,
      ...(form ? formValues(form) : {}),
    };
    if (current) {
      await tx.update(productVariants).set({ ...values, ...(form?.sku ? { sku: form.sku } : {}) }).where(eq(productVariants.id, current.id));
    } else {
      const sku = form?.sku || (await uniqueSku(baseSku(input.skuBase, combo.values), (candidate) => skuTaken(tx, candidate)));
      await tx.insert(productVariants).values({ productId, sku, pricePaise: 0, ...values });
    }
  }
}

function formValues(form: ParsedProductInput["variants"][number]): Partial<VariantRow> {
  return {
    pricePaise: rupeesToPaise(form.price),
    compareAtPricePaise: typeof form.compareAtPrice === "number" ? rupeesToPaise(form.compareAtPrice) : null,
    stockQuantity: form.stockQuantity,
    weightGrams: typeof form.weightGrams === "number" ? form.weightGrams : null,
    barcode: form.barcode || null,
  };
}

/** Used by any variant (the one being edited keeps its own SKU, so it is never asked about). */
async function skuTaken(tx: Tx, sku: string): Promise<boolean> {
  const [row] = await tx.select({ id: productVariants.id }).from(productVariants).where(eq(productVariants.sku, sku));
  return Boolean(row);
}

async function syncCollections(tx: Tx, productId: string, collectionIds: string[]) {
  const ids = [...new Set(collectionIds)];
  if (ids.length) {
    const known = await tx.select({ id: collections.id }).from(collections).where(inArray(collections.id, ids));
    if (known.length !== ids.length) throw new RejectedInputError({ collectionIds: "One of the chosen collections no longer exists." });
  }
  await tx
    .delete(productCollections)
    .where(and(eq(productCollections.productId, productId), ids.length ? notInArray(productCollections.collectionId, ids) : undefined));
  if (!ids.length) return;
  const present = await tx
    .select({ collectionId: productCollections.collectionId })
    .from(productCollections)
    .where(eq(productCollections.productId, productId));
  for (const collectionId of ids.filter((c) => !present.some((p) => p.collectionId === c))) {
    const [last] = await tx
      .select({ n: max(productCollections.sortOrder) })
      .from(productCollections)
      .where(eq(productCollections.collectionId, collectionId));
    await tx.insert(productCollections).values({ collectionId, productId, sortOrder: (last?.n ?? -1) + 1 });
  }
}
