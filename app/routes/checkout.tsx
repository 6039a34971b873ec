import crypto from "node:crypto";
import { data, redirect } from "react-router";
import { CheckoutPage } from "~/components/checkout/checkout-page";
import { formFields } from "~/lib/form-body.server";
import { CART_COOKIE, decodeCartCookie, readCookie } from "~/lib/cart/cart-cookie";
import { pageMeta } from "~/lib/meta";
import { requireSameOrigin } from "~/lib/same-origin.server";
import { checkoutFieldsOf } from "~/modules/customers/customers";
import { listAddresses, rememberCheckoutAddress } from "~/modules/customers/customers.server";
import { onlinePaymentEnabled, placeOrder, quoteCart } from "~/modules/orders/orders.server";
import { currentShopper } from "~/modules/staff/staff.server";
import type { Route } from "./+types/checkout";

// /checkout: rendered on the server from the cart's lines (a cookie the cart keeps) and today's
// prices; a plain form that works before any script runs. Placing the order is one action.

function cartOf(request: Request) {
  return decodeCartCookie(readCookie(request.headers.get("Cookie"), CART_COOKIE));
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const cart = cartOf(request);
  const shopper = await currentShopper(context.services.auth, request.headers);
  const quote = cart === "overflow" ? null : await quoteCart(context.services.db, cart, { onlinePayment: onlinePaymentEnabled(context.services.config) });
  // A signed-in shopper starts from a saved address: the one asked for (?address=), else the default.
  const savedAddresses = shopper ? await listAddresses(context.services.db, shopper.id) : [];
  const asked = new URL(request.url).searchParams.get("address");
  const chosen = savedAddresses.find((a) => a.id === asked) ?? savedAddresses.find((a) => a.isDefault) ?? null;
  return {
    quote,
    tooLarge: cart === "overflow",
    email: shopper?.email ?? "",
    signedIn: Boolean(shopper),
    savedAddresses,
    chosenAddressId: chosen?.id ?? null,
    prefill: chosen ? checkoutFieldsOf(chosen) : {},
    canonical: `${context.services.config.publicUrl}/checkout`,
    // One key per checkout attempt: a repeated submit of this page is the same order.
    idempotencyKey: `co_${crypto.randomBytes(16).toString("base64url")}`,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireSameOrigin(request, context.services.config.publicUrl);
  const form = await formFields(request);
  const values = Object.fromEntries(Object.entries(form).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  const cart = cartOf(request);
  if (cart === "overflow") return data({ error: "Your cart has too many different items for one order. Please split it into two orders.", values, fieldErrors: {} }, { status: 400 });
  const shopper = await currentShopper(context.services.auth, request.headers);
  const result = await placeOrder(context.services, form, cart, { userId: shopper?.id });
  switch (result.kind) {
    case "placed": {
      if (shopper && form.saveAddress === "on") {
        // "Save this address": a convenience; the order stands whatever happens here.
        await rememberCheckoutAddress(context.services.db, shopper.id, form).catch((error: unknown) =>
          context.services.log.error({ err: error, order: result.order.number }, "saving the checkout address failed"),
        );
      }
      const headers = new Headers({ "Set-Cookie": `${CART_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax` });
      // An online order lands on its payment step, which opens Razorpay Checkout at once.
      const pay = result.order.paymentMethod === "razorpay" ? "&pay=1" : "";
      throw redirect(`/thank-you?order=${encodeURIComponent(result.order.number)}&key=${encodeURIComponent(result.order.accessToken)}${pay}`, { headers });
    }
    case "invalid": {
      // The page's own hidden fields (its key, the quote it showed) have no field to highlight.
      const expired = result.fieldErrors.idempotencyKey ?? result.fieldErrors.quoteDigest;
      return data({ error: expired ?? "Please correct the highlighted fields.", values, fieldErrors: result.fieldErrors }, { status: 400 });
    }
    case "empty-cart":
      return data({ error: "Your cart is empty.", values, fieldErrors: {} }, { status: 400 });
    case "quote-changed":
      return data({ error: "Prices or availability changed since you opened checkout. Please review your order below, then place it again.", values, fieldErrors: {} }, { status: 409 });
    case "out-of-stock":
      return data({ error: result.message, values, fieldErrors: {} }, { status: 409 });
    case "payment-unavailable":
      return data({ error: result.message, values, fieldErrors: { paymentMethod: result.message } }, { status: 400 });
    case "key-reused":
      return data({ error: "This checkout was already used for another cart. Please review your order and place it again.", values, fieldErrors: {} }, { status: 409 });
  }
}

export const meta: Route.MetaFunction = ({ data: d }) => pageMeta({ title: "Checkout", description: "Place your GLACIAL order.", canonical: d?.canonical, noindex: true });

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  return <CheckoutPage {...loaderData} submitted={actionData ?? null} />;
}
