import { useEffect, useRef, useState } from "react";
import { Form, Link, useFetcher, useRevalidator, useSearchParams } from "react-router";
import { toast } from "sonner";
import { EmptyState } from "~/components/admin/kit/empty-state";
import { useOperationAction } from "~/components/admin/kit/operation-form";
import { AdminPage, PageHeader } from "~/components/admin/kit/page-header";
import { MessageText } from "~/components/support/message-text";
import { TeachBot, type TeachPair } from "~/components/support/teach-bot";
import { Button } from "~/components/ui/button";
import { SelectField, TextAreaField, TextField } from "~/components/ui/field";
import { isStaffSender, STATUS_LABEL, type ConversationStatus } from "~/modules/support/support";
import type { getConversationDetail, listCannedReplies, listInbox } from "~/modules/support/support.server";

// The staff inbox (/admin/support): conversations on the left, the selected one (?c=id) on the
// right, kept live by the staff event stream.

export type SupportInboxData = {
  rows: Awaited<ReturnType<typeof listInbox>>;
  selected: Awaited<ReturnType<typeof getConversationDetail>>;
  filter: { status: string; assigned: string; q: string };
  canned: Awaited<ReturnType<typeof listCannedReplies>>;
  assignable: { id: string; name: string; email: string }[];
  me: string;
  canReply: boolean;
  canEdit: boolean;
  teaching: { create: boolean; edit: boolean; faqChoices: { id: string; question: string }[]; pairs: TeachPair[] };
};

/** What the inbox's action answered (a reply, an assignment, a status change, a lesson), or its refusal. */
export type SupportAnswer = { ok: true; form: string; message?: string } | { ok: false; error: string };

type InboxEvent = { conversationId: string; kind: string; senderType?: string; visitorName: string; status: ConversationStatus };

/** Follows the staff stream: refreshes the page data and tells staff about chats that need them. */
function useInboxLive() {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const [live, setLive] = useState(false);
  useEffect(() => {
    const source = new EventSource("/api/support/inbox/stream");
    let timer: ReturnType<typeof setTimeout> | undefined;
    source.onopen = () => setLive(true);
    source.onerror = () => setLive(false);
    source.addEventListener("inbox", (e) => {
      const event = JSON.parse((e as MessageEvent<string>).data) as InboxEvent;
      // One refresh per burst of events (a visitor message and the bot's reply arrive together).
      clearTimeout(timer);
      timer = setTimeout(() => void revalidate.current(), 150);
      const waiting = event.status === "waiting_for_staff" && (event.kind === "status" || event.senderType === "visitor");
      if (event.kind === "created") toast(`New support chat from ${event.visitorName}`, { id: `support-${event.conversationId}` });
      else if (waiting) toast(`${event.visitorName} is waiting for a reply`, { id: `support-${event.conversationId}` });
    });
    return () => {
      clearTimeout(timer);
      source.close();
    };
  }, []);
  return live;
}

const STATUS_STYLE: Record<ConversationStatus, string> = {
  open: "bg-emerald-100 text-emerald-900",
  waiting_for_staff: "bg-amber-100 text-amber-900",
  closed: "bg-slate-200 text-slate-800",
};

