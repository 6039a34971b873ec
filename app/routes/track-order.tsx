import { data, Form, useNavigation } from "react-router";
import { z } from "zod";
import { FormMessage, TextField } from "~/components/ui/field";
import { retryAfterHeaders } from "~/lib/action-result";
import { pageMeta } from "~/lib/meta";
import { formatPaise } from "~/lib/money";
import { actionThenLoaderHeaders } from "~/lib/route-headers";
import { requireSameOrigin } from "~/lib/same-origin.server";
import { REFUSAL_STATUS } from "~/lib/save-outcome";
import { trackOrder } from "~/modules/orders/orders.server";
import { PAYMENT_STATUS_LABELS, STATUS_LABELS, trackingLink, type OrderStatus } from "~/modules/orders/orders";
import { clientIpOf } from "~/modules/staff/staff.server";
import type { Route } from "./+types/track-order";

const input = z.object({
  number: z.string().trim().min(1, "Enter your order number, like GL-000123.").max(20, "Enter your order number, like GL-000123."),
  contact: z.string().trim().min(1, "Enter the email or mobile number you gave at checkout.").max(254, "That is too long for an email or mobile number."),
});

export async function action({ request, context }: Route.ActionArgs) {
  requireSameOrigin(request, context.services.config.publicUrl);
  const form = Object.fromEntries(await request.formData());
  const values = { number: typeof form.number === "string" ? form.number : "", contact: typeof form.contact === "string" ? form.contact : "" };
  const parsed = input.safeParse(form);
  if (!parsed.success) {
    const fieldErrors = Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
    return data({ values, fieldErrors, error: null, order: null }, { status: 400 });
  }
  const result = await trackOrder(context.services.db, { ...parsed.data, clientIp: clientIpOf(request.headers) });
  if (result.ok) {
    const o = result.order;
    return { values, fieldErrors: {}, error: null, order: { ...o, placedAt: o.placedAt.toISOString(), link: trackingLink(o.carrier, o.trackingNumber) } };
  }
  if (result.refusal === "rate-limited") {
    const minutes = Math.ceil(result.retryAfterSeconds / 60);
    return data(
      { values, fieldErrors: {}, error: `Too many tries. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}, or contact us.`, order: null },
      { status: REFUSAL_STATUS[result.refusal], headers: retryAfterHeaders(result.retryAfterSeconds) },
    );
  }
  return data({ values, fieldErrors: {}, error: "We could not find an order with those details. Check the order number and use the email or mobile number you gave at checkout.", order: null }, { status: REFUSAL_STATUS[result.refusal] });
}

export const headers: Route.HeadersFunction = actionThenLoaderHeaders;

export const meta: Route.MetaFunction = () => pageMeta({ title: "Track your order", description: "See where your GLACIAL order is.", noindex: true });

const when = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeZone: "Asia/Kolkata" });

export default function TrackOrder({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const order = actionData?.order;
  const fieldErrors: Record<string, string | undefined> = actionData?.fieldErrors ?? {};
  return (
    <div className="mx-auto max-w-lg px-4 py-12">
      <h1 className="text-3xl font-bold">Track your order</h1>
      <Form method="post" className="mt-8 space-y-4" noValidate aria-label="Track your order">
        {actionData?.error ? <FormMessage error={actionData.error} /> : null}
        <TextField label="Order number" name="number" placeholder="GL-000123" autoComplete="off" defaultValue={actionData?.values.number} error={fieldErrors.number} required />
        <TextField label="Email or mobile number" name="contact" autoComplete="email" defaultValue={actionData?.values.contact} error={fieldErrors.contact} required />
        <button type="submit" disabled={busy} className="w-full rounded-full bg-brand px-6 py-3 font-semibold text-white disabled:opacity-70">
          {busy ? "Looking..." : "Track order"}
        </button>
      </Form>
      {order ? (
        <section aria-labelledby="tracked" role="status" className="mt-8 rounded-2xl border border-slate-200 p-5">
          <h2 id="tracked" className="text-xl font-bold">
            Order {order.number}: {STATUS_LABELS[order.status as OrderStatus] ?? order.status}
          </h2>
          <p className="mt-2">
            Placed {when.format(new Date(order.placedAt))} · {order.itemCount} item{order.itemCount === 1 ? "" : "s"} · {formatPaise(order.totalPaise)} · to {order.city}
          </p>
          <p className="mt-1">{PAYMENT_STATUS_LABELS[order.paymentStatus] ?? order.paymentStatus}</p>
          {order.carrier ? (
            <p className="mt-2">
              Shipped with {order.carrier}, tracking number {order.trackingNumber}
              {order.link ? (
                <>
                  {" "}
                  — <a href={order.link} className="font-semibold text-brand underline" target="_blank" rel="noopener noreferrer">track it on the courier's site</a>
                </>
              ) : null}
            </p>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
