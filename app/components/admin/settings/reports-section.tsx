import { OperationForm, useOperationPending } from "~/components/admin/kit/operation-form";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { useSchemaForm } from "~/components/admin/use-schema-form";
import { reportsForm } from "~/modules/settings/settings";
import { SettingsCard, type SectionResult } from "./section";

type Props = { setting: { value: { low_stock_threshold: number }; version: number }; canEdit: boolean; result?: SectionResult };

export function ReportsSection({ setting, canEdit, result }: Props) {
  const { errors, onSubmit } = useSchemaForm(reportsForm, result?.fieldErrors);
  const busy = useOperationPending("reports");
  return (
    <SettingsCard id="dashboard" title="Dashboard" description="The dashboard's low-stock card lists variants of active products with fewer than this many in stock." result={result}>
      <OperationForm op="reports" onSubmit={onSubmit} noValidate>
        <input type="hidden" name="version" value={setting.version} />
        <fieldset disabled={!canEdit} className="grid gap-4 sm:grid-cols-3">
          <legend className="sr-only">Dashboard</legend>
          <TextField label="Low-stock threshold" name="low_stock_threshold" inputMode="numeric" defaultValue={String(setting.value.low_stock_threshold)} error={errors.low_stock_threshold} hint="Default 5." required />
        </fieldset>
        {canEdit ? (
          <Button type="submit" variant="primary" className="mt-4" disabled={busy}>
            {busy ? "Saving..." : "Save dashboard settings"}
          </Button>
        ) : null}
      </OperationForm>
    </SettingsCard>
  );
}
