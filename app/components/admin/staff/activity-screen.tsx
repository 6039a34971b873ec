import { Form, Link } from "react-router";
import { DataTable, type Column } from "~/components/admin/kit/data-table";
import { AdminPage, PageHeader } from "~/components/admin/kit/page-header";
import { panelClass } from "~/components/admin/kit/panel";
import { Button } from "~/components/ui/button";
import { SelectField } from "~/components/ui/field";
import { AUDIT_MODULES } from "~/modules/staff/staff";

// /admin/user-management/activity: the audit log, filtered by who acted and in which module.

type Entry = { id: string; createdAt: string; actorEmail: string; module: string; action: string; targetId: string | null; changes: { before?: Record<string, unknown>; after?: Record<string, unknown> } };

export type ActivityData = { filter: { user: string; module: string }; people: { id: string; email: string }[]; entries: Entry[] };

function Changes({ changes }: { changes: { before?: Record<string, unknown>; after?: Record<string, unknown> } }) {
  const keys = [...new Set([...Object.keys(changes.before ?? {}), ...Object.keys(changes.after ?? {})])];
  if (!keys.length) return <span className="text-slate-500 dark:text-slate-400">—</span>;
  const show = (v: unknown) => (v === undefined ? "—" : typeof v === "string" ? v : JSON.stringify(v));
  return (
    <ul className="space-y-0.5">
      {keys.map((k) => (
        <li key={k}>
          <span className="font-medium">{k}</span>: {changes.before && k in changes.before ? <>{show(changes.before[k])} → </> : null}
          {show(changes.after?.[k])}
        </li>
      ))}
    </ul>
  );
}

const when = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeStyle: "medium", timeZone: "Asia/Kolkata" });

const COLUMNS: Column<Entry>[] = [
  { key: "when", header: "When", cell: (e) => <time dateTime={e.createdAt} className="whitespace-nowrap">{when.format(new Date(e.createdAt))}</time> },
  { key: "who", header: "Who", cell: (e) => e.actorEmail },
  { key: "module", header: "Module", cell: (e) => e.module },
  { key: "action", header: "Action", cell: (e) => e.action },
  { key: "target", header: "Target", cell: (e) => <span className="font-mono text-xs">{e.targetId ?? "—"}</span> },
  { key: "changes", header: "Changes", cell: (e) => <Changes changes={e.changes} /> },
];

export function ActivityScreen({ loaderData }: { loaderData: ActivityData }) {
  return (
    <AdminPage>
      <PageHeader title="Activity" actions={<Link to="/admin/user-management" className="text-teal-800 underline dark:text-teal-300">Back to User Management</Link>} />
      <Form method="get" className="flex flex-wrap items-end gap-4">
        <SelectField label="User" name="user" defaultValue={loaderData.filter.user}>
          <option value="">All users</option>
          {loaderData.people.map((p) => (
            <option key={p.id} value={p.id}>{p.email}</option>
          ))}
        </SelectField>
        <SelectField label="Module" name="module" defaultValue={loaderData.filter.module}>
          <option value="">All modules</option>
          {AUDIT_MODULES.map((m) => (
            <option key={m} value={m}>{m}</option>
          ))}
        </SelectField>
        <Button type="submit" variant="primary">Filter</Button>
      </Form>
      <DataTable
        caption="Audit log"
        className={panelClass}
        rowHeaders={false}
        rows={loaderData.entries}
        rowKey={(e) => e.id}
        columns={COLUMNS}
        empty={<p className="text-slate-600 dark:text-slate-300">No activity matches.</p>}
      />
    </AdminPage>
  );
}
