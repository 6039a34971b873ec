import { OperationForm, useOperationPending } from "~/components/admin/kit/operation-form";
import { Button } from "~/components/ui/button";
import { SelectField, TextAreaField, TextField } from "~/components/ui/field";
import { INDIAN_STATES } from "~/lib/india";
import { storeTaxForm } from "~/modules/settings/settings";
import { useSchemaForm } from "~/components/admin/use-schema-form";
import { SettingsCard, type SectionResult } from "./section";

type Props = {
  setting: { value: { legal_name: string; gstin: string; state_code: string; address: string; default_hsn: string }; version: number };
  canEdit: boolean;
  result?: SectionResult;
};

export function StoreTaxSection({ setting, canEdit, result }: Props) {
  const { errors, onSubmit } = useSchemaForm(storeTaxForm, result?.fieldErrors);
  const busy = useOperationPending("tax");
  const v = setting.value;
  return (
    <SettingsCard
      id="tax"
      title="Tax invoices"
      description="The seller printed on every tax invoice and credit note. Orders shipped to the shop's state are charged CGST and SGST; orders to any other state, IGST. Invoices already issued keep what they printed."
      result={result}
    >
      {/* A saved version starts the form again from what is stored (the GSTIN as normalised: upper case, no spaces). */}
      <OperationForm key={setting.version} op="tax" onSubmit={onSubmit} noValidate>
        <input type="hidden" name="version" value={setting.version} />
        <fieldset disabled={!canEdit} className="grid gap-4 sm:grid-cols-2">
          <legend className="sr-only">Tax invoices</legend>
          <TextField label="Legal name" name="legal_name" defaultValue={v.legal_name} error={errors.legal_name} required maxLength={200} hint="As registered for GST." />
          <TextField
            label="GSTIN"
            name="gstin"
            defaultValue={v.gstin}
            error={errors.gstin}
            maxLength={15}
            autoCapitalize="characters"
            spellCheck={false}
            hint="15 characters, like 29ABCDE1234F1Z5; empty while the shop is not registered."
          />
          <SelectField label="State" name="state_code" defaultValue={v.state_code} error={errors.state_code} required hint="Where the shop is registered and ships from.">
            {INDIAN_STATES.map((s) => (
              <option key={s.code} value={s.code}>
                {s.name} ({s.code})
              </option>
            ))}
          </SelectField>
          <TextField label="Default HSN code" name="default_hsn" inputMode="numeric" defaultValue={v.default_hsn} error={errors.default_hsn} required hint="For products without an HSN code of their own." />
          <TextAreaField label="Address" name="address" rows={3} maxLength={500} defaultValue={v.address} error={errors.address} required className="sm:col-span-2" hint="The registered address, printed under the legal name." />
        </fieldset>
        {canEdit ? (
          <Button type="submit" variant="primary" className="mt-4" disabled={busy}>
            {busy ? "Saving..." : "Save tax details"}
          </Button>
        ) : null}
      </OperationForm>
    </SettingsCard>
  );
}
