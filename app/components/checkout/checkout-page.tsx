import { useEffect, useRef, useState } from "react";
import { Form, Link, useNavigation, useRevalidator } from "react-router";
import { useCart } from "~/components/cart/cart-context";
import { cartCookie } from "~/lib/cart/cart-cookie";
import { AddressFields, type AddressField } from "~/components/ui/address-fields";
import { FormMessage, TextField } from "~/components/ui/field";
import { withGstRates } from "~/lib/india";
import { formatPaise } from "~/lib/money";
import { checkoutSchema, splitTax, type PaymentOption, type Quote, type QuoteLine } from "~/modules/orders/orders";
import type { SavedAddress } from "~/modules/customers/customers";
import { SavedAddressPicker, SAVED_ADDRESS_FORM } from "./saved-address-picker";

type Submitted = { error: string; values: Record<string, string>; fieldErrors: Record<string, string>; quote?: Quote | null } | null;

const CHECKOUT_FORM = "checkout-form";
const DISCOUNT_INTENTS = new Set(["apply-discount", "remove-discount"]);

export type CheckoutPageProps = {
  quote: Quote | null;
  tooLarge: boolean;
  email: string;
  idempotencyKey: string;
  submitted: Submitted;
  /** Signed in: the shopper may save the address typed here. */
  signedIn?: boolean;
  /** The signed-in shopper's address book, and the one whose fields the form starts with. */
  savedAddresses?: SavedAddress[];
  chosenAddressId?: string | null;
  prefill?: Record<string, string>;
};

function lineProblem(line: QuoteLine): string | null {
  if (!line.problem) return null;
  if (line.problem.kind === "unavailable") return "No longer available: remove it from your cart.";
  if (line.problem.kind === "quantity") return `At most ${line.problem.max} of one item per order.`;
  return line.problem.left === 0 ? "Sold out: remove it from your cart." : `Only ${line.problem.left} left: lower the quantity in your cart.`;
}

function paymentLabel(option: PaymentOption): string {
  return option.method === "cod" ? `Cash on delivery (+${formatPaise(option.feePaise)})` : "UPI, cards or netbanking (Razorpay)";
}

