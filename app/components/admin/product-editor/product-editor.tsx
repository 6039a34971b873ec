import { useEffect, useMemo, useState, type FormEvent } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { FormMessage, SelectField, TextAreaField, TextField } from "~/components/ui/field";
import { fieldErrors } from "~/lib/form-errors";
import { GST_RATES } from "~/lib/india";
import { MEANINGFUL_TAGS, productFormValues, slugify, productInput, type EditorValues, type EditorVariant, combinationKey, combineOptions } from "~/modules/catalog/catalog";
import { LeaveGuard } from "~/components/admin/leave-guard";
import { blankRow, VariantGenerator, type OptionDraft } from "./variant-generator";
import { panelClass } from "~/components/admin/kit/panel";
import { cn } from "~/lib/cn";

type Props = {
  initial: EditorValues;
  collections: { id: string; name: string }[];
  /** From the last save attempt on the server. */
  serverErrors?: Record<string, string>;
  serverError?: string | null;
  submitLabel: string;
  /** Where the form posts (the edit page's `?do=save`); the page's own action when not given. */
  action?: string;
  /** The shop's default GST rate (settings), offered as the product's rate unless it names its own. */
  shopGstPercent: number;
};

const MEANINGFUL = new Set<string>(MEANINGFUL_TAGS.map((t) => t.tag));
const DEFAULT_COMBO = { title: "Default", optionValues: {}, values: [] as string[] };

