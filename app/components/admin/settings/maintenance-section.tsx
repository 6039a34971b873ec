import { OperationForm, useOperationPending } from "~/components/admin/kit/operation-form";
import { Button } from "~/components/ui/button";
import { TextAreaField } from "~/components/ui/field";
import { maintenanceForm } from "~/modules/settings/settings";
import { useSchemaForm } from "~/components/admin/use-schema-form";
import { SettingsCard, type SectionResult } from "./section";

type Props = { setting: { value: { enabled: boolean; message: string }; version: number }; canEdit: boolean; result?: SectionResult };

export function MaintenanceSection({ setting, canEdit, result }: Props) {
  const { errors, onSubmit } = useSchemaForm(maintenanceForm, result?.fieldErrors);
  const busy = useOperationPending("maintenance");
  const on = setting.value.enabled;
  return (
    <SettingsCard
      id="maintenance"
      title="Maintenance mode"
      description="While it is on, visitors see the maintenance page. Admins, super admins and holders of a bypass link still reach the shop."
      result={result}
    >
      <p className="mb-4 text-sm">
        Status:{" "}
        <strong data-testid="maintenance-status" className={on ? "text-red-800 dark:text-red-300" : "text-teal-800 dark:text-teal-300"}>
          {on ? "On — the shop is closed to visitors" : "Off — the shop is open"}
        </strong>
      </p>
      <OperationForm op="maintenance" onSubmit={onSubmit} noValidate>
        <input type="hidden" name="version" value={setting.version} />
        <fieldset disabled={!canEdit} className="space-y-4">
          <legend className="sr-only">Maintenance mode</legend>
          <label htmlFor="maintenance-enabled" className="inline-flex items-center gap-2 font-medium">
            <input id="maintenance-enabled" name="enabled" type="checkbox" defaultChecked={on} className="size-4" />
            Maintenance mode on
          </label>
          <TextAreaField label="Message for visitors" name="message" rows={3} maxLength={2000} defaultValue={setting.value.message} error={errors.message} hint="Shown on the maintenance page; up to 2000 characters." />
        </fieldset>
        {canEdit ? (
          <Button type="submit" variant="primary" className="mt-4" disabled={busy}>
            {busy ? "Saving..." : "Save maintenance mode"}
          </Button>
        ) : null}
      </OperationForm>
    </SettingsCard>
  );
}
