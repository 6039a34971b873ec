import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { RazorpayConfig } from "~/modules/orders/orders.server";

// A local Razorpay for tests, so no test touches the network. It follows Razorpay's documented API
// for what the shop uses (POST /v1/orders, GET /v1/orders/:id, GET /v1/payments/:id,
// POST /v1/payments/:id/refund; HTTP Basic auth with the key id and secret; amounts in paise;
// errors as { error: { code, description } }) and its two signature schemes: the checkout's
// answer is HMAC-SHA256(key secret, "order_id|payment_id"), a webhook's X-Razorpay-Signature is
// HMAC-SHA256(webhook secret, raw body), both hex. It also serves a fake checkout.js that "pays"
// (or fails) in a small dialog and answers the page's handler with a correctly signed response,
// and it can deliver webhooks to the shop.

export type FakeOrder = { id: string; entity: "order"; amount: number; amount_paid: number; amount_due: number; currency: string; receipt: string | null; status: "created" | "attempted" | "paid"; attempts: number; notes: Record<string, string>; created_at: number };
export type FakePayment = {
  id: string;
  entity: "payment";
  amount: number;
  currency: string;
  status: "captured" | "failed";
  order_id: string;
  method: string;
  amount_refunded: number;
  refund_status: null | "partial" | "full";
  captured: boolean;
  description: string | null;
  vpa: string | null;
  email: string;
  contact: string;
  notes: Record<string, string>;
  error_code: string | null;
  error_description: string | null;
  created_at: number;
};
export type FakeRefund = { id: string; entity: "refund"; amount: number; currency: string; payment_id: string; notes: Record<string, string>; receipt: string | null; status: "pending" | "processed"; speed_requested: string; speed_processed: string; created_at: number };

export type WebhookType = "payment.captured" | "order.paid" | "payment.failed" | "refund.processed";

export type FakeRazorpay = {
  url: string;
  config: RazorpayConfig;
  orders: Map<string, FakeOrder>;
  payments: Map<string, FakePayment>;
  refunds: Map<string, FakeRefund>;
  /** API calls received, in order ("POST /v1/orders", ...). */
  calls: string[];
  /** Where webhooks are delivered (the shop's webhook URL); null: kept for the test to send. */
  webhookUrl: string | null;
  /** When paying through checkout.js, deliver payment.captured and order.paid to webhookUrl. */
  webhooksOnPay: boolean;
  /** The status a new refund is created with. */
  refundStatus: "processed" | "pending";
  /** While true, API calls (/v1/...) are held without an answer, as a provider that times out. */
  hangApi: boolean;
  /** A captured payment of this order, as checkout would make it; returns the checkout's signed answer. */
  pay(orderId: string, opts?: { amount?: number }): { payment: FakePayment; answer: { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string } };
  /** A failed attempt on this order. */
  fail(orderId: string, description?: string): FakePayment;
  /** A webhook body exactly as Razorpay would send it (the bytes the signature covers). */
  webhook(type: WebhookType, ids: { paymentId?: string; orderId?: string; refundId?: string }): { body: string; eventId: string };
  sign(body: string | Uint8Array): string;
  /** Delivers a webhook to `url` (default webhookUrl), signed unless told otherwise. */
  deliver(body: string | Uint8Array, opts?: { eventId?: string; signature?: string; url?: string }): Promise<Response>;
  close(): Promise<void>;
};

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
function razorpayId(prefix: string): string {
  const bytes = crypto.randomBytes(14);
  return `${prefix}_${[...bytes].map((b) => ALPHABET[b % ALPHABET.length]).join("")}`;
}
const now = () => Math.floor(Date.now() / 1000);

function hmac(secret: string, data: string | Uint8Array): string {
  return crypto.createHmac("sha256", secret).update(data).digest("hex");
}

function badRequest(description: string, field?: string, status = 400) {
  return { status, body: { error: { code: "BAD_REQUEST_ERROR", description, source: "business", step: "payment_initiation", reason: "input_validation_failed", metadata: {}, ...(field ? { field } : {}) } } };
}

