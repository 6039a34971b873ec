import { Form, Link, useNavigation } from "react-router";
import { useSavedToast } from "~/components/admin/action-feedback";
import { OrderNoteForm } from "~/components/admin/orders/order-note-form";
import { AddressLines, type AddressView } from "~/components/ui/address-lines";
import { FormMessage } from "~/components/ui/field";
import type { ActionResult } from "~/lib/action-result";
import { formatPaise } from "~/lib/money";
import { discountLine, PAYMENT_STATUS_LABELS, STATUS_LABELS, type OrderStatus, type StaffTransition } from "~/modules/orders/orders";
import { PaymentEventsPanel, type PaymentEventView } from "./payment-events-panel";
import { RefundPanel, type CreditNoteView, type RefundView } from "./refund-panel";
import { AdminPage, PageHeader } from "~/components/admin/kit/page-header";
import { Panel } from "~/components/admin/kit/panel";

type Charge = { totalPaise: number };
export type OrderDetailProps = {
  canEdit: boolean;
  /** The action's answer (ActionResult): a done step or refund is a toast; a refusal shows beside the form that asked. */
  result: ActionResult | null;
  order: {
    id: string;
    number: string;
    version: number;
    status: OrderStatus;
    paymentMethod: string;
    paymentStatus: string;
    email: string;
    phone: string;
    gstin: string | null;
    createdAt: string;
    shippingAddress: AddressView;
    billingAddress: AddressView;
    carrier: string | null;
    trackingNumber: string | null;
    subtotalPaise: number;
    discountCode?: string | null;
    discountKind?: string | null;
    discountPaise?: number;
    shipping: Charge;
    codFee: Charge;
    cgstPaise: number;
    sgstPaise: number;
    igstPaise: number;
    roundOffPaise: number;
    totalPaise: number;
    lines: { id: string; title: string; variantTitle: string; sku: string; hsnCode: string; gstRatePercent: number; engraving: string | null; quantity: number; unitPricePaise: number; totalPaise: number }[];
    events: { id: string; kind: string; message: string; actorEmail: string | null; createdAt: string }[];
    invoice: { number: string } | null;
    next: StaffTransition[];
    paymentEvents: PaymentEventView[];
    refunds: RefundView[];
    creditNotes: CreditNoteView[];
    refundable: number;
  };
};

const when = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Kolkata" });
const button = "rounded-md bg-teal-800 px-4 py-2 font-semibold text-white hover:bg-teal-900 disabled:opacity-60";
const input = "mt-1 block w-56 rounded-md border border-slate-400 bg-white px-2 py-1.5 dark:border-slate-600 dark:bg-slate-950";

function AddressBlock({ title, address }: { title: string; address: AddressView }) {
  return (
    <div>
      <h3 className="font-semibold">{title}</h3>
      <p className="text-sm">
        <AddressLines address={address} />
      </p>
    </div>
  );
}

