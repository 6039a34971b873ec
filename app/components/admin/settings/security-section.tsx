import { OperationForm } from "~/components/admin/kit/operation-form";
import { Button } from "~/components/ui/button";
import { SettingsCard, type SectionResult } from "./section";

export function SecuritySection({ requireMfa, canEdit, result }: { requireMfa: boolean; canEdit: boolean; result?: SectionResult }) {
  return (
    <SettingsCard id="staff-security" title="Staff security" result={result}>
      <OperationForm op="security">
        <fieldset disabled={!canEdit}>
          <legend className="sr-only">Staff security</legend>
          <label htmlFor="require-mfa" className="inline-flex items-center gap-2">
            <input id="require-mfa" name="require_mfa" type="checkbox" defaultChecked={requireMfa} className="size-4" />
            Require two-factor authentication (TOTP) for all staff
          </label>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">Staff without it are sent to their account page to set it up before anything else.</p>
        </fieldset>
        {canEdit ? (
          <Button type="submit" variant="primary" className="mt-3">
            Save
          </Button>
        ) : null}
      </OperationForm>
    </SettingsCard>
  );
}
