import { Link, useFetcher } from "react-router";
import { useOperationAction } from "~/components/admin/kit/operation-form";
import { AdminPage, PageHeader } from "~/components/admin/kit/page-header";
import { panelClass } from "~/components/admin/kit/panel";
import { Button } from "~/components/ui/button";
import { FormMessage, TextAreaField, TextField } from "~/components/ui/field";
import { cn } from "~/lib/cn";
import { MAX_MESSAGE_CHARS } from "~/modules/support/support";

// /admin/support/canned-replies: add, edit and delete the ready-made answers staff insert into a reply.

export type CannedRepliesData = { replies: { id: string; title: string; body: string }[]; canCreate: boolean; canEdit: boolean; canDelete: boolean };

/** What the canned-replies action answered. */
export type CannedReplyAnswer = { ok: true; error: null } | { ok: false; error: string };

function ReplyForm({ reply, op, submitLabel, canDelete }: { reply?: { id: string; title: string; body: string }; op: "create" | "update"; submitLabel: string; canDelete?: boolean }) {
  const fetcher = useFetcher<CannedReplyAnswer>();
  // The form posts its own operation; its delete button posts another (?do=delete).
  const action = useOperationAction(op);
  const deleteAction = useOperationAction("delete");
  const error = fetcher.data && !fetcher.data.ok ? fetcher.data.error : null;
  return (
    <fetcher.Form
      method="post"
      action={action}
      className={cn(panelClass, "space-y-2")}
      onSubmit={(e) => {
        if (!reply) setTimeout(() => (e.target as HTMLFormElement).reset(), 0);
      }}
    >
      {reply ? <input type="hidden" name="id" value={reply.id} /> : null}
      <TextField label="Title" name="title" defaultValue={reply?.title} required maxLength={80} />
      <TextAreaField label="Reply text" name="body" defaultValue={reply?.body} required rows={3} maxLength={MAX_MESSAGE_CHARS} />
      <FormMessage error={error} />
      <div className="flex gap-2">
        <Button type="submit" variant="primary" size="sm">
          {submitLabel}
        </Button>
        {reply && canDelete ? (
          <Button type="submit" variant="danger" size="sm" formAction={deleteAction} formNoValidate>
            Delete
          </Button>
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
          <ReplyForm op="create" submitLabel="Add reply" />
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
                <ReplyForm reply={r} op="update" submitLabel="Save" canDelete={canDelete} />
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
