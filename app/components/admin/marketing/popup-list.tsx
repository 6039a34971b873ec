import { Plus } from "lucide-react";
import { Link, useLocation } from "react-router";
import { OperationForm } from "~/components/admin/kit/operation-form";
import { DataTable, type Column } from "~/components/admin/kit/data-table";
import { Panel } from "~/components/admin/kit/panel";
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
    <Panel
      id="popups-heading"
      title="Popups"
      description="Only one popup can be active at a time: activating one deactivates the others. The storefront shows the active one."
      actions={
        can.create ? (
          <Link to="?popup=new" className={buttonClass("primary")}>
            <Plus className="size-4" aria-hidden="true" />
            New popup
          </Link>
        ) : null
      }
    >
      <FormMessage error={result && !result.ok ? result.error : null} success={result?.ok ? result.message : (saved ?? null)} />
      <DataTable caption="Popups" className="mt-4" rows={popups} rowKey={(p) => p.id} columns={columns(can)} empty={<p className="mt-4 text-sm">No popups yet.</p>} />
    </Panel>
  );
}

const columns = (can: Can): Column<PopupRow>[] => [
  { key: "title", header: "Title", rowHeader: true, cell: (p) => p.title },
  {
    key: "status",
    header: "Status",
    cell: (p) => (
      <span className={p.isActive ? "rounded-full bg-teal-100 px-2 py-0.5 font-medium text-teal-900 dark:bg-teal-900 dark:text-teal-100" : "text-slate-600 dark:text-slate-300"}>
        {p.isActive ? "Active" : "Inactive"}
      </span>
    ),
  },
  { key: "shows", header: "Shows", cell: (p) => frequencyLabel(p.showFrequency) },
  { key: "delay", header: "Delay", cell: (p) => `${p.delaySeconds} s` },
  { key: "pages", header: "Pages", cell: (p) => p.showOnPages.join(", ") },
  {
    key: "actions",
    header: <span className="sr-only">Actions</span>,
    cell: (p) => (
      <div className="flex flex-wrap justify-end gap-2">
        <Link to={`?popup=${p.id}`} className={buttonClass("secondary", "sm")} aria-label={`Edit ${p.title}`}>
          {can.edit ? "Edit" : "View"}
        </Link>
        {can.edit ? (
          <OperationForm op={p.isActive ? "popup-deactivate" : "popup-activate"}>
            <input type="hidden" name="id" value={p.id} />
            <input type="hidden" name="version" value={p.version} />
            <Button type="submit" size="sm" aria-label={`${p.isActive ? "Deactivate" : "Activate"} ${p.title}`}>
              {p.isActive ? "Deactivate" : "Activate"}
            </Button>
          </OperationForm>
        ) : null}
        {can.delete ? (
          <OperationForm op="popup-delete" onSubmit={(e) => (window.confirm(`Delete the popup “${p.title}”?`) ? undefined : e.preventDefault())}>
            <input type="hidden" name="id" value={p.id} />
            <Button type="submit" size="sm" variant="danger" aria-label={`Delete ${p.title}`}>
              Delete
            </Button>
          </OperationForm>
        ) : null}
      </div>
    ),
  },
];
