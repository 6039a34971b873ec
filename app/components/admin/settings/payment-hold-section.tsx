import { OperationForm, useOperationPending } from "~/components/admin/kit/operation-form";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { paymentHoldForm } from "~/modules/settings/settings";
import { useSchemaForm } from "~/components/admin/use-schema-form";
import { SettingsCard, type SectionResult } from "./section";

type Props = { setting: { value: { minutes: number }; version: number }; canEdit: boolean; result?: SectionResult };

export function PaymentHoldSection({ setting, canEdit, result }: Props) {
  const { errors, onSubmit } = useSchemaForm(paymentHoldForm, result?.fieldErrors);
  const busy = useOperationPending("payment-hold");
  return (
    <SettingsCard
      id="payment-hold"
      title="Online payment hold"
      description="An order paid online keeps its stock for its shopper this long; unpaid after that, it is cancelled and the stock goes back on sale. A change applies to orders placed from then on."
      result={result}
    >
      <OperationForm op="payment-hold" onSubmit={onSubmit} noValidate>
        <input type="hidden" name="version" value={setting.version} />
        <fieldset disabled={!canEdit} className="grid gap-4 sm:grid-cols-3">
          <legend className="sr-only">Online payment hold</legend>
          <TextField label="Hold (minutes)" name="minutes" inputMode="numeric" defaultValue={String(setting.value.minutes)} error={errors.minutes} required hint="1 to 1440; default 15." />
        </fieldset>
        {canEdit ? (
          <Button type="submit" variant="primary" className="mt-4" disabled={busy}>
            {busy ? "Saving..." : "Save payment hold"}
          </Button>
        ) : null}
      </OperationForm>
    </SettingsCard>
  );
}