export function ProductEditor({ initial, collections, serverErrors, serverError, submitLabel, action, shopGstPercent }: Props) {
  const [title, setTitle] = useState(initial.title);
  const [slug, setSlug] = useState(initial.slug);
  // A new product's slug follows its title until someone types one.
  const [slugTouched, setSlugTouched] = useState(Boolean(initial.slug));
  const [skuBase, setSkuBase] = useState(initial.skuBase);
  const [options, setOptions] = useState<OptionDraft[]>(() => initial.options.map((o, i) => ({ key: i, name: o.name, values: o.values.join(", ") })));
  const [rows, setRows] = useState<Record<string, EditorVariant>>(() => Object.fromEntries(initial.variants.map((v) => [combinationKey(v.optionValues), v])));
  const [dirty, setDirty] = useState(false);
  const [clientErrors, setClientErrors] = useState<Record<string, string> | null>(null);
  const busy = useNavigation().state === "submitting";

  // A refused save leaves the changes unsaved: keep warning before leaving.
  useEffect(() => {
    if (serverError || (serverErrors && Object.keys(serverErrors).length)) setDirty(true);
  }, [serverError, serverErrors]);

  const combos = useMemo(() => {
    const generated = combineOptions(options.map((o) => ({ name: o.name, values: o.values.split(",") })));
    return generated.length ? generated : [DEFAULT_COMBO];
  }, [options]);

  const errors = clientErrors ?? serverErrors ?? {};
  const formError = clientErrors ? "Please correct the fields marked below." : (serverError ?? (serverErrors && Object.keys(serverErrors).length ? "Please correct the fields marked below." : null));
  // Errors with no field of their own on screen (a variant's clash, a vanished collection) are listed here.
  const shownElsewhere = /^(title|slug|description|status|sortOrder|seoTitle|seoDescription|hsnCode|gstRatePercent|skuBase|options\.\d+\.(name|values)|variants\.\d+\.\w+)$/;
  const otherErrors = Object.entries(errors).filter(([k]) => !shownElsewhere.test(k) && !combos.some((c) => k === `variants.${c.title}` || k === `variants.${c.title}.sku`));

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    // The same schema the server uses: mistakes show at once and nothing is sent.
    const parsed = productInput.safeParse(productFormValues(new FormData(e.currentTarget)));
    if (!parsed.success) {
      e.preventDefault();
      setClientErrors(fieldErrors(parsed.error));
      return;
    }
    setClientErrors(null);
    setDirty(false);
  };

  return (
    <Form method="post" action={action} onSubmit={onSubmit} onChange={() => setDirty(true)} noValidate className="mt-6 space-y-6">
      <LeaveGuard dirty={dirty && !busy} subject="This product" />
      <input type="hidden" name="version" value={initial.version ?? ""} />
      {formError ? <FormMessage error={formError} /> : null}
      {otherErrors.length ? (
        <ul role="alert" className="list-disc rounded-md border border-red-300 bg-red-50 py-2 pr-3 pl-8 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
          {otherErrors.map(([k, m]) => <li key={k}>{m}</li>)}
        </ul>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <fieldset className={cn(panelClass, "space-y-4")}>
          <legend className="px-1 text-lg font-semibold">Details</legend>
          <TextField
            label="Title"
            name="title"
            value={title}
            required
            error={errors.title}
            onChange={(e) => {
              setTitle(e.target.value);
              if (!slugTouched) setSlug(slugify(e.target.value));
            }}
          />
          <TextField
            label="Slug"
            name="slug"
            value={slug}
            error={errors.slug}
            hint={`The product's address: /product/${slug || "…"}`}
            onChange={(e) => {
              setSlugTouched(true);
              setSlug(e.target.value);
            }}
          />
          <TextAreaField label="Description" name="description" defaultValue={initial.description} rows={8} error={errors.description} hint="Markdown: **bold**, *italic*, lists and links. The storefront shows it sanitised." />
        </fieldset>

        <div className="space-y-6">
          <fieldset className={cn(panelClass, "space-y-4")}>
            <legend className="px-1 text-lg font-semibold">Publishing</legend>
            <SelectField label="Status" name="status" defaultValue={initial.status} error={errors.status}>
              <option value="draft">Draft</option>
              <option value="active">Active</option>
              <option value="archived">Archived</option>
            </SelectField>
            <label className="flex items-center gap-2 text-sm font-medium">
              <input type="checkbox" name="isBestSeller" defaultChecked={initial.isBestSeller} className="size-4" /> Best seller
            </label>
            <TextField label="Sort order" name="sortOrder" inputMode="numeric" defaultValue={initial.sortOrder} error={errors.sortOrder} hint="Lower numbers come first in lists." />
          </fieldset>

          <fieldset className={cn(panelClass, "space-y-2")}>
            <legend className="px-1 text-lg font-semibold">Tags</legend>
            {MEANINGFUL_TAGS.map((t) => (
              <label key={t.tag} className="flex items-center gap-2 text-sm">
                <input type="checkbox" name="tags" value={t.tag} defaultChecked={initial.tags.includes(t.tag)} className="size-4" /> {t.label}
              </label>
            ))}
            <TextField label="Other tags" name="otherTags" defaultValue={initial.tags.filter((t) => !MEANINGFUL.has(t)).join(", ")} hint="Comma-separated." error={Object.entries(errors).find(([k]) => k.startsWith("tags"))?.[1]} />
          </fieldset>

          <fieldset className={cn(panelClass, "space-y-2")}>
            <legend className="px-1 text-lg font-semibold">Collections</legend>
            {collections.length === 0 ? <p className="text-sm text-slate-700 dark:text-slate-300">No collections yet.</p> : null}
            {collections.map((c) => (
              <label key={c.id} className="flex items-center gap-2 text-sm">
                <input type="checkbox" name="collectionIds" value={c.id} defaultChecked={initial.collectionIds.includes(c.id)} className="size-4" /> {c.name}
              </label>
            ))}
          </fieldset>
        </div>
      </div>

      <fieldset className={cn(panelClass, "grid gap-4 sm:grid-cols-2")}>
        <legend className="px-1 text-lg font-semibold">Search engines and tax</legend>
        <TextField label="SEO title" name="seoTitle" defaultValue={initial.seoTitle} maxLength={70} error={errors.seoTitle} hint="Up to 70 characters; the title is used when empty." />
        <TextField label="HSN code" name="hsnCode" inputMode="numeric" defaultValue={initial.hsnCode} error={errors.hsnCode} hint="4, 6 or 8 digits, for GST invoices." />
        <SelectField label="GST rate" name="gstRatePercent" defaultValue={initial.gstRatePercent} error={errors.gstRatePercent} hint="Prices include it; invoices show it per line.">
          <option value="">Shop default ({shopGstPercent}%)</option>
          {GST_RATES.map((rate) => (
            <option key={rate} value={String(rate)}>
              {rate}%
            </option>
          ))}
        </SelectField>
        <TextAreaField label="SEO description" name="seoDescription" defaultValue={initial.seoDescription} maxLength={160} rows={2} error={errors.seoDescription} className="sm:col-span-2" />
      </fieldset>

      <div className="max-w-xs">
        <TextField label="SKU base" name="skuBase" value={skuBase} onChange={(e) => setSkuBase(e.target.value)} error={errors.skuBase} hint="New variants' SKUs start with it, upper-cased." />
      </div>
      <VariantGenerator
        options={options}
        onOptionsChange={(next) => {
          setOptions(next);
          setDirty(true);
        }}
        combos={combos}
        rows={rows}
        onRowChange={(key, patch) => setRows((r) => ({ ...r, [key]: { ...(r[key] ?? blankRow({})), ...patch } }))}
        skuBase={skuBase}
        errors={errors}
      />

      <div className="sticky bottom-0 flex items-center gap-3 border-t border-slate-200 bg-slate-50/95 py-3 dark:border-slate-800 dark:bg-slate-950/95">
        <Button type="submit" variant="primary" disabled={busy}>
          {busy ? "Saving…" : submitLabel}
        </Button>
        {dirty ? <span className="text-sm text-slate-700 dark:text-slate-300">Unsaved changes</span> : null}
      </div>
    </Form>
  );
}
