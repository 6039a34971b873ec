import { data } from "react-router";
import { handleRazorpayWebhook } from "~/modules/orders/orders.server";
import type { Route } from "./+types/api.payments.razorpay-webhook";

// POST /api/payments/razorpay/webhook: Razorpay's notices. No session and no Origin check (the
// request guards know this path): the signature over the raw body is the only credential.

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") throw data({ error: "Use POST." }, { status: 405, headers: { Allow: "POST" } });
  const body = new Uint8Array(await request.arrayBuffer());
  const answer = await handleRazorpayWebhook(context.services, body, {
    signature: request.headers.get("x-razorpay-signature"),
    eventId: request.headers.get("x-razorpay-event-id"),
  });
  return Response.json(answer.body, { status: answer.status, headers: { "Cache-Control": "no-store" } });
}

export function loader() {
  throw data({ error: "Use POST." }, { status: 405, headers: { Allow: "POST" } });
}
