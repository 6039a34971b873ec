import { Download, Search } from "lucide-react";
import { Form, Link, useFetcher } from "react-router";
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
    <section aria-labelledby="subscribers-heading" className="rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="subscribers-heading" className="text-lg font-semibold">
          Newsletter subscribers
        </h2>
        <a href={exportHref} download className={buttonClass("secondary")} data-testid="export-subscribers">
          <Download className="size-4" aria-hidden="true" />
          Export CSV
        </a>
      </div>
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-3" role="search" preventScrollReset>
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
      {subscribers.rows.length ? (
        <div className="mt-2 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Newsletter subscribers</caption>
            <thead className="border-b border-slate-200 dark:border-slate-800">
              <tr>
                <th scope="col" className="py-2 pr-3">Email</th>
                <th scope="col" className="py-2 pr-3">Source</th>
                <th scope="col" className="py-2 pr-3">Consent</th>
                <th scope="col" className="py-2 pr-3">Consented</th>
                <th scope="col" className="py-2 pr-3">Status</th>
                <th scope="col" className="py-2"><span className="sr-only">Actions</span></th>
              </tr>
            </thead>
            <tbody>
              {subscribers.rows.map((s) => (
                <SubscriberRow key={s.id} subscriber={s} canEdit={canEdit} />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <nav aria-label="Subscriber pages" className="mt-4 flex gap-3">
        {query.page > 1 ? (
          <Link to={pageLink(query, query.page - 1)} className={buttonClass("secondary", "sm")}>
            Previous page
          </Link>
        ) : null}
        {to < subscribers.total ? (
          <Link to={pageLink(query, query.page + 1)} className={buttonClass("secondary", "sm")}>
            Next page
          </Link>
        ) : null}
      </nav>
    </section>
  );
}

function SubscriberRow({ subscriber: s, canEdit }: { subscriber: Subscriber; canEdit: boolean }) {
  const fetcher = useFetcher<{ ok: boolean; message?: string; error?: string }>();
  const pending = fetcher.state !== "idle";
  return (
    <tr className="border-b border-slate-100 align-top last:border-0 dark:border-slate-800">
      <th scope="row" className="py-2 pr-3 font-medium">{s.email}</th>
      <td className="py-2 pr-3">{SOURCES[s.source] ?? s.source}</td>
      <td className="max-w-xs py-2 pr-3 text-slate-700 dark:text-slate-300">{s.consentText ?? "—"}</td>
      <td className="py-2 pr-3 whitespace-nowrap">{s.consentedAt ? when.format(new Date(s.consentedAt)) : "—"}</td>
      <td className="py-2 pr-3">{s.unsubscribedAt ? `Unsubscribed ${when.format(new Date(s.unsubscribedAt))}` : "Subscribed"}</td>
      <td className="py-2 text-right">
        {canEdit && !s.unsubscribedAt ? (
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="unsubscribe" />
            <input type="hidden" name="id" value={s.id} />
            <Button type="submit" size="sm" disabled={pending} aria-label={`Unsubscribe ${s.email}`}>
              {pending ? "Unsubscribing..." : "Unsubscribe"}
            </Button>
          </fetcher.Form>
        ) : null}
        {fetcher.data && !fetcher.data.ok ? <FormMessage error={fetcher.data.error} /> : null}
      </td>
    </tr>
  );
}