export function OrderDetail({ order, canEdit, result }: OrderDetailProps) {
  const busy = useNavigation().state === "submitting";
  useSavedToast(result);
  const tax = order.cgstPaise + order.sgstPaise + order.igstPaise;
  return (
    <AdminPage width="medium">
      <PageHeader title={`Order ${order.number}`} actions={<Link to="/admin/sales" className="text-teal-800 underline dark:text-teal-300">All orders</Link>} />
      <p>
        Placed {when.format(new Date(order.createdAt))} · <strong>{STATUS_LABELS[order.status]}</strong> · {PAYMENT_STATUS_LABELS[order.paymentStatus] ?? order.paymentStatus}
        {order.carrier ? <> · {order.carrier} {order.trackingNumber}</> : null}
        {order.invoice ? (
          <>
            {" "}
            · <a href={`/admin/orders/${order.id}/invoice.pdf`} className="text-teal-800 underline dark:text-teal-300">Tax invoice {order.invoice.number} (PDF)</a>
          </>
        ) : null}
      </p>
      {result && !result.ok && result.form !== "refund" ? <FormMessage error={result.error} /> : null}

      {canEdit && order.next.length ? (
        <Panel id="actions-heading" title="Next step">
          <div className="flex flex-wrap items-end gap-6">
            {order.next.includes("ship") ? (
              <Form method="post" className="flex flex-wrap items-end gap-3">
                <input type="hidden" name="action" value="ship" />
                <input type="hidden" name="version" value={order.version} />
                <label className="text-sm font-medium">
                  Carrier
                  <input name="carrier" required maxLength={60} className={input} placeholder="Delhivery" />
                </label>
                <label className="text-sm font-medium">
                  Tracking number
                  <input name="trackingNumber" required maxLength={60} className={input} />
                </label>
                <button type="submit" disabled={busy} className={button}>Mark shipped</button>
              </Form>
            ) : null}
            {(["deliver", "collect_cod", "cancel"] as const).filter((a) => order.next.includes(a)).map((a) => (
              <Form key={a} method="post" onSubmit={(e) => { if (a === "cancel" && !window.confirm(`Cancel order ${order.number}? Its items go back into stock.`)) e.preventDefault(); }}>
                <input type="hidden" name="action" value={a} />
                <input type="hidden" name="version" value={order.version} />
                <button type="submit" disabled={busy} className={a === "cancel" ? "rounded-md border border-red-700 px-4 py-2 font-semibold text-red-800 hover:bg-red-50 dark:text-red-300" : button}>
                  {a === "deliver" ? "Mark delivered" : a === "collect_cod" ? "Mark cash collected" : "Cancel order"}
                </button>
              </Form>
            ))}
          </div>
        </Panel>
      ) : null}

      <RefundPanel
        key={order.version}
        orderId={order.id}
        version={order.version}
        paymentMethod={order.paymentMethod}
        refundable={order.refundable}
        refunds={order.refunds}
        creditNotes={order.creditNotes}
        canEdit={canEdit}
        error={result && !result.ok && result.form === "refund" ? result.error : null}
      />

      <section aria-labelledby="lines-heading">
        <h2 id="lines-heading" className="text-lg font-semibold">Items</h2>
        <table className="mt-2 w-full text-left text-sm">
          <caption className="sr-only">Items of order {order.number}</caption>
          <thead className="border-b border-slate-300 dark:border-slate-700">
            <tr>
              <th scope="col" className="py-2 pr-4">Item</th>
              <th scope="col" className="py-2 pr-4">SKU</th>
              <th scope="col" className="py-2 pr-4">HSN</th>
              <th scope="col" className="py-2 pr-4 text-right">GST rate</th>
              <th scope="col" className="py-2 pr-4 text-right">Qty</th>
              <th scope="col" className="py-2 pr-4 text-right">Unit price</th>
              <th scope="col" className="py-2 text-right">Amount</th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((l) => (
              <tr key={l.id} className="border-b border-slate-200 dark:border-slate-800">
                <th scope="row" className="py-2 pr-4 font-normal">
                  {l.title}
                  {l.variantTitle !== "Default" ? ` (${l.variantTitle})` : ""}
                  {l.engraving ? <span className="block text-slate-600 dark:text-slate-400">Engraving: “{l.engraving}”</span> : null}
                </th>
                <td className="py-2 pr-4">{l.sku}</td>
                <td className="py-2 pr-4">{l.hsnCode}</td>
                {/* The rate frozen on the line when the order was placed, not the product's rate today. */}
                <td className="py-2 pr-4 text-right" data-testid="order-line-gst-rate">{l.gstRatePercent}%</td>
                <td className="py-2 pr-4 text-right">{l.quantity}</td>
                <td className="py-2 pr-4 text-right">{formatPaise(l.unitPricePaise)}</td>
                <td className="py-2 text-right">{formatPaise(l.totalPaise)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <dl className="ml-auto mt-3 w-72 space-y-1 text-sm">
          <div className="flex justify-between"><dt>Subtotal</dt><dd>{formatPaise(order.subtotalPaise)}</dd></div>
          {order.discountCode ? (
            <div className="flex justify-between" data-testid="order-discount">
              <dt>{discountLine({ code: order.discountCode, kind: order.discountKind ?? "", paise: order.discountPaise ?? 0 }).label}</dt>
              <dd>{discountLine({ code: order.discountCode, kind: order.discountKind ?? "", paise: order.discountPaise ?? 0 }).value}</dd>
            </div>
          ) : null}
          <div className="flex justify-between"><dt>Shipping</dt><dd>{order.shipping.totalPaise ? formatPaise(order.shipping.totalPaise) : "Free"}</dd></div>
          {order.codFee.totalPaise ? <div className="flex justify-between"><dt>COD fee</dt><dd>{formatPaise(order.codFee.totalPaise)}</dd></div> : null}
          {order.roundOffPaise ? <div className="flex justify-between"><dt>Round-off</dt><dd>{formatPaise(order.roundOffPaise)}</dd></div> : null}
          <div className="flex justify-between text-base font-bold"><dt>Total</dt><dd>{formatPaise(order.totalPaise)}</dd></div>
          <div className="flex justify-between text-slate-700 dark:text-slate-300">
            <dt>{order.igstPaise ? "IGST included" : "CGST + SGST included"}</dt>
            <dd>{formatPaise(tax)}</dd>
          </div>
        </dl>
      </section>

      <section aria-labelledby="customer-heading" className="grid gap-6 sm:grid-cols-3">
        <div>
          <h2 id="customer-heading" className="font-semibold">Customer</h2>
          <p className="text-sm">
            {order.email}
            <br />
            {order.phone}
            {order.gstin ? <><br />GSTIN {order.gstin}</> : null}
          </p>
        </div>
        <AddressBlock title="Ship to" address={order.shippingAddress} />
        <AddressBlock title="Bill to" address={order.billingAddress} />
      </section>

      <PaymentEventsPanel events={order.paymentEvents} />

      <section aria-labelledby="timeline-heading">
        <h2 id="timeline-heading" className="text-lg font-semibold">Timeline</h2>
        <ol className="mt-2 space-y-2 text-sm">
          {order.events.map((e) => (
            <li key={e.id}>
              <time dateTime={e.createdAt} className="text-slate-600 dark:text-slate-400">{when.format(new Date(e.createdAt))}</time> — {e.kind === "note" ? <strong>Note: </strong> : null}
              <span className="whitespace-pre-line">{e.message}</span>
              {e.actorEmail ? <span className="text-slate-600 dark:text-slate-400"> ({e.actorEmail})</span> : null}
            </li>
          ))}
        </ol>
        {canEdit ? <OrderNoteForm orderId={order.id} /> : null}
      </section>
    </AdminPage>
  );
}