export async function startFakeRazorpay(opts: { keyId?: string; keySecret?: string; webhookSecret?: string } = {}): Promise<FakeRazorpay> {
  const keyId = opts.keyId ?? `rzp_test_${crypto.randomBytes(7).toString("hex")}`;
  const keySecret = opts.keySecret ?? crypto.randomBytes(18).toString("base64url");
  const webhookSecret = opts.webhookSecret ?? crypto.randomBytes(18).toString("base64url");
  const orders = new Map<string, FakeOrder>();
  const payments = new Map<string, FakePayment>();
  const refunds = new Map<string, FakeRefund>();
  const calls: string[] = [];

  function newPayment(order: FakeOrder, amount: number, status: FakePayment["status"], error: string | null): FakePayment {
    const payment: FakePayment = {
      id: razorpayId("pay"),
      entity: "payment",
      amount,
      currency: order.currency,
      status,
      order_id: order.id,
      method: "upi",
      amount_refunded: 0,
      refund_status: null,
      captured: status === "captured",
      description: null,
      vpa: "shopper@okaxis",
      email: "void@razorpay.com",
      contact: "+919999999999",
      notes: {},
      error_code: error ? "BAD_REQUEST_ERROR" : null,
      error_description: error,
      created_at: now(),
    };
    payments.set(payment.id, payment);
    return payment;
  }

  const fake: FakeRazorpay = {
    url: "",
    config: { keyId, keySecret, webhookSecret, apiUrl: "", checkoutUrl: "" },
    orders,
    payments,
    refunds,
    calls,
    webhookUrl: null,
    webhooksOnPay: true,
    refundStatus: "processed",
    hangApi: false,
    pay(orderId, payOpts = {}) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`no fake order ${orderId}`);
      const payment = newPayment(order, payOpts.amount ?? order.amount, "captured", null);
      order.attempts += 1;
      order.amount_paid = payment.amount;
      order.amount_due = Math.max(0, order.amount - payment.amount);
      order.status = "paid";
      return { payment, answer: { razorpay_payment_id: payment.id, razorpay_order_id: orderId, razorpay_signature: hmac(keySecret, `${orderId}|${payment.id}`) } };
    },
    fail(orderId, description = "Payment was declined by the bank.") {
      const order = orders.get(orderId);
      if (!order) throw new Error(`no fake order ${orderId}`);
      const payment = newPayment(order, order.amount, "failed", description);
      order.attempts += 1;
      if (order.status === "created") order.status = "attempted";
      return payment;
    },
    webhook(type, ids) {
      const payment = ids.paymentId ? payments.get(ids.paymentId) : undefined;
      const order = orders.get(ids.orderId ?? payment?.order_id ?? "");
      const refund = ids.refundId ? refunds.get(ids.refundId) : undefined;
      const payload: Record<string, { entity: unknown }> = {};
      const contains: string[] = [];
      if (type === "refund.processed") {
        if (!refund) throw new Error("refund.processed needs a refund");
        payload.refund = { entity: refund };
        payload.payment = { entity: payments.get(refund.payment_id) };
        contains.push("refund", "payment");
      } else {
        if (!payment) throw new Error(`${type} needs a payment`);
        payload.payment = { entity: payment };
        contains.push("payment");
        if (type === "order.paid") {
          payload.order = { entity: order };
          contains.push("order");
        }
      }
      const eventId = razorpayId("evt").slice(4);
      const body = JSON.stringify({ entity: "event", account_id: "acc_FakeAccount0001", event: type, contains, payload, created_at: now() });
      return { body, eventId };
    },
    sign: (body) => hmac(webhookSecret, body),
    async deliver(body, deliverOpts = {}) {
      const url = deliverOpts.url ?? fake.webhookUrl;
      if (!url) throw new Error("no webhook URL");
      return fetch(url, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "X-Razorpay-Signature": deliverOpts.signature ?? fake.sign(body),
          "X-Razorpay-Event-Id": deliverOpts.eventId ?? razorpayId("evt").slice(4),
          "User-Agent": "Razorpay-Webhook/v1",
        },
        body: typeof body === "string" ? body : Buffer.from(body),
      });
    },
    close: async () => {},
  };

  function authorised(req: http.IncomingMessage): boolean {
    const header = req.headers.authorization ?? "";
    const expected = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString("base64")}`;
    return header.length === expected.length && crypto.timingSafeEqual(Buffer.from(header), Buffer.from(expected));
  }

  async function readJson(req: http.IncomingMessage): Promise<Record<string, unknown>> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  }

  /** Webhooks for a payment made through checkout.js, delivered in the background as Razorpay does. */
  function notify(payment: FakePayment) {
    if (!fake.webhookUrl || !fake.webhooksOnPay) return;
    const types: WebhookType[] = payment.status === "captured" ? ["payment.captured", "order.paid"] : ["payment.failed"];
    void (async () => {
      for (const type of types) {
        const { body, eventId } = fake.webhook(type, { paymentId: payment.id });
        await fake.deliver(body, { eventId }).catch(() => {});
      }
    })();
  }

  async function api(req: http.IncomingMessage, path: string): Promise<{ status: number; body: unknown }> {
    if (!authorised(req)) return badRequest("Authentication failed", undefined, 401);
    const method = req.method ?? "GET";
    let m: RegExpExecArray | null;
    if (method === "POST" && path === "/v1/orders") {
      const input = await readJson(req);
      const amount = input.amount;
      if (typeof amount !== "number" || !Number.isInteger(amount) || amount < 100) return badRequest("The amount must be atleast INR 1.00", "amount");
      if (input.currency !== "INR") return badRequest("The currency field is invalid", "currency");
      if (typeof input.receipt === "string" && input.receipt.length > 40) return badRequest("The receipt may not be greater than 40 characters.", "receipt");
      const order: FakeOrder = {
        id: razorpayId("order"),
        entity: "order",
        amount,
        amount_paid: 0,
        amount_due: amount,
        currency: "INR",
        receipt: typeof input.receipt === "string" ? input.receipt : null,
        status: "created",
        attempts: 0,
        notes: (input.notes ?? {}) as Record<string, string>,
        created_at: now(),
      };
      orders.set(order.id, order);
      return { status: 200, body: order };
    }
    if (method === "GET" && (m = /^\/v1\/orders\/([A-Za-z0-9_]+)$/.exec(path))) {
      const order = orders.get(m[1]!);
      return order ? { status: 200, body: order } : badRequest("The id provided does not exist", "id");
    }
    if (method === "GET" && (m = /^\/v1\/payments\/([A-Za-z0-9_]+)$/.exec(path))) {
      const payment = payments.get(m[1]!);
      return payment ? { status: 200, body: payment } : badRequest("The id provided does not exist", "id");
    }
    if (method === "POST" && (m = /^\/v1\/payments\/([A-Za-z0-9_]+)\/refund$/.exec(path))) {
      const payment = payments.get(m[1]!);
      if (!payment) return badRequest("The id provided does not exist", "id");
      if (payment.status !== "captured") return badRequest("Only captured payments can be refunded");
      const input = await readJson(req);
      const left = payment.amount - payment.amount_refunded;
      const amount = input.amount === undefined ? left : input.amount;
      if (typeof amount !== "number" || !Number.isInteger(amount) || amount < 100) return badRequest("The amount must be atleast INR 1.00", "amount");
      if (amount > left) return badRequest("The refund amount provided is greater than amount captured", "amount");
      const refund: FakeRefund = {
        id: razorpayId("rfnd"),
        entity: "refund",
        amount,
        currency: "INR",
        payment_id: payment.id,
        notes: (input.notes ?? {}) as Record<string, string>,
        receipt: typeof input.receipt === "string" ? input.receipt : null,
        status: fake.refundStatus,
        speed_requested: typeof input.speed === "string" ? input.speed : "normal",
        speed_processed: "normal",
        created_at: now(),
      };
      refunds.set(refund.id, refund);
      payment.amount_refunded += amount;
      payment.refund_status = payment.amount_refunded === payment.amount ? "full" : "partial";
      return { status: 200, body: refund };
    }
    return { status: 404, body: { error: { code: "BAD_REQUEST_ERROR", description: "The requested URL was not found on the server." } } };
  }

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { "Content-Type": "application/json", ...headers });
      res.end(typeof body === "string" ? body : JSON.stringify(body));
    };
    const cors = { "Access-Control-Allow-Origin": "*", "Access-Control-Allow-Headers": "Content-Type", "Access-Control-Allow-Methods": "POST, GET, OPTIONS" };
    // Held without an answer; the connection ends when the fake closes.
    if (fake.hangApi && url.pathname.startsWith("/v1/") && url.pathname !== "/v1/checkout.js") return;
    try {
      if (url.pathname === "/v1/checkout.js") {
        res.writeHead(200, { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-store", ...cors });
        res.end(CHECKOUT_JS.replace("__FAKE_ORIGIN__", JSON.stringify(fake.url)));
        return;
      }
      if (url.pathname.startsWith("/_checkout/")) {
        if (req.method === "OPTIONS") return send(204, "", cors);
        const input = await readJson(req);
        const orderId = String(input.order_id ?? "");
        if (input.key !== keyId || !orders.has(orderId)) return send(400, { error: { code: "BAD_REQUEST_ERROR", description: "Invalid key or order" } }, cors);
        if (url.pathname === "/_checkout/pay") {
          const { payment, answer } = fake.pay(orderId);
          notify(payment);
          return send(200, answer, cors);
        }
        if (url.pathname === "/_checkout/fail") {
          const payment = fake.fail(orderId);
          notify(payment);
          return send(200, { error: { code: "BAD_REQUEST_ERROR", description: payment.error_description, metadata: { payment_id: payment.id, order_id: orderId } } }, cors);
        }
      }
      calls.push(`${req.method} ${url.pathname}`);
      const answer = await api(req, url.pathname);
      send(answer.status, answer.body);
    } catch (error) {
      send(500, { error: { code: "SERVER_ERROR", description: String(error) } });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  fake.url = `http://127.0.0.1:${port}`;
  fake.config.apiUrl = fake.url;
  fake.config.checkoutUrl = `${fake.url}/v1/checkout.js`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}

