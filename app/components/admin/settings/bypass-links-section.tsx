import { Copy } from "lucide-react";
import { OperationForm, useOperationPending } from "~/components/admin/kit/operation-form";
import { toast } from "sonner";
import { DataTable } from "~/components/admin/kit/data-table";
import { Button } from "~/components/ui/button";
import { SelectField, TextField } from "~/components/ui/field";
import { BYPASS_DURATIONS, bypassForm } from "~/modules/settings/settings";
import { useSchemaForm } from "~/components/admin/use-schema-form";
import { SettingsCard, type SectionResult } from "./section";

type Token = { id: string; label: string; expiresAt: string; revokedAt: string | null };
type Props = { tokens: Token[]; now: string; canEdit: boolean; result?: SectionResult };

const when = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Kolkata" });

function status(t: Token, now: string): string {
  if (t.revokedAt) return "Revoked";
  return t.expiresAt <= now ? "Expired" : "Active";
}

export function BypassLinksSection({ tokens, now, canEdit, result }: Props) {
  const { errors, onSubmit } = useSchemaForm(bypassForm, result?.fieldErrors);
  const busy = useOperationPending("bypass-create");
  const copy = async (link: string) => {
    try {
      await navigator.clipboard.writeText(link);
      toast.success("Link copied.");
    } catch {
      toast.error("Could not copy: select the link and copy it by hand.");
    }
  };
  return (
    <SettingsCard
      id="bypass-links"
      title="Maintenance bypass links"
      description="A bypass link lets someone without a staff account (a photographer, an agency) see the shop while maintenance is on, until it expires or is revoked."
      result={result}
    >
      {result?.ok && result.link ? (
        <div className="mb-4 space-y-2 rounded-md border border-teal-300 bg-teal-50 p-3 dark:border-teal-800 dark:bg-teal-950">
          <label htmlFor="new-bypass-link" className="block text-sm font-medium">
            New bypass link (shown only once)
          </label>
          <div className="flex gap-2">
            <input id="new-bypass-link" readOnly value={result.link} className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-xs dark:border-slate-600 dark:bg-slate-900" onFocus={(e) => e.currentTarget.select()} />
            <Button onClick={() => void copy(result.link!)} aria-label="Copy bypass link">
              <Copy className="size-4" aria-hidden="true" />
              Copy
            </Button>
          </div>
        </div>
      ) : null}
      <OperationForm op="bypass-create" onSubmit={onSubmit} noValidate>
        <fieldset disabled={!canEdit} className="grid gap-4 sm:grid-cols-[1fr_12rem_auto] sm:items-start">
          <legend className="sr-only">Create a bypass link</legend>
          <TextField label="Label" name="label" placeholder="Who is it for?" maxLength={100} error={errors.label} required />
          <SelectField label="Expires after" name="duration" defaultValue="1d" error={errors.duration}>
            {BYPASS_DURATIONS.map((d) => (
              <option key={d.value} value={d.value}>
                {d.label}
              </option>
            ))}
          </SelectField>
          {canEdit ? (
            <Button type="submit" variant="primary" className="sm:mt-6" disabled={busy}>
              {busy ? "Creating..." : "Create link"}
            </Button>
          ) : null}
        </fieldset>
      </OperationForm>
      <DataTable
        caption="Bypass links"
        className="mt-6"
        rows={tokens}
        rowKey={(t) => t.id}
        columns={[
          { key: "label", header: "Label", rowHeader: true, cell: (t) => t.label },
          { key: "expires", header: "Expires", cell: (t) => when.format(new Date(t.expiresAt)) },
          { key: "status", header: "Status", cell: (t) => status(t, now) },
          {
            key: "actions",
            header: <span className="sr-only">Actions</span>,
            align: "end",
            cell: (t) =>
              canEdit && status(t, now) === "Active" ? (
                <OperationForm op="bypass-revoke">
                  <input type="hidden" name="id" value={t.id} />
                  <Button type="submit" size="sm" variant="danger" aria-label={`Revoke ${t.label}`}>
                    Revoke
                  </Button>
                </OperationForm>
              ) : null,
          },
        ]}
        empty={<p className="mt-4 text-sm text-slate-600 dark:text-slate-300">No bypass links yet.</p>}
      />
    </SettingsCard>
  );
}
