import { OperationForm, useOperationPending } from "~/components/admin/kit/operation-form";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { codForm } from "~/modules/settings/settings";
import { useSchemaForm } from "~/components/admin/use-schema-form";
import { SettingsCard, type SectionResult } from "./section";

type Props = { setting: { value: { enabled: boolean; fee_paise: number; max_order_paise: number }; version: number }; canEdit: boolean; result?: SectionResult };

const rupees = (paise: number) => String(paise / 100);

export function CodSection({ setting, canEdit, result }: Props) {
  const { errors, onSubmit } = useSchemaForm(codForm, result?.fieldErrors);
  const busy = useOperationPending("cod");
  const v = setting.value;
  return (
    <SettingsCard
      id="cod"
      title="Cash on delivery"
      description="Checkout offers cash on delivery while it is on and the order, fee included, is within the maximum. The fee includes GST, taxed at the goods' rate."
      result={result}
    >
      <OperationForm op="cod" onSubmit={onSubmit} noValidate>
        <input type="hidden" name="version" value={setting.version} />
        <fieldset disabled={!canEdit} className="space-y-4">
          <legend className="sr-only">Cash on delivery</legend>
          <label htmlFor="cod-enabled" className="inline-flex items-center gap-2 font-medium">
            <input id="cod-enabled" name="enabled" type="checkbox" defaultChecked={v.enabled} className="size-4" />
            Offer cash on delivery
          </label>
          <div className="grid gap-4 sm:grid-cols-3">
            <TextField label="COD fee (₹)" name="fee" inputMode="decimal" defaultValue={rupees(v.fee_paise)} error={errors.fee} required hint="Added to the order; 0 for none. Default ₹49." />
            <TextField
              label="Maximum COD order (₹)"
              name="max_order"
              inputMode="decimal"
              defaultValue={rupees(v.max_order_paise)}
              error={errors.max_order}
              required
              hint="Larger orders must pay online. Default ₹20,000."
            />
          </div>
        </fieldset>
        {canEdit ? (
          <Button type="submit" variant="primary" className="mt-4" disabled={busy}>
            {busy ? "Saving..." : "Save cash on delivery"}
          </Button>
        ) : null}
      </OperationForm>
    </SettingsCard>
  );
}
