import { Plus, Trash2 } from "lucide-react";
import { Button } from "~/components/ui/button";
import { controlClass } from "~/components/ui/field";
import { type EditorVariant, baseSku, combinationKey, type VariantCombination } from "~/modules/catalog/catalog";
import { panelClass } from "~/components/admin/kit/panel";
import { cn } from "~/lib/cn";

export type OptionDraft = { key: number; name: string; values: string };

type Props = {
  options: OptionDraft[];
  onOptionsChange: (next: OptionDraft[]) => void;
  combos: VariantCombination[];
  rows: Record<string, EditorVariant>;
  onRowChange: (key: string, patch: Partial<EditorVariant>) => void;
  skuBase: string;
  errors: Record<string, string>;
};

const cell = `${controlClass} min-w-24`;

/**
 * The generator: option sets (name + comma-separated values) give every combination.
 * Rows are keyed by their option values, so editing the options keeps the prices typed for the
 * combinations that remain; the server assigns the final SKUs (with -1, -2 on a clash).
 */
export function VariantGenerator({ options, onOptionsChange, combos, rows, onRowChange, skuBase, errors }: Props) {
  const setOption = (key: number, patch: Partial<OptionDraft>) => onOptionsChange(options.map((o) => (o.key === key ? { ...o, ...patch } : o)));
  return (
    <fieldset className={cn(panelClass, "space-y-4")}>
      <legend className="px-1 text-lg font-semibold">Variants</legend>
      <div className="space-y-3">
        {options.map((o, i) => (
          <div key={o.key} className="grid gap-3 sm:grid-cols-[12rem_1fr_auto] sm:items-end">
            <div>
              <label htmlFor={`option-${o.key}-name`} className="block text-sm font-medium">Option {i + 1} name</label>
              <input id={`option-${o.key}-name`} name={`options.${i}.name`} value={o.name} onChange={(e) => setOption(o.key, { name: e.target.value })} placeholder="Color" className={controlClass} aria-invalid={Boolean(errors[`options.${i}.name`])} />
            </div>
            <div>
              <label htmlFor={`option-${o.key}-values`} className="block text-sm font-medium">Option {i + 1} values</label>
              <input id={`option-${o.key}-values`} name={`options.${i}.values`} value={o.values} onChange={(e) => setOption(o.key, { values: e.target.value })} placeholder="Red, Blue" aria-describedby="option-values-hint" className={controlClass} aria-invalid={Boolean(errors[`options.${i}.values`])} />
            </div>
            <Button variant="ghost" onClick={() => onOptionsChange(options.filter((x) => x.key !== o.key))} aria-label={`Remove option ${i + 1}`}>
              <Trash2 className="size-4" aria-hidden />
            </Button>
            {errors[`options.${i}.name`] || errors[`options.${i}.values`] ? (
              <p className="text-sm text-red-700 sm:col-span-3 dark:text-red-400">{errors[`options.${i}.name`] ?? errors[`options.${i}.values`]}</p>
            ) : null}
          </div>
        ))}
        <p id="option-values-hint" className="text-xs text-slate-600 dark:text-slate-400">Separate values with commas. Every combination becomes a variant.</p>
        {options.length < 3 ? (
          <Button onClick={() => onOptionsChange([...options, { key: Date.now(), name: "", values: "" }])}>
            <Plus className="size-4" aria-hidden /> Add option
          </Button>
        ) : null}
      </div>

      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Generated variants</caption>
          <thead>
            <tr className="border-b border-slate-200 dark:border-slate-800">
              <th scope="col" className="px-2 py-2">Variant</th>
              <th scope="col" className="px-2 py-2">SKU</th>
              <th scope="col" className="px-2 py-2">Price (₹)</th>
              <th scope="col" className="px-2 py-2">Compare-at (₹)</th>
              <th scope="col" className="px-2 py-2">Stock</th>
              <th scope="col" className="px-2 py-2">Weight (g)</th>
              <th scope="col" className="px-2 py-2">Barcode (GTIN)</th>
            </tr>
          </thead>
          <tbody>
            {combos.map((combo, i) => {
              const key = combinationKey(combo.optionValues);
              const row = rows[key] ?? blankRow(combo.optionValues);
              const err = (f: string) => errors[`variants.${i}.${f}`] ?? (f === "sku" ? errors[`variants.${combo.title}.sku`] : undefined);
              const input = (f: "price" | "compareAtPrice" | "stockQuantity" | "weightGrams" | "barcode", label: string, mode: "decimal" | "numeric" = "decimal") => (
                <td className="px-2 py-2 align-top">
                  <input
                    name={`variants.${i}.${f}`}
                    value={row[f]}
                    inputMode={mode}
                    onChange={(e) => onRowChange(key, { [f]: e.target.value })}
                    aria-label={`${label} for ${combo.title}`}
                    aria-invalid={Boolean(err(f))}
                    className={cell}
                  />
                  {err(f) ? <p className="mt-1 text-xs text-red-700 dark:text-red-400">{err(f)}</p> : null}
                </td>
              );
              return (
                <tr key={key} data-variant-id={row.id ?? ""} className="border-b border-slate-100 last:border-0 dark:border-slate-800">
                  <th scope="row" className="px-2 py-2 align-top font-medium whitespace-nowrap">
                    {combo.title}
                    <input type="hidden" name={`variants.${i}.optionValues`} value={JSON.stringify(combo.optionValues)} />
                    {errors[`variants.${combo.title}`] ? <p className="mt-1 text-xs font-normal text-red-700 dark:text-red-400">{errors[`variants.${combo.title}`]}</p> : null}
                  </th>
                  <td className="px-2 py-2 align-top">
                    <input
                      name={`variants.${i}.sku`}
                      value={row.sku}
                      onChange={(e) => onRowChange(key, { sku: e.target.value })}
                      placeholder={skuBase ? baseSku(skuBase, combo.values) : "from SKU base"}
                      aria-label={`SKU for ${combo.title}`}
                      aria-invalid={Boolean(err("sku"))}
                      className={`${cell} font-mono`}
                    />
                    {err("sku") ? <p className="mt-1 text-xs text-red-700 dark:text-red-400">{err("sku")}</p> : null}
                  </td>
                  {input("price", "Price")}
                  {input("compareAtPrice", "Compare-at price")}
                  {input("stockQuantity", "Stock", "numeric")}
                  {input("weightGrams", "Weight in grams", "numeric")}
                  {input("barcode", "Barcode", "numeric")}
                </tr>
              );
            })}
          </tbody>
        </table>
        <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
          {combos.length} variant{combos.length === 1 ? "" : "s"}. A blank SKU is made from the SKU base and the first three letters of each value; if another variant already uses it, the server adds -1, -2, …
        </p>
      </div>
    </fieldset>
  );
}

export function blankRow(optionValues: Record<string, string>): EditorVariant {
  return { id: null, sku: "", optionValues, price: "", compareAtPrice: "", stockQuantity: "0", weightGrams: "", barcode: "" };
}
