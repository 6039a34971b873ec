import { Download, Search } from "lucide-react";
import { Form, useFetcher } from "react-router";
import { useOperationAction } from "~/components/admin/kit/operation-form";
import { DataTable, type Column } from "~/components/admin/kit/data-table";
import { Pager } from "~/components/admin/kit/pager";
import { Panel } from "~/components/admin/kit/panel";
import { Button, buttonClass } from "~/components/ui/button";
import { controlClass, FormMessage } from "~/components/ui/field";

type Subscriber = { id: string; email: string; source: string; consentText: string | null; consentedAt: string | null; unsubscribedAt: string | null; createdAt: string };
type Query = { q: string; status: "subscribed" | "unsubscribed" | "all"; page: number };
type Props = { subscribers: { total: number; rows: Subscriber[] }; query: Query; pageSize: number; canEdit: boolean };

const when = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Kolkata" });
const SOURCES: Record<string, string> = { footer: "Footer", popup: "Popup" };

function pageLink(query: Query, page: number): string {
  const p = new URLSearchParams({ q: query.q, status: query.status, page: String(page) });
  return `?${p.toString()}#subscribers-heading`;
}

/** Newsletter subscribers: search, consent record, unsubscribe, CSV export of what is listed. */
export function SubscribersSection({ subscribers, query, pageSize, canEdit }: Props) {
  const exportHref = `/admin/marketing/subscribers.csv?${new URLSearchParams({ q: query.q, status: query.status }).toString()}`;
  const from = subscribers.total === 0 ? 0 : (query.page - 1) * pageSize + 1;
  const to = Math.min(subscribers.total, query.page * pageSize);
  return (
    <Panel
      id="subscribers-heading"
      title="Newsletter subscribers"
      actions={
        <a href={exportHref} download className={buttonClass("secondary")} data-testid="export-subscribers">
          <Download className="size-4" aria-hidden="true" />
          Export CSV
        </a>
      }
    >
      <Form method="get" className="flex flex-wrap items-end gap-3" role="search" preventScrollReset>
        <div className="space-y-1">
          <label htmlFor="subscriber-search" className="block text-sm font-medium">
            Search by email
          </label>
          <input id="subscriber-search" type="search" name="q" defaultValue={query.q} className={`${controlClass} w-72`} />
        </div>
        <div className="space-y-1">
          <label htmlFor="subscriber-status" className="block text-sm font-medium">
            Status
          </label>
          <select id="subscriber-status" name="status" defaultValue={query.status} className={controlClass}>
            <option value="subscribed">Subscribed</option>
            <option value="unsubscribed">Unsubscribed</option>
            <option value="all">All</option>
          </select>
        </div>
        <Button type="submit">
          <Search className="size-4" aria-hidden="true" />
          Search
        </Button>
      </Form>
      <p className="mt-4 text-sm text-slate-700 dark:text-slate-300" role="status">
        {subscribers.total === 0 ? "No subscribers match." : `Showing ${from}–${to} of ${subscribers.total}.`}
      </p>
      {subscribers.rows.length ? <DataTable caption="Newsletter subscribers" className="mt-2" rows={subscribers.rows} rowKey={(s) => s.id} columns={columns(canEdit)} /> : null}
      <div className="mt-4">
        <Pager page={query.page} pageCount={Math.ceil(subscribers.total / pageSize)} hrefFor={(page) => pageLink(query, page)} label="Subscriber pages" />
      </div>
    </Panel>
  );
}

const columns = (canEdit: boolean): Column<Subscriber>[] => [
  { key: "email", header: "Email", rowHeader: true, cell: (s) => s.email },
  { key: "source", header: "Source", cell: (s) => SOURCES[s.source] ?? s.source },
  { key: "consent", header: "Consent", cell: (s) => <span className="block max-w-xs text-slate-700 dark:text-slate-300">{s.consentText ?? "—"}</span> },
  { key: "consented", header: "Consented", cell: (s) => <span className="whitespace-nowrap">{s.consentedAt ? when.format(new Date(s.consentedAt)) : "—"}</span> },
  { key: "status", header: "Status", cell: (s) => (s.unsubscribedAt ? `Unsubscribed ${when.format(new Date(s.unsubscribedAt))}` : "Subscribed") },
  { key: "actions", header: <span className="sr-only">Actions</span>, align: "end", cell: (s) => <UnsubscribeCell subscriber={s} canEdit={canEdit} /> },
];

/** One row's unsubscribe button, with its own request in flight and its own answer. */
function UnsubscribeCell({ subscriber: s, canEdit }: { subscriber: Subscriber; canEdit: boolean }) {
  const fetcher = useFetcher<{ ok: boolean; message?: string; error?: string }>();
  const pending = fetcher.state !== "idle";
  const action = useOperationAction("unsubscribe");
  return (
    <>
      {canEdit && !s.unsubscribedAt ? (
        <fetcher.Form method="post" action={action}>
          <input type="hidden" name="id" value={s.id} />
          <Button type="submit" size="sm" disabled={pending} aria-label={`Unsubscribe ${s.email}`}>
            {pending ? "Unsubscribing..." : "Unsubscribe"}
          </Button>
        </fetcher.Form>
      ) : null}
      {fetcher.data && !fetcher.data.ok ? <FormMessage error={fetcher.data.error} /> : null}
    </>
  );
}
