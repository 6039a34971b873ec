import { Panel, panelClass } from "~/components/admin/kit/panel";

export type OutboxRow = {
  id: string;
  to: string;
  subject: string;
  status: "outbox" | "queued" | "sent" | "failed";
  attempts: number;
  error: string | null;
  createdAt: string;
  /** The text, only for a reader allowed to see it (it may hold a sign-in link). */
  body: string | null;
  hidden: boolean;
};

const STATUS_LABEL = { outbox: "In outbox", queued: "Waiting to send", sent: "Sent", failed: "Failed" } as const;

function Linkified({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/[^\s]+)/g);
  return (
    <>
      {parts.map((part, i) =>
        /^https?:\/\//.test(part) ? (
          <a key={i} href={part} className="break-all text-teal-700 underline dark:text-teal-300">
            {part}
          </a>
        ) : (
          <span key={i}>{part}</span>
        ),
      )}
    </>
  );
}

/** The newest mails: who got what and when, each failed try's error, and (for those allowed) the text. */
export function OutboxList({ messages, transport }: { messages: OutboxRow[]; transport: "smtp" | "outbox" }) {
  const dateTime = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Kolkata" });
  return (
    <Panel
      title="Outbox"
      description={
        transport === "smtp"
          ? "Mail leaves through SMTP; this list keeps who got what and when (not the contents once sent). A failed send is tried again with growing pauses; each try's error shows here."
          : "No SMTP server is configured (SMTP_URL), so mail stays here instead of being sent."
      }
    >
      {messages.length === 0 ? (
        <p className="text-slate-600 dark:text-slate-300">No messages yet.</p>
      ) : (
        <ul className="space-y-3" aria-label="Outbox">
          {messages.map((m) => (
            <li key={m.id} className={panelClass}>
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <p className="font-medium">{m.subject}</p>
                <p className="text-sm text-slate-600 dark:text-slate-300">
                  {STATUS_LABEL[m.status]}
                  {m.status !== "outbox" && (m.attempts > 1 || m.status !== "sent") ? ` (${m.attempts} ${m.attempts === 1 ? "try" : "tries"})` : ""} ·{" "}
                  <time dateTime={m.createdAt}>{dateTime.format(new Date(m.createdAt))}</time>
                </p>
              </div>
              <p className="text-sm text-slate-700 dark:text-slate-200">To: {m.to}</p>
              {m.error ? <p className="mt-1 text-sm text-red-700 dark:text-red-300">Error: {m.error}</p> : null}
              {m.body ? (
                <details className="mt-2">
                  <summary className="cursor-pointer text-sm font-medium text-teal-800 dark:text-teal-300">Show message</summary>
                  <p className="mt-2 text-sm whitespace-pre-wrap">
                    <Linkified text={m.body} />
                  </p>
                </details>
              ) : m.hidden ? (
                <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">Only a super admin or the addressee can read this message.</p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