function StatusBadge({ status }: { status: ConversationStatus }) {
  return <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_STYLE[status]}`}>{STATUS_LABEL[status]}</span>;
}

export function SupportInboxScreen({ loaderData }: { loaderData: SupportInboxData }) {
  const { rows, selected, filter, canned, assignable, me, canReply, canEdit } = loaderData;
  const live = useInboxLive();
  const [params] = useSearchParams();
  const linkTo = (id: string) => {
    const next = new URLSearchParams(params);
    next.set("c", id);
    return `?${next.toString()}`;
  };

  return (
    <AdminPage width="full">
      <PageHeader
        title="Support"
        actions={
          <div className="flex items-center gap-4 text-sm">
            <span role="status" className={live ? "text-emerald-800" : "text-slate-600"}>
              {live ? "Live" : "Connecting…"}
            </span>
            <Link to="/admin/support/canned-replies" className="font-medium text-teal-800 underline">
              Canned replies
            </Link>
          </div>
        }
      />

      <Form method="get" role="search" className="flex flex-wrap items-end gap-3" aria-label="Filter conversations">
        <TextField label="Search" name="q" type="search" defaultValue={filter.q} placeholder="Name, email, phone or text" />
        <SelectField label="Status" name="status" defaultValue={filter.status}>
          <option value="all">All</option>
          <option value="open">Open</option>
          <option value="waiting_for_staff">Waiting for staff</option>
          <option value="closed">Closed</option>
        </SelectField>
        <SelectField label="Assigned" name="assigned" defaultValue={filter.assigned}>
          <option value="all">Anyone</option>
          <option value="me">Me</option>
          <option value="unassigned">Unassigned</option>
        </SelectField>
        <Button type="submit" variant="primary">
          Apply
        </Button>
      </Form>

      <div className="grid gap-4 lg:grid-cols-[22rem_1fr]">
        <section aria-labelledby="inbox-list-title" className="rounded-lg border border-slate-200">
          <h2 id="inbox-list-title" className="border-b border-slate-200 px-3 py-2 text-sm font-semibold">
            Conversations ({rows.length})
          </h2>
          {rows.length === 0 ? (
            <p className="p-4 text-sm text-slate-600">No conversations match.</p>
          ) : (
            <ul className="max-h-[70vh] divide-y divide-slate-100 overflow-y-auto">
              {rows.map((r) => (
                <li key={r.id}>
                  <Link
                    to={linkTo(r.id)}
                    aria-current={selected?.id === r.id ? "true" : undefined}
                    className={`block px-3 py-2 hover:bg-slate-50 ${selected?.id === r.id ? "bg-teal-50" : ""}`}
                  >
                    <span className="flex items-center justify-between gap-2">
                      <span className="truncate font-medium">{r.visitorName}</span>
                      {r.unread > 0 ? (
                        <span className="rounded-full bg-red-700 px-2 text-xs font-semibold text-white">
                          {r.unread}
                          <span className="sr-only"> unread</span>
                        </span>
                      ) : null}
                    </span>
                    <span className="block truncate text-sm text-slate-700">
                      {r.lastSender ? `${r.lastSender}: ` : ""}
                      {r.lastMessage}
                    </span>
                    <span className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-600">
                      <StatusBadge status={r.status} />
                      {r.isNew ? <span className="font-semibold text-teal-800">New</span> : null}
                      <span>{r.assigneeName ? `Assigned to ${r.assigneeName}` : "Unassigned"}</span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>

        {selected ? (
          <ConversationPanel key={selected.id} selected={selected} canned={canned} assignable={assignable} me={me} canReply={canReply} canEdit={canEdit} teaching={loaderData.teaching} />
        ) : (
          <EmptyState title="Choose a conversation to read and reply." />
        )}
      </div>
    </AdminPage>
  );
}

function ConversationPanel({
  selected,
  canned,
  assignable,
  me,
  canReply,
  canEdit,
  teaching,
}: Pick<SupportInboxData, "canned" | "assignable" | "me" | "canReply" | "canEdit" | "teaching"> & { selected: NonNullable<SupportInboxData["selected"]> }) {
  const reply = useFetcher<SupportAnswer>();
  const manage = useFetcher<SupportAnswer>();
  const assignAction = useOperationAction("assign");
  const statusAction = useOperationAction(selected.status === "closed" ? "reopen" : "close");
  const replyAction = useOperationAction("reply");
  const [text, setText] = useState("");
  const threadRef = useRef<HTMLOListElement>(null);

  useEffect(() => {
    if (reply.state === "idle" && reply.data?.ok) setText("");
  }, [reply.state, reply.data]);
  useEffect(() => {
    const error = reply.data && !reply.data.ok ? reply.data.error : manage.data && !manage.data.ok ? manage.data.error : null;
    if (error) toast.error("Error", { description: error });
  }, [reply.data, manage.data]);
  useEffect(() => {
    const list = threadRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [selected.messages.length]);

  return (
    <section aria-labelledby="conversation-title" className="flex min-w-0 flex-col rounded-lg border border-slate-200">
      <header className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-200 p-3">
        <div>
          <h2 id="conversation-title" className="text-lg font-semibold">
            {selected.visitor.name}
          </h2>
          <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm text-slate-700">
            <dt className="font-medium">Email</dt>
            <dd>{selected.visitor.email ?? "Not given"}</dd>
            <dt className="font-medium">Phone</dt>
            <dd>{selected.visitor.phone ?? "Not given"}</dd>
            <dt className="font-medium">Pages visited</dt>
            <dd>{selected.pagesVisited.length ? selected.pagesVisited.join(", ") : "Not known"}</dd>
            <dt className="font-medium">Status</dt>
            <dd>
              <StatusBadge status={selected.status} />
            </dd>
          </dl>
        </div>
        {canEdit ? (
          <div className="flex flex-col items-end gap-2">
            <manage.Form method="post" action={assignAction} className="flex items-end gap-2">
              <input type="hidden" name="conversationId" value={selected.id} />
              <SelectField label="Assigned to" name="assignee" defaultValue={selected.assignedTo ?? ""}>
                <option value="">Nobody</option>
                {assignable.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.id === me ? `Me (${s.name})` : s.name}
                  </option>
                ))}
              </SelectField>
              <Button type="submit" size="sm">
                Assign
              </Button>
            </manage.Form>
            <manage.Form method="post" action={statusAction}>
              <input type="hidden" name="conversationId" value={selected.id} />
              <Button type="submit" size="sm">
                {selected.status === "closed" ? "Reopen conversation" : "Close conversation"}
              </Button>
            </manage.Form>
          </div>
        ) : null}
      </header>

      <ol ref={threadRef} aria-label="Messages" tabIndex={0} className="flex max-h-[55vh] flex-1 flex-col gap-3 overflow-y-auto p-3">
        {selected.messages.map((m) => {
          const visitor = m.senderType === "visitor";
          return (
            <li key={m.id} className={`flex max-w-[80%] flex-col ${visitor ? "mr-auto items-start" : "ml-auto items-end"}`}>
              <span className="text-xs font-medium text-slate-600">
                {m.senderName} · {m.senderType === "ai" ? "Bot" : isStaffSender(m.senderType) ? `Staff (${m.senderType})` : "Visitor"} ·{" "}
                <time dateTime={m.createdAt}>{new Date(m.createdAt).toLocaleString("en-IN", { dateStyle: "short", timeStyle: "short" })}</time>
              </span>
              <div
                className={`rounded-2xl px-3 py-2 text-sm break-words whitespace-pre-wrap ${
                  visitor ? "bg-slate-100" : m.senderType === "ai" ? "border border-slate-200 bg-white" : "bg-brand text-white"
                }`}
              >
                <MessageText text={m.message} tone={isStaffSender(m.senderType) ? "dark" : "light"} />
              </div>
            </li>
          );
        })}
      </ol>

      <TeachBot conversationId={selected.id} pairs={teaching.pairs} faqChoices={teaching.faqChoices} canCreate={teaching.create} canEdit={teaching.edit} />

      {canReply ? (
        <reply.Form method="post" action={replyAction} className="border-t border-slate-200 p-3">
          <input type="hidden" name="conversationId" value={selected.id} />
          {canned.length ? (
            <SelectField
              label="Insert a canned reply"
              value=""
              onChange={(e) => {
                const body = canned.find((c) => c.id === e.target.value)?.body;
                if (body) setText((t) => (t ? `${t}\n${body}` : body));
              }}
              className="mb-2"
            >
              <option value="">Choose…</option>
              {canned.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.title}
                </option>
              ))}
            </SelectField>
          ) : null}
          <TextAreaField label={`Reply to ${selected.visitor.name}`} name="message" rows={3} value={text} onChange={(e) => setText(e.target.value)} />
          <Button type="submit" variant="primary" disabled={reply.state !== "idle" || !text.trim()} className="mt-2">
            {reply.state !== "idle" ? "Sending..." : "Send reply"}
          </Button>
        </reply.Form>
      ) : null}
    </section>
  );
}
