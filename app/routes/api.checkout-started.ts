import { data } from "react-router";
import { refusedAnswer } from "~/lib/action-result";
import { CART_COOKIE, decodeCartCookie, readCookie } from "~/lib/cart/cart-cookie";
import { requireSameOrigin } from "~/lib/same-origin.server";
import { noteCheckoutStarted } from "~/modules/orders/orders.server";
import { clientIpOf } from "~/modules/staff/staff.server";
import type { Route } from "./+types/api.checkout-started";

/**
 * POST /api/checkout/started (JSON: checkoutKey, email, name?): the checkout page reports the email
 * once the shopper has typed it, so one reminder can follow if no order does. The cart's lines come
 * from the cart cookie, as checkout's own do.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return data({ ok: false as const, error: "Use POST." }, { status: 405 });
  requireSameOrigin(request, context.services.config.publicUrl);
  const json = (await request.json().catch(() => null)) as Record<string, unknown> | null;
  if (!json || typeof json !== "object") return data({ ok: false as const, error: "Send the checkout's details as JSON." }, { status: 400 });
  try {
    const outcome = await noteCheckoutStarted(context.services, {
      checkoutKey: json.checkoutKey,
      email: json.email,
      name: json.name,
      cart: decodeCartCookie(readCookie(request.headers.get("Cookie"), CART_COOKIE)),
      clientIp: clientIpOf(request.headers),
    });
    return data({ ok: true as const, reminder: outcome.remindAt !== null });
  } catch (error) {
    // Bad input 400, a flooding network 429 with Retry-After: statuses from the one refusal table.
    return refusedAnswer(error);
  }
}
