import { Link, useFetcher } from "react-router";
import { AdminPage, PageHeader } from "~/components/admin/kit/page-header";
import { panelClass } from "~/components/admin/kit/panel";
import { cn } from "~/lib/cn";
import { MAX_MESSAGE_CHARS } from "~/modules/support/support";

// /admin/support/canned-replies: add, edit and delete the ready-made answers staff insert into a reply.

export type CannedRepliesData = { replies: { id: string; title: string; body: string }[]; canCreate: boolean; canEdit: boolean; canDelete: boolean };

/** What the canned-replies action answered. */
export type CannedReplyAnswer = { ok: true; error: null } | { ok: false; error: string };

const field = "mt-1 w-full rounded-md border border-slate-300 px-3 py-2 text-sm";

function ReplyForm({ reply, intent, submitLabel, canDelete }: { reply?: { id: string; title: string; body: string }; intent: "create" | "update"; submitLabel: string; canDelete?: boolean }) {
  const fetcher = useFetcher<CannedReplyAnswer>();
  const prefix = reply ? `canned-${reply.id}` : "canned-new";
  const error = fetcher.data && !fetcher.data.ok ? fetcher.data.error : null;
  return (
    <fetcher.Form
      method="post"
      className={cn(panelClass, "space-y-2")}
      onSubmit={(e) => {
        if (!reply) setTimeout(() => (e.target as HTMLFormElement).reset(), 0);
      }}
    >
      {reply ? <input type="hidden" name="id" value={reply.id} /> : null}
      <div>
        <label htmlFor={`${prefix}-title`} className="text-sm font-medium">
          Title
        </label>
        <input id={`${prefix}-title`} name="title" defaultValue={reply?.title} required maxLength={80} className={field} />
      </div>
      <div>
        <label htmlFor={`${prefix}-body`} className="text-sm font-medium">
          Reply text
        </label>
        <textarea id={`${prefix}-body`} name="body" defaultValue={reply?.body} required rows={3} maxLength={MAX_MESSAGE_CHARS} className={field} />
      </div>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <div className="flex gap-2">
        <button type="submit" name="intent" value={intent} className="rounded-md bg-brand px-3 py-1.5 text-sm font-semibold text-white">
          {submitLabel}
        </button>
        {reply && canDelete ? (
          <button type="submit" name="intent" value="delete" formNoValidate className="rounded-md border border-red-700 px-3 py-1.5 text-sm font-semibold text-red-800">
            Delete
          </button>
        ) : null}
      </div>
    </fetcher.Form>
  );
}

export function CannedRepliesScreen({ loaderData }: { loaderData: CannedRepliesData }) {
  const { replies, canCreate, canEdit, canDelete } = loaderData;
  return (
    <AdminPage width="narrow">
      <PageHeader
        title="Canned replies"
        description="Ready-made answers staff can insert into a reply."
        actions={
          <Link to="/admin/support" className="text-sm text-teal-800 underline">
            Back to the inbox
          </Link>
        }
      />
      {canCreate ? (
        <section aria-labelledby="new-reply">
          <h2 id="new-reply" className="mb-2 text-lg font-semibold">
            New canned reply
          </h2>
          <ReplyForm intent="create" submitLabel="Add reply" />
        </section>
      ) : null}
      <section aria-labelledby="all-replies">
        <h2 id="all-replies" className="mb-2 text-lg font-semibold">
          All canned replies ({replies.length})
        </h2>
        {replies.length === 0 ? <p className="text-sm text-slate-600">No canned replies yet.</p> : null}
        <ul className="space-y-3">
          {replies.map((r) => (
            <li key={r.id}>
              {canEdit ? (
                <ReplyForm reply={r} intent="update" submitLabel="Save" canDelete={canDelete} />
              ) : (
                <div className={panelClass}>
                  <p className="font-medium">{r.title}</p>
                  <p className="mt-1 text-sm whitespace-pre-wrap">{r.body}</p>
                </div>
              )}
            </li>
          ))}
        </ul>
      </section>
    </AdminPage>
  );
}
