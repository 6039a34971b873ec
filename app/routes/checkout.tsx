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
  const online = onlinePaymentEnabled(context.services.config);
  // The discount box's buttons: price the cart again with (or without) the code and show the page
  // again with everything typed so far; nothing is placed. A plain form post, so it works without script.
  if (values.intent === "apply-discount" || values.intent === "remove-discount") {
    const code = values.intent === "apply-discount" ? (values.discountCode ?? "").trim() : "";
    if (values.intent === "apply-discount" && !code) {
      return data({ error: "", values: { ...values, discountCode: "" }, fieldErrors: { discountCode: "Enter a discount code." }, quote: await quoteCart(context.services.db, cart, { onlinePayment: online }) }, { status: 400 });
    }
    const quote = await quoteCart(context.services.db, cart, { onlinePayment: online, discountCode: code, email: values.email });
    const fieldErrors: Record<string, string> = quote.discountRefused ? { discountCode: quote.discountRefused.message } : {};
    // An automatic discount is not a code the shopper typed: the box keeps only a typed one.
    const typed = quote.discount && !quote.discount.automatic ? quote.discount.code : "";
    return data({ error: "", values: { ...values, discountCode: typed }, fieldErrors, quote }, { status: quote.discountRefused ? 400 : 200 });
  }
  const shopper = await currentShopper(context.services.auth, request.headers);
  const result = await placeOrder(context.services, form, cart, { userId: shopper?.id });
  // Shown again with the code the shopper applied, priced as the server sees it now.
  const requote = () => quoteCart(context.services.db, cart, { onlinePayment: online, discountCode: values.discountCode, email: values.email });
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
      return data({ error: expired ?? "Please correct the highlighted fields.", values, fieldErrors: result.fieldErrors, quote: await requote() }, { status: 400 });
    }
    case "empty-cart":
      return data({ error: "Your cart is empty.", values, fieldErrors: {} }, { status: 400 });
    case "quote-changed": {
      const discountNow = result.quote.discount && !result.quote.discount.automatic ? result.quote.discount.code : "";
      const message =
        discountNow !== (values.discountCode ?? "").trim().toUpperCase() || result.quote.discountRefused
          ? "Your discount code changed the total. Please review your order below, then place it again."
          : "Prices or availability changed since you opened checkout. Please review your order below, then place it again.";
      return data({ error: message, values: { ...values, discountCode: discountNow }, fieldErrors: {}, quote: result.quote }, { status: 409 });
    }
    case "out-of-stock":
      return data({ error: result.message, values, fieldErrors: {}, quote: await requote() }, { status: 409 });
    case "discount-refused":
      return data({ error: `${result.message} Your order was not placed: please review the new total below.`, values: { ...values, discountCode: "" }, fieldErrors: { discountCode: result.quote.discountRefused?.message ?? result.message }, quote: result.quote }, { status: 409 });
    case "payment-unavailable":
      return data({ error: result.message, values, fieldErrors: { paymentMethod: result.message }, quote: await requote() }, { status: 400 });
    case "key-reused":
      return data({ error: "This checkout was already used for another cart. Please review your order and place it again.", values, fieldErrors: {}, quote: await requote() }, { status: 409 });
  }
}

export const meta: Route.MetaFunction = ({ data: d }) => pageMeta({ title: "Checkout", description: "Place your GLACIAL order.", canonical: d?.canonical, noindex: true });

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  // After a post the action's quote is the one shown: it carries the discount code applied.
  return <CheckoutPage {...loaderData} quote={actionData && "quote" in actionData && actionData.quote ? actionData.quote : loaderData.quote} submitted={actionData ?? null} />;
}
