import { Form, Link } from "react-router";
import { ConfirmDialog } from "~/components/admin/kit/confirm-dialog";
import { DataTable, type Column } from "~/components/admin/kit/data-table";
import { EmptyState } from "~/components/admin/kit/empty-state";
import { AdminPage, PageHeader } from "~/components/admin/kit/page-header";
import { Panel, panelClass } from "~/components/admin/kit/panel";
import { Stat, StatGrid } from "~/components/admin/kit/stat";
import { Button, buttonClass } from "~/components/ui/button";
import { FormMessage, TextAreaField, TextField } from "~/components/ui/field";
import type { ActionFailure } from "~/lib/action-result";
import { stateByCode } from "~/lib/india";
import { formatPaise } from "~/lib/money";
import { MAX_CUSTOMER_NOTE } from "~/modules/customers/customers";
import { orderColumns } from "~/components/admin/orders/order-columns";

type Detail = {
  customer: {
    key: string;
    kind: "account" | "guest";
    name: string;
    email: string;
    emailVerified: boolean;
    joinedAt: string;
    deactivated: boolean;
    erased: boolean;
    emails: string[];
    phones: string[];
    orderCount: number;
    paidOrderCount: number;
    lifetimeValuePaise: number;
    averageOrderValuePaise: number | null;
    lastOrderAt: string | null;
  };
  addresses: { id: string; name: string; phone: string; line1: string; line2: string | null; city: string; stateCode: string; pin: string; landmark: string | null; isDefault: boolean }[];
  orders: { id: string; number: string; createdAt: string; status: string; paymentStatus: string; totalPaise: number; refundedPaise: number; countsPaise: number | null }[];
  conversations: { id: string; status: string; visitorName: string; messageCount: number; lastMessageAt: string }[];
  newsletter: { email: string; subscribed: boolean; source: string; consentText: string | null; consentedAt: string | null; unsubscribedAt: string | null }[];
  notes: { id: string; body: string; authorEmail: string; createdAt: string }[];
  tags: string[];
  can: { note: boolean; deleteNote: boolean; tag: boolean; privacy: boolean };
  saved: string | null;
  result?: ActionFailure;
};

type OrderRow = Detail["orders"][number];

const day = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeZone: "Asia/Kolkata" });
const moment = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Kolkata" });

const order = orderColumns<OrderRow>();
const ORDER_COLUMNS: Column<OrderRow>[] = [
  order.number,
  order.placed,
  order.status,
  order.payment,
  order.total,
  { key: "refunded", header: "Refunded", align: "end", cell: (o) => (o.refundedPaise ? formatPaise(o.refundedPaise) : "—") },
  { key: "counts", header: "Counts towards value", align: "end", cell: (o) => (o.countsPaise === null ? "Not paid" : formatPaise(o.countsPaise)) },
];

