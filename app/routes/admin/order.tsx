import { data } from "react-router";
import { z } from "zod";
import { OrderDetail } from "~/components/admin/orders/order-detail";
import { adminMeta } from "~/lib/admin-meta";
import { getOrderDetail, transitionOrder } from "~/modules/orders/order-admin.server";
import { STAFF_TRANSITIONS } from "~/modules/orders/order-rules";
import { can } from "~/modules/staff/permissions";
import { requireActionPermission, requirePagePermission, requireUuid } from "~/modules/staff/guard.server";
import type { Route } from "./+types/order";

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
      events: order.events.map((e) => ({ ...e, createdAt: e.createdAt.toISOString() })),
      invoice: order.invoice ? { number: order.invoice.number } : null,
    },
  };
}

const input = z.object({
  action: z.enum(STAFF_TRANSITIONS, { message: "Unknown action." }),
  version: z.coerce.number().int().min(1, "Reload the order and try again."),
  carrier: z.string().trim().max(60, "The carrier's name can be at most 60 characters.").optional(),
  trackingNumber: z.string().trim().max(60, "The tracking number can be at most 60 characters.").optional(),
});

export async function action({ request, context, params }: Route.ActionArgs) {
  const staff = await requireActionPermission(context.services, request, "sales", "edit");
  const id = requireUuid(params.id, "order id");
  const parsed = input.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ ok: false as const, error: parsed.error.issues[0]!.message }, { status: 400 });
  const result = await transitionOrder(context.services, staff.user, id, {
    action: parsed.data.action,
    expectedVersion: parsed.data.version,
    carrier: parsed.data.carrier,
    trackingNumber: parsed.data.trackingNumber,
  });
  if (result.ok) return { ok: true as const, message: result.message };
  const status = result.reason === "not-found" ? 404 : result.reason === "invalid" ? 400 : 409;
  return data({ ok: false as const, error: result.message }, { status });
}

export const meta: Route.MetaFunction = ({ data: d }) => adminMeta(d?.order ? `Order ${d.order.number}` : "Order");

export default function OrderPage({ loaderData, actionData }: Route.ComponentProps) {
  return <OrderDetail {...loaderData} result={actionData ?? null} />;
}

export { AdminErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";
