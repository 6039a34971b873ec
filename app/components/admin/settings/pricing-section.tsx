import { OperationForm, useOperationPending } from "~/components/admin/kit/operation-form";
import { Button } from "~/components/ui/button";
import { SelectField, TextField } from "~/components/ui/field";
import { GST_RATES } from "~/lib/india";
import { pricingForm } from "~/modules/settings/settings";
import { useSchemaForm } from "~/components/admin/use-schema-form";
import { SettingsCard, type SectionResult } from "./section";

type Props = {
  gst: { value: { percentage: number }; version: number };
  shipping: { value: { free_over_paise: number; flat_fee_paise: number }; version: number };
  canEdit: boolean;
  result?: SectionResult;
};

const rupees = (paise: number) => String(paise / 100);

export function PricingSection({ gst, shipping, canEdit, result }: Props) {
  const { errors, onSubmit } = useSchemaForm(pricingForm, result?.fieldErrors);
  const busy = useOperationPending("pricing");
  return (
    <SettingsCard
      id="pricing"
      title="GST and shipping"
      description="Prices include GST. A product may name its own rate in the catalogue. The storefront caches the GST rate for at most 60 seconds and drops the cache as soon as it is saved here."
      result={result}
    >
      <OperationForm op="pricing" onSubmit={onSubmit} noValidate>
        <input type="hidden" name="gst_version" value={gst.version} />
        <input type="hidden" name="shipping_version" value={shipping.version} />
        <fieldset disabled={!canEdit} className="grid gap-4 sm:grid-cols-3">
          <legend className="sr-only">GST and shipping</legend>
          <SelectField label="GST percentage" name="gst_percentage" defaultValue={String(gst.value.percentage)} error={errors.gst_percentage} hint="For every product without a rate of its own; default 18." required>
            {GST_RATES.map((rate) => (
              <option key={rate} value={String(rate)}>
                {rate}%
              </option>
            ))}
          </SelectField>
          <TextField
            label="Free shipping over (₹)"
            name="free_shipping_over"
            inputMode="decimal"
            defaultValue={rupees(shipping.value.free_over_paise)}
            error={errors.free_shipping_over}
            hint="Orders above this ship free; default ₹4999."
            required
          />
          <TextField label="Flat shipping fee (₹)" name="flat_shipping_fee" inputMode="decimal" defaultValue={rupees(shipping.value.flat_fee_paise)} error={errors.flat_shipping_fee} hint="Charged below the threshold." required />
        </fieldset>
        {canEdit ? (
          <Button type="submit" variant="primary" className="mt-4" disabled={busy}>
            {busy ? "Saving..." : "Save GST and shipping"}
          </Button>
        ) : null}
      </OperationForm>
    </SettingsCard>
  );
}