export function CustomerDetailScreen({ customer, addresses, orders, conversations, newsletter, notes, tags, can, saved, result }: Detail) {
  const formError = (form: string) => (result && result.form === form ? result : undefined);
  const title = customer.erased ? "Erased customer" : customer.name || customer.email;
  return (
    <AdminPage>
      <p className="text-sm">
        <Link to="/admin/customers" className="text-teal-800 underline dark:text-teal-300">
          ← All customers
        </Link>
      </p>
      <PageHeader
        title={title}
        description={
          customer.erased
            ? "This person's personal data was erased. Their orders remain, with the invoice details the law requires."
            : `${customer.email} · ${customer.kind === "account" ? (customer.emailVerified ? "account, email confirmed" : "account, email not confirmed") : "guest buyer"} · joined ${day.format(new Date(customer.joinedAt))}${customer.deactivated ? " · deactivated" : ""}`
        }
        actions={
          can.privacy && !customer.erased ? (
            <>
              <Form method="post" action={`/admin/customers/${customer.key}/export.json`} reloadDocument>
                <button type="submit" className={buttonClass("secondary")}>
                  Export personal data (JSON)
                </button>
              </Form>
              <ConfirmDialog
                triggerLabel="Erase personal data"
                title={`Erase ${title}'s personal data?`}
                description={
                  <>
                    <p>
                      The account is anonymised and can no longer sign in; saved addresses, support chats, the newsletter subscription, mails, staff notes and tags are deleted. Orders stay
                      for the accounts, with their email and mobile replaced by a pseudonym; invoiced orders keep the buyer details printed on the tax invoice, as GST law requires.
                    </p>
                    <p className="mt-2 font-semibold">This cannot be undone.</p>
                  </>
                }
                confirmLabel="Erase"
                action="?do=erase"
                destructive
              />
            </>
          ) : null
        }
      />
      <FormMessage success={saved} error={result && !result.form ? result.error : null} />
      <StatGrid label="Figures">
        <Stat label="Orders" value={customer.orderCount} hint={`${customer.paidOrderCount} paid`} />
        <Stat label="Lifetime value" value={formatPaise(customer.lifetimeValuePaise)} hint="Paid orders less refunds" />
        <Stat label="Average order value" value={customer.averageOrderValuePaise === null ? "—" : formatPaise(customer.averageOrderValuePaise)} hint="Over paid orders" />
        <Stat label="Last order" value={customer.lastOrderAt ? day.format(new Date(customer.lastOrderAt)) : "—"} />
      </StatGrid>

      <Panel title="Orders">
        <DataTable caption="Orders, newest first" rows={orders} rowKey={(o) => o.id} columns={ORDER_COLUMNS} empty={<EmptyState title="No orders yet." />} />
      </Panel>

      <div className="grid gap-6 lg:grid-cols-2">
        <Panel title="Contact">
          <dl className="space-y-2 text-sm">
            <div>
              <dt className="font-medium">Email addresses used</dt>
              <dd>{customer.emails.join(", ") || "—"}</dd>
            </div>
            <div>
              <dt className="font-medium">Phone numbers</dt>
              <dd>{customer.phones.join(", ") || "—"}</dd>
            </div>
          </dl>
        </Panel>
        <Panel title="Newsletter consent">
          {newsletter.length === 0 ? (
            <p className="text-sm">Not subscribed: no consent recorded.</p>
          ) : (
            <ul className="space-y-2 text-sm">
              {newsletter.map((n) => (
                <li key={n.email}>
                  <span className="font-medium">{n.subscribed ? "Subscribed" : "Unsubscribed"}</span> ({n.email}, from {n.source})
                  {n.consentedAt ? <span className="block">Consented {moment.format(new Date(n.consentedAt))}{n.consentText ? `: “${n.consentText}”` : ""}</span> : null}
                  {n.unsubscribedAt ? <span className="block">Unsubscribed {moment.format(new Date(n.unsubscribedAt))}</span> : null}
                </li>
              ))}
            </ul>
          )}
        </Panel>
      </div>

      <Panel title="Saved addresses">
        {addresses.length === 0 ? (
          <p className="text-sm">{customer.kind === "guest" ? "A guest has no address book; each order keeps its own address." : "No saved addresses."}</p>
        ) : (
          <ul className="grid gap-4 text-sm sm:grid-cols-2">
            {addresses.map((a) => (
              <li key={a.id} className={panelClass}>
                <p className="font-medium">
                  {a.name}
                  {a.isDefault ? <span className="ml-2 text-xs font-normal">(default)</span> : null}
                </p>
                <p>
                  {a.line1}
                  {a.line2 ? `, ${a.line2}` : ""}
                  {a.landmark ? ` (near ${a.landmark})` : ""}
                </p>
                <p>
                  {a.city}, {stateByCode(a.stateCode)?.name ?? a.stateCode} {a.pin}
                </p>
                <p>{a.phone}</p>
              </li>
            ))}
          </ul>
        )}
      </Panel>

      <Panel title="Support conversations">
        {conversations.length === 0 ? (
          <p className="text-sm">No support conversations under these email addresses.</p>
        ) : (
          <ul className="space-y-2 text-sm">
            {conversations.map((c) => (
              <li key={c.id}>
                <Link to={`/admin/support?c=${c.id}`} className="text-teal-800 underline dark:text-teal-300">
                  {c.visitorName}, {c.messageCount} message{c.messageCount === 1 ? "" : "s"}
                </Link>{" "}
                · {c.status.replace(/_/g, " ")} · last {moment.format(new Date(c.lastMessageAt))}
              </li>
            ))}
          </ul>
        )}
      </Panel>

      <div className="grid gap-6 lg:grid-cols-2">
        <Panel title="Staff notes" description="Seen by staff only; included in the person's data export.">
          {can.note && !customer.erased ? (
            // Keyed by the notes shown: after a note is added the form starts empty again.
            <Form key={notes.length} method="post" action="?do=note" className="mb-4 space-y-2">
              <TextAreaField label="New note" name="body" rows={3} maxLength={MAX_CUSTOMER_NOTE} required defaultValue={formError("note")?.values?.body} error={formError("note")?.fieldErrors?.body} />
              <Button type="submit" variant="primary">
                Add note
              </Button>
            </Form>
          ) : null}
          {notes.length === 0 ? (
            <p className="text-sm">No notes yet.</p>
          ) : (
            <ul className="space-y-3 text-sm">
              {notes.map((n) => (
                <li key={n.id} className={panelClass}>
                  <p className="whitespace-pre-wrap">{n.body}</p>
                  <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
                    {n.authorEmail}, {moment.format(new Date(n.createdAt))}
                  </p>
                  {can.deleteNote ? (
                    <Form method="post" action="?do=deleteNote" className="mt-1">
                      <input type="hidden" name="noteId" value={n.id} />
                      <button type="submit" className="text-xs font-semibold text-red-800 underline dark:text-red-300">
                        Delete note
                      </button>
                    </Form>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
          {formError("deleteNote") ? <FormMessage error={formError("deleteNote")!.error} /> : null}
        </Panel>

        <Panel title="Tags">
          {tags.length === 0 ? (
            <p className="text-sm">No tags.</p>
          ) : (
            <ul className="flex flex-wrap gap-2 text-sm" aria-label="Tags">
              {tags.map((t) => (
                <li key={t} className="flex items-center gap-1 rounded-full border border-slate-300 px-3 py-1 dark:border-slate-600">
                  {t}
                  {can.tag ? (
                    <Form method="post" action="?do=untag">
                      <input type="hidden" name="tag" value={t} />
                      <button type="submit" className="ml-1 text-xs font-semibold text-red-800 underline dark:text-red-300" aria-label={`Remove tag ${t}`}>
                        Remove
                      </button>
                    </Form>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
          {can.tag && !customer.erased ? (
            <Form key={tags.join(",")} method="post" action="?do=tag" className="mt-4 flex items-start gap-2">
              <TextField label="Add a tag" name="tag" maxLength={32} required defaultValue={formError("tag")?.values?.tag} error={formError("tag")?.fieldErrors?.tag} hint="Letters, digits and hyphens, e.g. vip" />
              <Button type="submit" variant="secondary" className="mt-6">
                Add tag
              </Button>
            </Form>
          ) : null}
        </Panel>
      </div>
    </AdminPage>
  );
}
