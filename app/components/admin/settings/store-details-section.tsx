import { OperationForm, useOperationPending } from "~/components/admin/kit/operation-form";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { storeDetailsForm } from "~/modules/settings/settings";
import { useSchemaForm } from "~/components/admin/use-schema-form";
import { SettingsCard, type SectionResult } from "./section";

type Props = { setting: { value: { store_name: string; phone: string; email: string }; version: number }; canEdit: boolean; result?: SectionResult };

export function StoreDetailsSection({ setting, canEdit, result }: Props) {
  const { errors, onSubmit } = useSchemaForm(storeDetailsForm, result?.fieldErrors);
  const busy = useOperationPending("store");
  return (
    <SettingsCard id="store-details" title="Store details" description="The storefront footer shows the phone and email; the store name appears in the copyright line." result={result}>
      <OperationForm op="store" onSubmit={onSubmit} noValidate>
        <input type="hidden" name="version" value={setting.version} />
        <fieldset disabled={!canEdit} className="grid gap-4 sm:grid-cols-3">
          <legend className="sr-only">Store details</legend>
          <TextField label="Store name" name="store_name" defaultValue={setting.value.store_name} error={errors.store_name} required maxLength={80} />
          <TextField label="Contact phone" name="phone" type="tel" defaultValue={setting.value.phone} error={errors.phone} required />
          <TextField label="Contact email" name="email" type="email" defaultValue={setting.value.email} error={errors.email} required />
        </fieldset>
        {canEdit ? (
          <Button type="submit" variant="primary" className="mt-4" disabled={busy}>
            {busy ? "Saving..." : "Save store details"}
          </Button>
        ) : null}
      </OperationForm>
    </SettingsCard>
  );
}
