import { useCallback, useEffect, useRef, useState } from "react";
import { useFetcher, useLocation } from "react-router";
import { formatPaise } from "~/lib/money";

// The payment step of an online order: opens Razorpay Checkout (its own script, loaded only here)
// and hands its signed answer to the server, which alone decides whether the order is paid. Before
// any script runs the button is a plain form that prepares the payment; opening the payment window
// itself needs JavaScript, which the page then says.

export type CheckoutOptions = {
  keyId: string;
  checkoutUrl: string;
  razorpayOrderId: string;
  amountPaise: number;
  currency: "INR";
  orderNumber: string;
  prefill: { email: string; contact: string; name: string };
};

type CheckoutResponse = { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string };
type CheckoutInstance = { open(): void; on(event: "payment.failed", handler: (response: { error?: { description?: string } }) => void): void };
type CheckoutConstructor = new (options: Record<string, unknown>) => CheckoutInstance;

declare global {
  interface Window {
    Razorpay?: CheckoutConstructor;
  }
}

const scripts = new Map<string, Promise<CheckoutConstructor>>();

/** Razorpay's script, once per page. */
function loadCheckout(url: string): Promise<CheckoutConstructor> {
  let loading = scripts.get(url);
  if (!loading) {
    loading = new Promise<CheckoutConstructor>((resolve, reject) => {
      if (window.Razorpay) return resolve(window.Razorpay);
      const script = document.createElement("script");
      script.src = url;
      script.async = true;
      script.onload = () => (window.Razorpay ? resolve(window.Razorpay) : reject(new Error("Razorpay Checkout did not load")));
      script.onerror = () => reject(new Error("Razorpay Checkout did not load"));
      document.head.appendChild(script);
    });
    loading.catch(() => scripts.delete(url));
    scripts.set(url, loading);
  }
  return loading;
}

type ActionAnswer = { ok: true; checkout: CheckoutOptions } | { ok: true; message: string; paymentStatus: string } | { ok: false; error: string };

export function RazorpayPayment({ checkout, autoOpen, totalPaise, retry }: { checkout: CheckoutOptions | null; autoOpen: boolean; totalPaise: number; retry: boolean }) {
  const location = useLocation();
  const action = `${location.pathname}${location.search}`;
  const prepare = useFetcher<ActionAnswer>();
  const verify = useFetcher<ActionAnswer>();
  const [problem, setProblem] = useState<string | null>(null);
  const [opening, setOpening] = useState(false);
  const autoOpened = useRef(false);

  const open = useCallback(
    async (options: CheckoutOptions) => {
      setProblem(null);
      setOpening(true);
      try {
        const Razorpay = await loadCheckout(options.checkoutUrl);
        const instance = new Razorpay({
          key: options.keyId,
          amount: options.amountPaise,
          currency: options.currency,
          order_id: options.razorpayOrderId,
          name: "GLACIAL",
          description: `Order ${options.orderNumber}`,
          prefill: options.prefill,
          theme: { color: "#0f766e" },
          // The signed answer goes to the server; only the server marks the order paid.
          handler: (response: CheckoutResponse) => verify.submit({ intent: "verify", ...response }, { method: "post", action }),
          modal: { ondismiss: () => setOpening(false) },
        });
        instance.on("payment.failed", (response) => setProblem(`The payment did not go through${response.error?.description ? `: ${response.error.description}` : ""}. You can try again.`));
        instance.open();
      } catch {
        setProblem("The payment window could not be opened. Please check your connection and try again.");
      } finally {
        setOpening(false);
      }
    },
    [verify, action],
  );

  // Straight from checkout: the payment window opens without a second click.
  useEffect(() => {
    if (autoOpen && checkout && !autoOpened.current) {
      autoOpened.current = true;
      void open(checkout);
    }
  }, [autoOpen, checkout, open]);

  // Prepared on the server (the Razorpay order had to be created): open it now, once per answer.
  const prepared = prepare.data && prepare.data.ok && "checkout" in prepare.data ? prepare.data.checkout : null;
  const openedPrepared = useRef<CheckoutOptions | null>(null);
  useEffect(() => {
    if (prepared && openedPrepared.current !== prepared) {
      openedPrepared.current = prepared;
      void open(prepared);
    }
  }, [prepared, open]);

  const error = problem ?? (verify.data && !verify.data.ok ? verify.data.error : null) ?? (prepare.data && !prepare.data.ok ? prepare.data.error : null);
  const busy = opening || prepare.state !== "idle" || verify.state !== "idle";
  return (
    <div className="mt-4">
      <prepare.Form
        method="post"
        action={action}
        onSubmit={(event) => {
          if (!checkout) return;
          event.preventDefault();
          void open(checkout);
        }}
      >
        <input type="hidden" name="intent" value="prepare" />
        <button type="submit" disabled={busy} className="rounded-full bg-brand px-6 py-3 font-semibold text-white hover:bg-brand/90 disabled:opacity-60">
          {verify.state !== "idle" ? "Confirming your payment..." : `${retry ? "Try again: pay" : "Pay"} ${formatPaise(totalPaise)} now`}
        </button>
      </prepare.Form>
      <noscript>
        <p className="mt-2 text-sm text-slate-700">Razorpay&apos;s secure payment window needs JavaScript. Please switch it on, or choose cash on delivery for your next order.</p>
      </noscript>
      {error ? (
        <p role="alert" className="mt-3 text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
