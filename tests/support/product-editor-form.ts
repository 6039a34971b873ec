import type { editorValues } from "~/modules/catalog/catalog.server";

type EditorValues = ReturnType<typeof editorValues>;

/**
 * The product editor's form as the browser submits it, from what the editor loaded, with some
 * fields changed: the fields the screen names `options.N.*` and `variants.N.*`, tags and
 * collections once per value, the best-seller box only when ticked.
 */
export function productEditorFields(values: EditorValues, changes: Partial<Record<string, string>> = {}): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = {
    version: String(values.version),
    title: values.title,
    slug: values.slug,
    description: values.description,
    status: values.status,
    sortOrder: values.sortOrder,
    seoTitle: values.seoTitle,
    seoDescription: values.seoDescription,
    hsnCode: values.hsnCode,
    gstRatePercent: values.gstRatePercent,
    skuBase: values.skuBase,
    tags: values.tags,
    collectionIds: values.collectionIds,
  };
  if (values.isBestSeller) fields.isBestSeller = "on";
  values.options.forEach((o, i) => {
    fields[`options.${i}.name`] = o.name;
    fields[`options.${i}.values`] = o.values.join(", ");
  });
  values.variants.forEach((v, i) => {
    fields[`variants.${i}.sku`] = v.sku;
    fields[`variants.${i}.optionValues`] = JSON.stringify(v.optionValues);
    fields[`variants.${i}.price`] = v.price;
    fields[`variants.${i}.compareAtPrice`] = v.compareAtPrice;
    fields[`variants.${i}.stockQuantity`] = v.stockQuantity;
    fields[`variants.${i}.weightGrams`] = v.weightGrams;
    fields[`variants.${i}.barcode`] = v.barcode;
  });
  for (const [name, value] of Object.entries(changes)) if (value !== undefined) fields[name] = value;
  return fields;
}

/** The same fields as a urlencoded body, each listed value sent once. */
export function asSearchParams(fields: Record<string, string | string[]>): URLSearchParams {
  return new URLSearchParams(Object.entries(fields).flatMap(([name, value]) => [value].flat().map((one) => [name, one])));
}