/** The checkout form and the order summary priced on the server. */
export function CheckoutPage({ quote, tooLarge, email, idempotencyKey, submitted, signedIn = false, savedAddresses = [], chosenAddressId = null, prefill = {} }: CheckoutPageProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const discountBusy = busy && DISCOUNT_INTENTS.has(String(navigation.formData?.get("intent") ?? ""));
  useCartSentToServer(quote);
  const values = submitted?.values ?? {};
  const [errors, setErrors] = useState<Record<string, string>>(submitted?.fieldErrors ?? {});
  useEffect(() => setErrors(submitted?.fieldErrors ?? {}), [submitted]);
  const firstAvailable = quote?.payment.find((p) => p.available)?.method ?? "cod";
  const [method, setMethod] = useState(values.paymentMethod ?? firstAvailable);
  const reported = useRef("");
  // A signed-in shopper's email is already filled in: they may never touch the field, yet leaving
  // this page unpaid is the same abandoned checkout, so it is reported once when the page opens
  // (later edits are reported as the fields are left).
  const formRef = useRef<HTMLFormElement>(null);
  const reportRef = useRef<(form: HTMLFormElement) => void>(() => {});
  useEffect(() => {
    if (email && formRef.current) reportRef.current(formRef.current);
  }, [email]);
  // A form sent back with errors says itself whether the box was ticked (an unticked box is not sent).
  const billingSame = submitted ? values.billingSame === "on" : true;
  const v = (name: string, fallback = "") => values[name] ?? prefill[name] ?? fallback;
  const err = (name: string) => errors[name];

  if (tooLarge) {
    return (
      <Shell>
        <FormMessage error="Your cart has too many different items for one order. Please split it into two orders." />
      </Shell>
    );
  }
  if (!quote || quote.lines.length === 0) {
    return (
      <Shell>
        <p className="text-lg font-semibold">Your cart is empty</p>
        <Link to="/all-products" className="mt-4 inline-block rounded-full bg-brand px-6 py-3 font-semibold text-white">
          Continue Shopping
        </Link>
      </Shell>
    );
  }

  const codFee = method === "cod" ? quote.codFeePaise : 0;
  const total = quote.totals.totalPaise + codFee;

  // The same schema as the server's, before sending: mistakes show at once, beside their fields.
  const checkFirst = (event: React.FormEvent<HTMLFormElement>) => {
    // The discount box's buttons only price the cart again: the rest of the form may be unfinished.
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (submitter && DISCOUNT_INTENTS.has(submitter.value)) return;
    const data = Object.fromEntries(new FormData(event.currentTarget));
    const parsed = checkoutSchema.safeParse(data);
    if (parsed.success) return;
    event.preventDefault();
    const found: Record<string, string> = {};
    for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
    setErrors(found);
    event.currentTarget.querySelector<HTMLElement>(`[name="${CSS.escape(Object.keys(found)[0]!)}"]`)?.focus();
  };

  // Once the shopper has typed an email (and maybe a name), the shop may send one reminder later if
  // no order follows; the server decides whether and when. A failed report changes nothing here.
  const report = (form: HTMLFormElement) => {
    const data = new FormData(form);
    const typedEmail = String(data.get("email") ?? "").trim();
    const body = JSON.stringify({ checkoutKey: idempotencyKey, email: typedEmail, name: String(data.get("shipName") ?? "").trim() });
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(typedEmail) || body === reported.current) return;
    reported.current = body;
    void fetch("/api/checkout/started", { method: "POST", headers: { "Content-Type": "application/json" }, body, keepalive: true }).catch(() => undefined);
  };
  reportRef.current = report;
  const reportStart = (event: React.FocusEvent<HTMLFormElement>) => {
    const field = (event.target as EventTarget as HTMLInputElement).name;
    if (field === "email" || field === "shipName") report(event.currentTarget);
  };
  return (
    <Shell>
      {submitted?.error ? (
        <div className="mb-6">
          <FormMessage error={submitted.error} />
        </div>
      ) : null}
      <div className="grid gap-10 lg:grid-cols-[1fr_380px]">
        <Form ref={formRef} id={CHECKOUT_FORM} method="post" noValidate onSubmit={checkFirst} onBlur={reportStart} className="space-y-8" aria-label="Checkout">
          <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
          <input type="hidden" name="quoteDigest" value={quote.digest} />
          <fieldset className="space-y-4">
            <legend className="text-xl font-bold">Contact</legend>
            <TextField label="Email" name="email" type="email" autoComplete="email" defaultValue={v("email", email)} error={err("email")} required />
            <TextField label="Mobile number" name="phone" type="tel" autoComplete="tel" inputMode="tel" placeholder="98765 43210" hint="For delivery updates. 10 digits, +91 optional." defaultValue={v("phone")} error={err("phone")} required />
          </fieldset>

          <fieldset className="space-y-4">
            <legend className="text-xl font-bold">Shipping address</legend>
            {savedAddresses.length ? <SavedAddressPicker addresses={savedAddresses} chosenId={chosenAddressId} /> : null}
            {/* Another saved address chosen: the fields start again from it. */}
            <div key={chosenAddressId ?? "typed"} className="space-y-4">
              <CheckoutAddress prefix="ship" v={v} err={err} />
            </div>
            {signedIn ? (
              <label className="flex items-center gap-2">
                <input type="checkbox" name="saveAddress" defaultChecked={values.saveAddress === "on" || (!submitted && savedAddresses.length === 0)} className="h-4 w-4" />
                Save this address to my account
              </label>
            ) : null}
          </fieldset>

          {/* The billing fields hide while the box is ticked (CSS, so it works before any script runs). */}
          <fieldset className="group space-y-4">
            <legend className="text-xl font-bold">Billing</legend>
            <label className="flex items-center gap-2">
              <input type="checkbox" id="billing-same" name="billingSame" defaultChecked={billingSame} className="h-4 w-4" />
              Billing address is the same as shipping
            </label>
            <div className="space-y-4 group-has-[#billing-same:checked]:hidden">
              <CheckoutAddress prefix="bill" v={v} err={err} />
            </div>
            <TextField
              label="GSTIN (optional, for a business invoice)"
              name="gstin"
              autoComplete="off"
              maxLength={15}
              placeholder="29ABCDE1234F1Z5"
              defaultValue={v("gstin")}
              error={err("gstin")}
              className="uppercase"
            />
          </fieldset>

          <fieldset className="space-y-3">
            <legend className="text-xl font-bold">Payment</legend>
            {quote.payment.map((option) => (
              <div key={option.method}>
                <label className={`flex items-center gap-2 ${option.available ? "" : "text-slate-600"}`}>
                  <input
                    type="radio"
                    name="paymentMethod"
                    value={option.method}
                    disabled={!option.available}
                    checked={method === option.method}
                    onChange={() => setMethod(option.method)}
                    className="h-4 w-4"
                  />
                  {paymentLabel(option)}
                </label>
                {option.reason ? <p className="ml-6 text-sm text-slate-700">{option.reason}</p> : null}
              </div>
            ))}
            {err("paymentMethod") ? <p className="text-sm text-red-700">{err("paymentMethod")}</p> : null}
          </fieldset>

          {quote.ready ? null : <FormMessage error="Some items in your cart cannot be ordered as they are: see the summary, then update your cart." />}
          <button type="submit" name="intent" value="place" disabled={busy || !quote.ready} className="w-full rounded-full bg-brand px-6 py-3 text-lg font-semibold text-white disabled:opacity-60">
            {busy && !discountBusy ? "Placing your order..." : `${method === "razorpay" ? "Place order and pay" : "Place order"} · ${formatPaise(total)}`}
          </button>
          <p className="text-sm text-slate-700">
            By placing the order you agree to our <Link to="/terms-of-service" className="underline">terms</Link> and <Link to="/return-policy" className="underline">return policy</Link>.
          </p>
        </Form>

        <Summary quote={quote} codFee={codFee} total={total} discountError={err("discountCode")} discountBusy={discountBusy} />
      </div>
      {/* The saved-address picker's own form (forms cannot nest): it reloads checkout with that address. */}
      {savedAddresses.length ? <Form id={SAVED_ADDRESS_FORM} method="get" action="/checkout" preventScrollReset replace /> : null}
    </Shell>
  );
}