/**
 * checkout.js as the page sees it: `new Razorpay(options)`, `.on("payment.failed", fn)`, `.open()`.
 * It shows a dialog with the amount and two buttons; "Pay" makes a captured payment at the fake
 * and calls `options.handler` with the signed answer, "Fail" makes a failed attempt.
 */
const CHECKOUT_JS = `(() => {
  const origin = __FAKE_ORIGIN__;
  function Razorpay(options) {
    if (!(this instanceof Razorpay)) throw new Error("use new Razorpay(options)");
    this.options = options;
    this.failed = [];
  }
  Razorpay.prototype.on = function (event, handler) {
    if (event === "payment.failed") this.failed.push(handler);
  };
  Razorpay.prototype.open = function () {
    const o = this.options;
    const self = this;
    const dialog = document.createElement("div");
    dialog.setAttribute("role", "dialog");
    dialog.setAttribute("aria-modal", "true");
    dialog.setAttribute("aria-label", "Razorpay test checkout");
    dialog.style.cssText = "position:fixed;inset:0;display:flex;align-items:center;justify-content:center;background:rgba(0,0,0,.5);z-index:99999";
    const box = document.createElement("div");
    box.style.cssText = "background:#fff;color:#111;padding:24px;border-radius:12px;min-width:280px;font:16px sans-serif";
    const title = document.createElement("p");
    title.textContent = (o.name || "") + ": " + (o.description || "") + " (" + o.currency + " " + (o.amount / 100).toFixed(2) + ")";
    const pay = document.createElement("button");
    pay.type = "button";
    pay.textContent = "Pay " + (o.amount / 100).toFixed(2) + " (test)";
    const fail = document.createElement("button");
    fail.type = "button";
    fail.textContent = "Fail payment (test)";
    fail.style.marginLeft = "8px";
    box.append(title, pay, fail);
    dialog.append(box);
    document.body.append(dialog);
    pay.focus();
    const call = (path) =>
      fetch(origin + path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ key: o.key, order_id: o.order_id }) }).then((r) => r.json());
    pay.onclick = async () => {
      const answer = await call("/_checkout/pay");
      dialog.remove();
      o.handler(answer);
    };
    fail.onclick = async () => {
      const answer = await call("/_checkout/fail");
      dialog.remove();
      self.failed.forEach((h) => h(answer));
      if (o.modal && o.modal.ondismiss) o.modal.ondismiss();
    };
  };
  window.Razorpay = Razorpay;
})();
`;
