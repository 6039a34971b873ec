import { adminMeta } from "~/lib/admin-meta";
import { listOutbox } from "~/modules/mail/mail.server";
import { requirePagePermission } from "~/modules/staff/staff.server";
import type { Route } from "./+types/email-templates";
import { AdminPage, PageHeader } from "~/components/admin/kit/page-header";

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requirePagePermission(context.services, request, "email_templates");
  const rows = await listOutbox(context.services.db, { limit: 100 });
  // Messages may carry password links: only a super_admin, or the addressee, reads the body.
  const superAdmin = staff.roles.includes("super_admin");
  return {
    transport: context.services.mailer.transport,
    messages: rows.map((m) => ({
      id: m.id,
      to: m.to,
      subject: m.subject,
      status: m.status,
      error: m.error,
      createdAt: m.createdAt.toISOString(),
      body: superAdmin || m.to === staff.user.email ? m.text : null,
      hidden: m.text !== null && !(superAdmin || m.to === staff.user.email),
    })),
  };
}

export const meta: Route.MetaFunction = () => adminMeta("Email Templates");

const STATUS_LABEL = { outbox: "In outbox", sent: "Sent", failed: "Failed" } as const;

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

export default function EmailTemplatesPage({ loaderData }: Route.ComponentProps) {
  const { messages, transport } = loaderData;
  const dateTime = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Kolkata" });
  return (
    <AdminPage width="medium">
      <PageHeader title="Email Templates" />
      <p className="rounded-lg border border-dashed border-slate-300 p-4 text-slate-700 dark:border-slate-700 dark:text-slate-200">
        Editing the shop's email templates is not available yet: it comes with the email templates module. The outbox below works now.
      </p>
      <div>
        <h2 className="mt-2 text-xl font-semibold">Outbox</h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          {transport === "smtp"
            ? "Mail leaves through SMTP; this list keeps who got what and when (not the contents)."
            : "No SMTP server is configured (SMTP_URL), so mail stays here instead of being sent."}
        </p>
      </div>
      {messages.length === 0 ? (
        <p className="text-slate-600 dark:text-slate-300">No messages yet.</p>
      ) : (
        <ul className="space-y-3" aria-label="Outbox">
          {messages.map((m) => (
            <li key={m.id} className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <p className="font-medium">{m.subject}</p>
                <p className="text-sm text-slate-600 dark:text-slate-300">
                  {STATUS_LABEL[m.status]} · <time dateTime={m.createdAt}>{dateTime.format(new Date(m.createdAt))}</time>
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
    </AdminPage>
  );
}
