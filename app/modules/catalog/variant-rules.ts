// The variant generator. Pure functions: shared by the admin editor (browser)
// and the server, which re-checks SKU uniqueness against the database.
import type { ProductOption } from "./schema";

export type VariantCombination = { title: string; optionValues: Record<string, string>; values: string[] };

/** Every combination of the option sets' values, in option order. Empty names/values are ignored. */
export function combineOptions(options: ProductOption[]): VariantCombination[] {
  const sets = options
    .map((o) => ({ name: o.name.trim(), values: unique(o.values.map((v) => v.trim()).filter(Boolean)) }))
    .filter((o) => o.name && o.values.length > 0);
  if (sets.length === 0) return [];
  let combos: { optionValues: Record<string, string>; values: string[] }[] = [{ optionValues: {}, values: [] }];
  for (const set of sets) {
    combos = combos.flatMap((c) =>
      set.values.map((value) => ({ optionValues: { ...c.optionValues, [set.name]: value }, values: [...c.values, value] })),
    );
  }
  return combos.map((c) => ({ ...c, title: variantTitle(c.values) }));
}

export function variantTitle(values: string[]): string {
  return values.join(" / ");
}

/** Upper-cased base plus the first three upper-cased letters of each value, joined by dashes. */
export function baseSku(base: string, values: string[]): string {
  return [base.trim().toUpperCase(), ...values.map((v) => v.trim().slice(0, 3).toUpperCase())]
    .filter(Boolean)
    .join("-");
}

/**
 * The first of sku, sku-1, sku-2, ... not taken by another variant.
 * `isTaken` answers for candidates already used by a variant other than the one being edited.
 */
export async function uniqueSku(candidate: string, isTaken: (sku: string) => boolean | Promise<boolean>): Promise<string> {
  if (!(await isTaken(candidate))) return candidate;
  for (let n = 1; ; n++) {
    const next = `${candidate}-${n}`;
    if (!(await isTaken(next))) return next;
  }
}

/** Stable identity of a combination, so regenerating keeps the variants whose values still exist. */
export function combinationKey(optionValues: Record<string, string>): string {
  return Object.entries(optionValues)
    .map(([k, v]) => `${k.toLowerCase()}=${v.toLowerCase()}`)
    .sort()
    .join("|");
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}