/**
 * The server priced the cart it found in the cart cookie. A cart kept in this browser from before
 * the cookie existed (or changed in another tab) reaches the server here: the cookie is written
 * and the page's data loaded again.
 */
function useCartSentToServer(quote: Quote | null) {
  const { items, hydrated } = useCart();
  const { revalidate, state } = useRevalidator();
  const browser = JSON.stringify(items.map((i) => [i.variantId, i.quantity, i.engraving?.trim() || ""]).sort());
  const server = JSON.stringify((quote?.lines ?? []).map((l) => [l.variantId, l.quantity, l.engraving ?? ""]).sort());
  const [asked, setAsked] = useState<string | null>(null);
  useEffect(() => {
    if (!hydrated || browser === server || asked === browser || state !== "idle") return;
    document.cookie = cartCookie(items, window.location.protocol === "https:");
    setAsked(browser);
    void revalidate();
  }, [hydrated, browser, server, asked, state, items, revalidate]);
}

function Shell({ children }: { children: React.ReactNode }) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="mb-8 text-3xl font-bold">Checkout</h1>
      {children}
    </div>
  );
}

const CHECKOUT_FIELD: Record<AddressField, string> = { name: "Name", line1: "Line1", line2: "Line2", city: "City", pin: "Pin", stateCode: "State", landmark: "Landmark" };

function CheckoutAddress({ prefix, v, err }: { prefix: "ship" | "bill"; v: (n: string, f?: string) => string; err: (n: string) => string | undefined }) {
  return <AddressFields section={prefix === "ship" ? "shipping" : "billing"} nameOf={(field) => `${prefix}${CHECKOUT_FIELD[field]}`} value={(n) => v(n)} error={err} />;
}

/**
 * The discount code box. Its controls belong to the checkout form (the `form` attribute), so
 * Apply posts everything typed so far and the page comes back priced with the code, with or
 * without script.
 */
