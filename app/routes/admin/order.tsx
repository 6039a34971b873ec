import { data } from "react-router";
import { z } from "zod";
import { OrderDetail } from "~/components/admin/orders/order-detail";
import { done, fail, refusedAs } from "~/lib/action-result";
import { adminMeta } from "~/lib/admin-meta";
import { getOrderDetail, transitionOrder, refundOrder } from "~/modules/orders/orders.server";
import { parseRupees, STAFF_TRANSITIONS } from "~/modules/orders/orders";
import { can } from "~/modules/staff/staff";
import { requireActionPermission, requirePagePermission, requireUuid } from "~/modules/staff/staff.server";
import type { Route } from "./+types/order";
import { versionField } from "~/lib/version-field";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = await requirePagePermission(context.services, request, "sales");
  const id = requireUuid(params.id, "order id");
  const order = await getOrderDetail(context.services.db, id);
  if (!order) throw data(null, { status: 404 });
  return {
    canEdit: can(staff.roles, "sales", "edit"),
    order: {
      ...order,
      createdAt: order.createdAt.toISOString(),
      updatedAt: order.updatedAt.toISOString(),
      paidAt: order.paidAt?.toISOString() ?? null,
      holdExpiresAt: order.holdExpiresAt?.toISOString() ?? null,
      events: order.events.map((e) => ({ ...e, createdAt: e.createdAt.toISOString() })),
      invoice: order.invoice ? { number: order.invoice.number } : null,
      paymentEvents: order.paymentEvents.map((e) => ({ ...e, createdAt: e.createdAt.toISOString() })),
      refunds: order.refunds.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
      creditNotes: order.creditNotes.map((n) => ({ id: n.id, number: n.number, amountPaise: n.amountPaise, invoiceNumber: n.invoiceNumber, issuedAt: n.issuedAt.toISOString() })),
    },
  };
}

const version = versionField;

const transitionInput = z.object({
  action: z.enum(STAFF_TRANSITIONS, { message: "Unknown action." }),
  version,
  carrier: z.string().trim().max(60, "The carrier's name can be at most 60 characters.").optional(),
  trackingNumber: z.string().trim().max(60, "The tracking number can be at most 60 characters.").optional(),
});

const refundInput = z.object({
  action: z.literal("refund"),
  version,
  amount: z
    .string({ message: "Enter the amount to refund." })
    .transform((v, ctx) => {
      const paise = parseRupees(v);
      if (paise === null) {
        ctx.addIssue({ code: "custom", message: "Enter the amount in rupees, like 500 or 499.50." });
        return z.NEVER;
      }
      return paise;
    }),
  reason: z.string({ message: "Say why the money goes back." }).trim().min(3, "Say why the money goes back.").max(300, "The reason can be at most 300 characters."),
  reference: z.string().trim().max(100, "The reference can be at most 100 characters.").optional(),
});

export async function action({ request, context, params }: Route.ActionArgs) {
  const staff = await requireActionPermission(context.services, request, "sales", "edit");
  const id = requireUuid(params.id, "order id");
  const form = Object.fromEntries(await request.formData());
  // Each answer names its form: a refund's refusal shows in the refund panel, a step's at the top.
  if (form.action === "refund") {
    const parsed = refundInput.safeParse(form);
    if (!parsed.success) return fail(400, { form: "refund", error: parsed.error.issues[0]!.message });
    const result = await refundOrder(context.services, staff.user, id, {
      amountPaise: parsed.data.amount,
      reason: parsed.data.reason,
      reference: parsed.data.reference,
      expectedVersion: parsed.data.version,
    });
    return result.ok ? done("refund", result.message) : refusedAs(result.refusal, result.message, "refund");
  }
  const parsed = transitionInput.safeParse(form);
  if (!parsed.success) return fail(400, { form: "transition", error: parsed.error.issues[0]!.message });
  const result = await transitionOrder(context.services, staff.user, id, {
    action: parsed.data.action,
    expectedVersion: parsed.data.version,
    carrier: parsed.data.carrier,
    trackingNumber: parsed.data.trackingNumber,
  });
  return result.ok ? done("transition", result.message) : refusedAs(result.refusal, result.message, "transition");
}

export const meta: Route.MetaFunction = ({ data: d }) => adminMeta(d?.order ? `Order ${d.order.number}` : "Order");

export default function OrderPage({ loaderData, actionData }: Route.ComponentProps) {
  return <OrderDetail {...loaderData} result={actionData ?? null} />;
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";
