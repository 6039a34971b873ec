import { z } from "zod";
import { ORDER_STATUSES, PAYMENT_STATUSES } from "./order-rules";

// The orders list's GET parameters: anything malformed is ignored rather than an error.
const schema = z.object({
  q: z.string().trim().max(100).optional().catch(undefined),
  status: z.enum(ORDER_STATUSES).optional().catch(undefined),
  payment: z.enum(["cod", "razorpay"]).optional().catch(undefined),
  paymentStatus: z.enum(PAYMENT_STATUSES).optional().catch(undefined),
  from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional().catch(undefined),
  to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).optional().catch(undefined),
});

/** Dates are days in India (IST): "from" is that day's start, "to" the end of that day. */
function istDay(day: string, plusDays = 0): Date {
  const d = new Date(`${day}T00:00:00+05:30`);
  d.setUTCDate(d.getUTCDate() + plusDays);
  return d;
}

export function parseOrderFilter(params: URLSearchParams) {
  const f = schema.parse(Object.fromEntries(params));
  return {
    form: { q: f.q ?? "", status: f.status ?? "", payment: f.payment ?? "", paymentStatus: f.paymentStatus ?? "", from: f.from ?? "", to: f.to ?? "" },
    query: {
      q: f.q || undefined,
      status: f.status,
      payment: f.payment,
      paymentStatus: f.paymentStatus,
      from: f.from ? istDay(f.from) : undefined,
      to: f.to ? istDay(f.to, 1) : undefined,
      page: f.page,
    },
  };
}