function DiscountBox({ quote, error, busy }: { quote: Quote; error?: string; busy: boolean }) {
  const applied = quote.discount;
  if (applied && !applied.automatic) {
    return (
      <div className="mt-4 flex items-center justify-between gap-3 rounded-md bg-teal-50 px-3 py-2 text-sm text-teal-900" role="status">
        <input type="hidden" name="discountCode" value={applied.code} form={CHECKOUT_FORM} />
        <span>
          Code <strong data-testid="checkout-discount-code">{applied.code}</strong> applied
        </span>
        <button type="submit" name="intent" value="remove-discount" form={CHECKOUT_FORM} disabled={busy} className="font-semibold underline">
          Remove
        </button>
      </div>
    );
  }
  // Enter in the code box applies the code (without script it places the order, which then shows the code's effect first).
  const applyOnEnter = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    event.currentTarget.closest("div[data-discount-box]")?.querySelector<HTMLButtonElement>("button[value='apply-discount']")?.click();
  };
  return (
    <>
      {applied ? (
        <p className="mt-4 rounded-md bg-teal-50 px-3 py-2 text-sm text-teal-900" role="status">
          Discount <strong data-testid="checkout-discount-code">{applied.code}</strong> applied automatically. A code you type replaces it when it saves at least as much.
        </p>
      ) : null}
      <div data-discount-box className="mt-4 flex items-start gap-2">
        {/* A new answer from the server starts the box empty again. */}
        <TextField
          key={`${quote.digest}-${quote.discountRefused?.code ?? ""}`}
          label="Discount code"
          name="discountCode"
          form={CHECKOUT_FORM}
          autoComplete="off"
          className="flex-1"
          defaultValue={quote.discountRefused?.code ?? ""}
          error={error}
          onKeyDown={applyOnEnter}
        />
        <button type="submit" name="intent" value="apply-discount" form={CHECKOUT_FORM} disabled={busy} className="mt-6 rounded-full border border-slate-400 px-4 py-2 font-semibold disabled:opacity-60">
          {busy ? "Applying..." : "Apply"}
        </button>
      </div>
    </>
  );
}

function Summary({ quote, codFee, total, discountError, discountBusy }: { quote: Quote; codFee: number; total: number; discountError?: string; discountBusy: boolean }) {
  const t = quote.totals;
  const discount = quote.discount;
  return (
    <section aria-labelledby="summary-heading" className="h-fit rounded-2xl border border-slate-200 p-5">
      <h2 id="summary-heading" className="text-xl font-bold">
        Order summary
      </h2>
      <ul className="mt-4 divide-y divide-slate-200">
        {quote.lines.map((line) => {
          const problem = lineProblem(line);
          return (
            <li key={`${line.variantId}-${line.engraving ?? ""}`} className="py-3">
              <div className="flex justify-between gap-4">
                <span>
                  {line.title}
                  {line.variantTitle && line.variantTitle !== "Default" ? ` (${line.variantTitle})` : ""} × {line.quantity}
                  {line.engraving ? <span className="block text-sm text-slate-700">Engraving: “{line.engraving}”</span> : null}
                </span>
                <span className="font-medium">{problem ? "—" : formatPaise(line.totalPaise)}</span>
              </div>
              {problem ? (
                <p role="alert" className="mt-1 text-sm text-red-700">
                  {problem}
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
      <DiscountBox quote={quote} error={discountError} busy={discountBusy} />
      <dl className="mt-4 space-y-2 border-t border-slate-200 pt-4">
        <Row label="Subtotal" value={formatPaise(t.subtotalPaise)} testId="checkout-subtotal" />
        {discount ? (
          <Row
            label={`Discount (${discount.code})`}
            value={discount.kind === "free_shipping" ? "Free shipping" : `−${formatPaise(discount.goodsPaise)}`}
            testId="checkout-discount"
          />
        ) : null}
        <Row label="Shipping" value={t.shipping.totalPaise === 0 ? "Free" : formatPaise(t.shipping.totalPaise)} testId="checkout-shipping" />
        {codFee ? <Row label="Cash on delivery fee" value={formatPaise(codFee)} testId="checkout-cod-fee" /> : null}
        <Row label="Total" value={formatPaise(total)} testId="checkout-total" strong />
        <div className="flex justify-between text-sm text-slate-700">
          {/* Products may carry different rates: the figure holds each of them (the COD fee at the highest). */}
          <dt>{withGstRates("Includes GST", quote.gstRates.length ? quote.gstRates : [quote.gstRatePercent])}</dt>
          <dd data-testid="checkout-gst">{formatPaise(t.cgstPaise + t.sgstPaise + t.igstPaise + (codFee - splitTax(codFee, quote.gstRatePercent, t.intraState).taxablePaise))}</dd>
        </div>
      </dl>
      {t.shipping.totalPaise > 0 ? <p className="mt-2 text-sm text-slate-700">Free shipping on orders over {formatPaise(quote.freeShippingOverPaise)}.</p> : null}
      <Link to="/cart" className="mt-4 inline-block font-semibold text-brand underline">
        Edit cart
      </Link>
    </section>
  );
}

function Row({ label, value, testId, strong }: { label: string; value: string; testId: string; strong?: boolean }) {
  return (
    <div className={`flex justify-between ${strong ? "text-lg font-bold" : ""}`}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}
