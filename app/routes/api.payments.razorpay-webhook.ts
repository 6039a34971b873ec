import { data } from "react-router";
import { REFUSAL_STATUS } from "~/lib/save-outcome";
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
  const headers = { "Cache-Control": "no-store" };
  // Razorpay retries anything but a 2xx: a refusal gets its status from the one refusal table.
  if (!answer.ok) return Response.json({ ok: false, error: answer.error }, { status: REFUSAL_STATUS[answer.refusal], headers });
  return Response.json(answer, { headers });
}

export function loader() {
  throw data({ error: "Use POST." }, { status: 405, headers: { Allow: "POST" } });
}
