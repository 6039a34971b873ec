import crypto from "node:crypto";
import Razorpay from "razorpay";

// The payment provider, through Razorpay's official SDK, and the two signature checks its
// documentation prescribes: the checkout's answer (HMAC-SHA256 of "order_id|payment_id" with the
// key secret) and a webhook (HMAC-SHA256 of the raw body with the webhook secret). Both compare in
// constant time; the SDK's own helpers compare strings with ===, so they are not used.

/** Online payment through Razorpay: all three keys, or none (cash on delivery only). */
export type RazorpayConfig = {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** Razorpay's API; tests point it at a local fake. */
  apiUrl: string;
  /** Razorpay Checkout's script, loaded by the payment page; tests point it at a local fake. */
  checkoutUrl: string;
};

export type GatewayOrder = { id: string; amount: number; amountPaid: number; status: string; receipt: string | null };
export type GatewayPayment = { id: string; orderId: string | null; amount: number; currency: string; status: string; method: string | null };
export type GatewayRefund = { id: string; paymentId: string; amount: number; status: string };

export type PaymentGateway = {
  createOrder(input: { amountPaise: number; receipt: string; notes: Record<string, string> }): Promise<GatewayOrder>;
  fetchOrder(id: string): Promise<GatewayOrder>;
  fetchPayment(id: string): Promise<GatewayPayment>;
  refund(paymentId: string, input: { amountPaise: number; receipt: string; notes: Record<string, string> }): Promise<GatewayRefund>;
};

/** Razorpay refused a request (a 4xx of its own), or the shop saw it would: not worth retrying as it is. */
export class GatewayRefusal extends Error {
  constructor(
    message: string,
    /** The status Razorpay answered with; null when the request was never sent. */
    readonly gatewayStatus: number | null = null,
  ) {
    super(message);
  }
}

/**
 * The provider could not be reached or failed on its side: worth trying again later. `sent` is
 * false only when the request certainly never left (no connection was made), so that repeating a
 * refund cannot pay it twice.
 */
export class GatewayUnavailable extends Error {
  constructor(
    message: string,
    readonly sent: boolean,
  ) {
    super(message);
  }
}

/** Failures that happen before a connection exists: the request was never sent. */
const NOT_SENT = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN"]);

const REQUEST_TIMEOUT_MS = 10_000;

type SdkError = { statusCode?: number; error?: { description?: string; code?: string } };

/** The SDK rejects with `{ statusCode, error }`; a failure without an answer arrives as status 0 (see the interceptor below). */
function translate(error: unknown): Error {
  const e = error as SdkError;
  const status = Number(e?.statusCode);
  if (status >= 400 && status < 500) return new GatewayRefusal(e.error?.description ?? `Razorpay refused the request (${status}).`, status);
  if (status === 0 && e.error?.code === NETWORK) {
    const code = e.error.description ?? "";
    return new GatewayUnavailable(`Razorpay could not be reached (${code || "no answer"}).`, !NOT_SENT.has(code));
  }
  const detail = Number.isFinite(status) ? `Razorpay answered ${status}` : error instanceof Error ? error.message : String(error);
  return new GatewayUnavailable(`Razorpay failed: ${detail}`, true);
}

const NETWORK = "GLACIAL_NETWORK_ERROR";

type AxiosLike = {
  defaults: { baseURL?: string; timeout?: number };
  interceptors: { response: { use(onOk: undefined, onError: (error: { response?: unknown; code?: string }) => never): void } };
};

async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw translate(error);
  }
}

const gateways = new WeakMap<RazorpayConfig, PaymentGateway>();

/** The Razorpay API for these keys (one SDK client per configuration). */
export function razorpayGateway(config: RazorpayConfig): PaymentGateway {
  const known = gateways.get(config);
  if (known) return known;
  const sdk = new Razorpay({ key_id: config.keyId, key_secret: config.keySecret });
  // The SDK fixes its host (https://api.razorpay.com) in an axios instance; tests point that
  // instance at a local fake, and every call gets a time limit the SDK does not set.
  const http = (sdk.api as unknown as { rq: AxiosLike }).rq;
  http.defaults.baseURL = config.apiUrl;
  http.defaults.timeout = REQUEST_TIMEOUT_MS;
  // Without an HTTP answer the SDK's error handler loses the cause (it reads error.response.status);
  // this gives it an answer-shaped error that keeps the network code.
  http.interceptors.response.use(undefined, (error) => {
    if (error.response) throw error;
    throw Object.assign(new Error(error.code ?? "no answer"), { response: { status: 0, data: { error: { code: NETWORK, description: error.code ?? "" } } } });
  });
  const order = (o: { id: string; amount: number | string; amount_paid?: number | string; status: string; receipt?: string | null }): GatewayOrder => ({
    id: o.id,
    amount: Number(o.amount),
    amountPaid: Number(o.amount_paid ?? 0),
    status: o.status,
    receipt: o.receipt ?? null,
  });
  const gateway: PaymentGateway = {
    async createOrder(input) {
      return order(await call(() => sdk.orders.create({ amount: input.amountPaise, currency: "INR", receipt: input.receipt, notes: input.notes })));
    },
    async fetchOrder(id) {
      return order(await call(() => sdk.orders.fetch(id)));
    },
    async fetchPayment(id) {
      const p = await call(() => sdk.payments.fetch(id));
      return { id: p.id, orderId: p.order_id ?? null, amount: Number(p.amount), currency: p.currency, status: p.status, method: p.method ?? null };
    },
    async refund(paymentId, input) {
      const r = await call(() => sdk.payments.refund(paymentId, { amount: input.amountPaise, speed: "normal", receipt: input.receipt, notes: input.notes }));
      return { id: r.id, paymentId: r.payment_id, amount: Number(r.amount), status: r.status };
    },
  };
  gateways.set(config, gateway);
  return gateway;
}

function hmacHex(secret: string, data: string | Uint8Array): Buffer {
  return crypto.createHmac("sha256", secret).update(data).digest();
}

/** Constant-time comparison of an expected digest with a hex signature as given (any length, any text). */
function sameDigest(expected: Buffer, givenHex: string | null | undefined): boolean {
  if (!givenHex || !/^[0-9a-f]+$/i.test(givenHex) || givenHex.length !== expected.length * 2) return false;
  return crypto.timingSafeEqual(expected, Buffer.from(givenHex, "hex"));
}

/** The checkout's answer: valid only for the Razorpay order id the shop stored (never one the browser names). */
export function verifyPaymentSignature(storedRazorpayOrderId: string, paymentId: string, signature: string | null | undefined, keySecret: string): boolean {
  return sameDigest(hmacHex(keySecret, `${storedRazorpayOrderId}|${paymentId}`), signature);
}

/** A webhook: the signature covers the body exactly as it arrived, byte for byte. */
export function verifyWebhookSignature(rawBody: Uint8Array, signature: string | null | undefined, webhookSecret: string): boolean {
  return sameDigest(hmacHex(webhookSecret, rawBody), signature);
}
