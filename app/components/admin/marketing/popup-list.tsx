import { Plus } from "lucide-react";
import { Form, Link, useLocation } from "react-router";
import { Button, buttonClass } from "~/components/ui/button";
import { FormMessage } from "~/components/ui/field";
import { POPUP_FREQUENCIES } from "~/modules/marketing/marketing";

export type PopupRow = {
  id: string;
  title: string;
  isActive: boolean;
  showFrequency: string;
  delaySeconds: number;
  showOnPages: string[];
  version: number;
};
type Result = { ok: boolean; message?: string; error?: string };
type Can = { create: boolean; edit: boolean; delete: boolean };

export const frequencyLabel = (value: string) => POPUP_FREQUENCIES.find((f) => f.value === value)?.label ?? "Every visit";

/** The popups, which one is live, and the actions on each. */
export function PopupList({ popups, can, result }: { popups: PopupRow[]; can: Can; result?: Result }) {
  // A save in the editor closes it and hands its message over through the navigation state.
  const saved = (useLocation().state as { popupMessage?: string } | null)?.popupMessage;
  return (
    <section aria-labelledby="popups-heading" className="rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="popups-heading" className="text-lg font-semibold">
          Popups
        </h2>
        {can.create ? (
          <Link to="?popup=new" className={buttonClass("primary")}>
            <Plus className="size-4" aria-hidden="true" />
            New popup
          </Link>
        ) : null}
      </div>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        Only one popup can be active at a time: activating one deactivates the others. The storefront shows the active one.
      </p>
      <div className="mt-3">
        <FormMessage error={result && !result.ok ? result.error : null} success={result?.ok ? result.message : (saved ?? null)} />
      </div>
      {popups.length === 0 ? (
        <p className="mt-4 text-sm">No popups yet.</p>
      ) : (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Popups</caption>
            <thead className="border-b border-slate-200 dark:border-slate-800">
              <tr>
                <th scope="col" className="py-2 pr-3">Title</th>
                <th scope="col" className="py-2 pr-3">Status</th>
                <th scope="col" className="py-2 pr-3">Shows</th>
                <th scope="col" className="py-2 pr-3">Delay</th>
                <th scope="col" className="py-2 pr-3">Pages</th>
                <th scope="col" className="py-2"><span className="sr-only">Actions</span></th>
              </tr>
            </thead>
            <tbody>
              {popups.map((p) => (
                <tr key={p.id} data-testid={`popup-row-${p.id}`} className="border-b border-slate-100 align-top last:border-0 dark:border-slate-800">
                  <th scope="row" className="py-2 pr-3 font-medium">{p.title}</th>
                  <td className="py-2 pr-3">
                    <span className={p.isActive ? "rounded-full bg-teal-100 px-2 py-0.5 font-medium text-teal-900 dark:bg-teal-900 dark:text-teal-100" : "text-slate-600 dark:text-slate-300"}>
                      {p.isActive ? "Active" : "Inactive"}
                    </span>
                  </td>
                  <td className="py-2 pr-3">{frequencyLabel(p.showFrequency)}</td>
                  <td className="py-2 pr-3">{p.delaySeconds} s</td>
                  <td className="py-2 pr-3">{p.showOnPages.join(", ")}</td>
                  <td className="py-2">
                    <div className="flex flex-wrap justify-end gap-2">
                      <Link to={`?popup=${p.id}`} className={buttonClass("secondary", "sm")} aria-label={`Edit ${p.title}`}>
                        {can.edit ? "Edit" : "View"}
                      </Link>
                      {can.edit ? (
                        <Form method="post">
                          <input type="hidden" name="intent" value={p.isActive ? "popup-deactivate" : "popup-activate"} />
                          <input type="hidden" name="id" value={p.id} />
                          <input type="hidden" name="version" value={p.version} />
                          <Button type="submit" size="sm" aria-label={`${p.isActive ? "Deactivate" : "Activate"} ${p.title}`}>
                            {p.isActive ? "Deactivate" : "Activate"}
                          </Button>
                        </Form>
                      ) : null}
                      {can.delete ? (
                        <Form method="post" onSubmit={(e) => (window.confirm(`Delete the popup “${p.title}”?`) ? undefined : e.preventDefault())}>
                          <input type="hidden" name="intent" value="popup-delete" />
                          <input type="hidden" name="id" value={p.id} />
                          <Button type="submit" size="sm" variant="danger" aria-label={`Delete ${p.title}`}>
                            Delete
                          </Button>
                        </Form>
                      ) : null}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
