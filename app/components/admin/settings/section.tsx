import type { ReactNode } from "react";
import { Panel } from "~/components/admin/kit/panel";
import { FormMessage } from "~/components/ui/field";

/** What a settings form's last submission answered (the route's action data, narrowed to one form). */
export type SectionResult = { ok: boolean; message?: string; error?: string; fieldErrors?: Record<string, string>; link?: string };

/** A titled card of the settings screen with the outcome of its last save. */
export function SettingsCard({ id, title, description, result, children }: { id: string; title: string; description?: ReactNode; result?: SectionResult; children: ReactNode }) {
  return (
    <Panel id={id} title={title} description={description}>
      {result ? (
        <div className="mb-4">
          <FormMessage
            error={result.ok ? null : (result.error ?? (result.fieldErrors ? "Please correct the fields marked below." : "That did not work."))}
            success={result.ok ? result.message : null}
          />
        </div>
      ) : null}
      {children}
    </Panel>
  );
}
