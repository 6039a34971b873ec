import { Link } from "react-router";
import { AddressLines, type AddressView } from "~/components/ui/address-lines";
import { OrderFigures } from "~/components/checkout/order-figures";
import { PAYMENT_STATUS_LABELS, STATUS_LABELS, type OrderStatus, type ShopperOrderFigures, type TimelineStep } from "~/modules/orders/orders";


export type AccountOrderProps = {
  order: ShopperOrderFigures & {
    number: string;
    placedAt: string;
    status: OrderStatus;
    paymentMethod: string;
    paymentStatus: string;
    email: string;
    phone: string;
    gstin: string | null;
    shippingAddress: AddressView;
    billingAddress: AddressView;
    carrier: string | null;
    trackingNumber: string | null;
    invoiceNumber: string | null;
  };
  timeline: TimelineStep[];
  trackingUrl: string | null;
  invoiceUrl: string | null;
};

const when = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Kolkata" });

function AddressBlock({ title, address, extra }: { title: string; address: AddressView; extra?: React.ReactNode }) {
  return (
    <div>
      <h3 className="font-semibold text-slate-900">{title}</h3>
      <address className="mt-1 text-slate-800 not-italic">
        <AddressLines address={address} />
        {extra}
      </address>
    </div>
  );
}

/** One of the shopper's orders: where it is, what was bought, what it cost, where it goes. */
export function AccountOrder({ order, timeline, trackingUrl, invoiceUrl }: AccountOrderProps) {
  return (
    <article aria-labelledby="order-heading" className="space-y-8">
      <div>
        <Link to="/account" className="text-sm font-semibold text-brand underline">
          ← All orders
        </Link>
        <h1 id="order-heading" className="mt-2 text-3xl font-bold text-slate-900">
          Order {order.number}
        </h1>
        <p className="mt-2 text-slate-800">
          Placed {when.format(new Date(order.placedAt))} · <strong>{STATUS_LABELS[order.status]}</strong> · {PAYMENT_STATUS_LABELS[order.paymentStatus] ?? order.paymentStatus}
        </p>
      </div>

      <section aria-labelledby="progress-heading" className="rounded-2xl border border-slate-200 p-5">
        <h2 id="progress-heading" className="text-xl font-bold text-slate-900">
          Progress
        </h2>
        <ol className="mt-4 space-y-3">
          {timeline.map((step) => (
            <li key={step.key} className="flex items-start gap-3">
              <span
                aria-hidden="true"
                className={`mt-1 inline-block h-3 w-3 shrink-0 rounded-full ${step.done ? (step.key === "cancelled" ? "bg-red-700" : "bg-teal-700") : "border-2 border-slate-400"}`}
              />
              <span>
                <span className="font-semibold">{step.label}</span>
                <span className="sr-only">{step.done ? ": done" : ": not yet"}</span>
                {step.at ? (
                  <>
                    {" "}
                    <time dateTime={step.at} className="text-slate-700">
                      {when.format(new Date(step.at))}
                    </time>
                  </>
                ) : step.done ? null : (
                  <span className="text-slate-700"> (not yet)</span>
                )}
              </span>
            </li>
          ))}
        </ol>
        {order.carrier ? (
          <p className="mt-4 text-slate-800">
            Shipped with {order.carrier}, tracking number {order.trackingNumber}
            {trackingUrl ? (
              <>
                {" "}
                —{" "}
                <a href={trackingUrl} className="font-semibold text-brand underline" target="_blank" rel="noopener noreferrer">
                  track it on the courier's site
                </a>
              </>
            ) : null}
          </p>
        ) : null}
      </section>

      <section aria-labelledby="items-heading">
        <h2 id="items-heading" className="text-xl font-bold text-slate-900">
          Items
        </h2>
        <OrderFigures order={order} totalTestId="account-order-total" roomy />
        {invoiceUrl ? (
          <p className="mt-4">
            <a href={invoiceUrl} className="font-semibold text-brand underline" download>
              Download tax invoice {order.invoiceNumber} (PDF)
            </a>
          </p>
        ) : (
          <p className="mt-4 text-sm text-slate-700">The tax invoice is issued when your order ships.</p>
        )}
      </section>

      <section aria-labelledby="addresses-heading" className="grid gap-6 sm:grid-cols-2">
        <h2 id="addresses-heading" className="sr-only">
          Addresses
        </h2>
        <AddressBlock
          title="Delivering to"
          address={order.shippingAddress}
          extra={
            <>
              <br />
              {order.phone}
            </>
          }
        />
        <AddressBlock
          title="Billing address"
          address={order.billingAddress}
          extra={
            order.gstin ? (
              <>
                <br />
                GSTIN {order.gstin}
              </>
            ) : null
          }
        />
      </section>
    </article>
  );
}
