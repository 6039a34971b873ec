import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { controlClass } from "~/components/ui/field";

export type RangePreset = { value: string; label: string };

/**
 * A GET form choosing a period: a preset, or "custom" with from/to dates (IST days). Being a plain
 * GET form, the chosen period is in the address, so it can be shared and works without script.
 */
export function DateRangeForm({
  presets,
  selected,
  from,
  to,
  label = "Period",
  hidden = {},
}: {
  presets: readonly RangePreset[];
  selected: string;
  from?: string;
  to?: string;
  label?: string;
  hidden?: Record<string, string>;
}) {
  return (
    // Keyed by the period shown: after a navigation to another period, the fields show it.
    <Form key={`${selected}:${from ?? ""}:${to ?? ""}`} method="get" aria-label={label} className="flex flex-wrap items-end gap-3">
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label className="text-sm font-medium">
        {label}
        <select name="range" defaultValue={selected} className={`${controlClass} mt-1 w-auto`}>
          {presets.map((p) => (
            <option key={p.value} value={p.value}>
              {p.label}
            </option>
          ))}
          <option value="custom">Custom dates</option>
        </select>
      </label>
      <label className="text-sm font-medium">
        From
        <input type="date" name="from" defaultValue={from} className={`${controlClass} mt-1 w-auto`} />
      </label>
      <label className="text-sm font-medium">
        To
        <input type="date" name="to" defaultValue={to} className={`${controlClass} mt-1 w-auto`} />
      </label>
      <button type="submit" className={buttonClass("primary")}>
        Show
      </button>
    </Form>
  );
}
