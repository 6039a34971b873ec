import type { ReactNode } from "react";
import { FormMessage } from "~/components/ui/field";

/** What a settings form's last submission answered (the route's action data, narrowed to one form). */
export type SectionResult = { ok: boolean; message?: string; error?: string; fieldErrors?: Record<string, string>; link?: string };

/** A titled card of the settings screen with the outcome of its last save. */
export function SettingsCard({ id, title, description, result, children }: { id: string; title: string; description?: ReactNode; result?: SectionResult; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{description}</p> : null}
      {result ? (
        <div className="mt-3">
          <FormMessage
            error={result.ok ? null : (result.error ?? (result.fieldErrors ? "Please correct the fields marked below." : "That did not work."))}
            success={result.ok ? result.message : null}
          />
        </div>
      ) : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}
