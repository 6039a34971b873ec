import crypto from "node:crypto";
import net from "node:net";
import { refusalOf } from "~/lib/save-outcome";
import { rateLimitHits } from "~/modules/rate-limit/schema";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CART_COOKIE, decodeCartCookie, readCookie } from "~/lib/cart/cart-cookie";
import { products } from "~/modules/catalog/schema";
import { createLogger } from "~/lib/logger.server";
import { createMailer, forgetRecipients, listOutbox } from "~/modules/mail/mail.server";
import { mailOutbox } from "~/modules/mail/schema";
import { cartToRestore, forgetCheckoutReminders, noteCheckoutStarted, REMINDER_FLOOD_LIMIT, sendCartReminder } from "~/modules/orders/cart-reminders.server";
import { placeOrder, quoteCart } from "~/modules/orders/checkout.server";
import { releaseHold } from "~/modules/orders/holds.server";
import { confirmCheckoutPayment } from "~/modules/orders/payments.server";
import { cartReminderOptOuts, checkoutReminders, orders } from "~/modules/orders/schema";
import { action as startedAction } from "~/routes/api.checkout-started";
import { loader as restoreLoader } from "~/routes/cart-restore";
import { loader as checkoutLoader } from "~/routes/checkout";
import { action as unsubscribeAction, loader as unsubscribeLoader } from "~/routes/unsubscribe-cart-reminders";
import type { AppServices } from "~/services.server";
import { startFakeRazorpay, type FakeRazorpay } from "../support/fake-razorpay";
import { answerOf } from "../support/route-calls";
import { DRIVERS } from "../support/test-database";
import { openTestServices, TEST_PUBLIC_URL } from "../support/test-services";
import { checkoutForm, createProduct, idempotencyKey } from "../support/shoppers";

// Abandoned checkouts: the email typed at checkout gets one reminder after the delay, unless an
// order under that email was paid (or placed cash on delivery) meanwhile; never two for one
// checkout, at most one a week per address, none after the address said stop. The reminder's link
// puts the checkout's lines back into a cart; its stop link works, from the page or a mail app.

const HOUR = 60 * 60 * 1000;

/** The least of an SMTP server: takes every message and keeps what it was sent, headers and all. */
async function startSmtpSink(): Promise<{ port: number; messages: string[]; close(): Promise<void> }> {
  const messages: string[] = [];
  const server = net.createServer((socket) => {
    let buffer = "";
    let inData = false;
    socket.write("220 sink ESMTP\r\n");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("latin1");
      for (;;) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end < 0) return;
          messages.push(buffer.slice(0, end));
          buffer = buffer.slice(end + 5);
          inData = false;
          socket.write("250 kept\r\n");
          continue;
        }
        const eol = buffer.indexOf("\r\n");
        if (eol < 0) return;
        const line = buffer.slice(0, eol).toUpperCase();
        buffer = buffer.slice(eol + 2);
        if (line.startsWith("EHLO")) socket.write("250-sink\r\n250 8BITMIME\r\n");
        else if (line.startsWith("DATA")) {
          inData = true;
          socket.write("354 go on\r\n");
        } else if (line.startsWith("QUIT")) socket.end("221 bye\r\n");
        else socket.write("250 ok\r\n");
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { port: (server.address() as net.AddressInfo).port, messages, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const TOKEN_LINK = (path: string) => new RegExp(`${TEST_PUBLIC_URL}${path}/([0-9a-f-]{36})`);

describe.each(DRIVERS)("checkout reminders on %s", (kind) => {
  let services: AppServices;
  let fake: FakeRazorpay;
  let variantId: string;

  beforeAll(async () => {
    fake = await startFakeRazorpay();
    services = await openTestServices(kind, { jobs: true, razorpay: fake.config });
    ({ variantId } = await createProduct(services.db, "reminder-bottle", { pricePaise: 129_900, stock: 100 }));
  });
  afterAll(async () => {
    await services?.close();
    await fake?.close();
  });

  /** An order as checkout places it: cash on delivery, or online (awaiting its payment). */
  async function order(email: string, paymentMethod: "cod" | "razorpay", lines = cart()) {
    const quote = await quoteCart(services.db, lines, { onlinePayment: true, email });
    const placed = await placeOrder(services, checkoutForm({ quoteDigest: quote.digest, email, paymentMethod }), lines);
    if (placed.kind !== "placed") throw new Error(`not placed: ${placed.kind}`);
    const [row] = await services.db.select({ razorpayOrderId: orders.razorpayOrderId }).from(orders).where(eq(orders.id, placed.order.id));
    return { ...placed.order, razorpayOrderId: row!.razorpayOrderId };
  }
  /** The reminder sent to `email` (the only one), and the links in it. */
  async function reminderTo(email: string) {
    const mails = await remindersTo(email);
    expect(mails).toHaveLength(1);
    const text = mails[0]!.text ?? "";
    return { mail: mails[0]!, restore: TOKEN_LINK("/cart/restore").exec(text)?.[1], stop: TOKEN_LINK("/unsubscribe/cart-reminders").exec(text)?.[1] };
  }
  const get = (path: string, cookie?: string) => new Request(`${TEST_PUBLIC_URL}${path}`, { headers: cookie ? { Cookie: cookie } : {} });

  const cart = () => [{ variantId, quantity: 1 }];
  const remindersTo = async (email: string) => (await listOutbox(services.db, { limit: 500 })).filter((m) => m.to === email && m.subject.startsWith("You left something"));
  const start = (email: string, key = idempotencyKey(), now = new Date()) =>
    noteCheckoutStarted(services, { checkoutKey: key, email, name: "Asha Rao", cart: cart(), clientIp: "10.1.1.1" }, now).then((outcome) => ({ outcome, key }));

  it("sends one reminder once the delay has passed, never a second for the same checkout", async () => {
    const now = new Date();
    const { outcome, key } = await start("Left.Behind@Example.in", undefined, now);
    expect(outcome).toEqual({ remindAt: new Date(now.getTime() + HOUR) });
    const [row] = await services.db.select().from(checkoutReminders).where(eq(checkoutReminders.checkoutKey, key));
    expect(row).toMatchObject({ email: "left.behind@example.in", name: "Asha Rao", lines: cart(), settledAt: null });

    // Too early: nothing yet.
    expect(await sendCartReminder(services, key, new Date(now.getTime() + HOUR / 2))).toBe("not-due");
    expect(await remindersTo("left.behind@example.in")).toHaveLength(0);

    const later = new Date(now.getTime() + HOUR + 1000);
    expect(await sendCartReminder(services, key, later)).toBe("sent");
    const [mail] = await remindersTo("left.behind@example.in");
    expect(mail!.subject).toBe("You left something at GLACIAL");
    expect(mail!.text).toContain("Hi Asha Rao,");
    expect(mail!.text).toMatch(TOKEN_LINK("/cart/restore"));
    expect(mail!.text).toMatch(TOKEN_LINK("/unsubscribe/cart-reminders"));
    // Mail apps offer their own one-click unsubscribe from the header this row is sent with.
    expect(mail!.unsubscribeUrl).toMatch(TOKEN_LINK("/unsubscribe/cart-reminders"));
    // The job run again (a retry, a second worker): still one mail.
    expect(await sendCartReminder(services, key, later)).toBe("settled");
    expect(await remindersTo("left.behind@example.in")).toHaveLength(1);
  });

  it("sends nothing when a cash-on-delivery order under that email followed", async () => {
    const email = "bought.after@example.in";
    const now = new Date();
    const { key } = await start(email, undefined, new Date(now.getTime() - 2 * HOUR));
    await order(email, "cod");
    expect(await sendCartReminder(services, key, now)).toBe("ordered");
    expect(await remindersTo(email)).toHaveLength(0);
  });

  it("still reminds a shopper whose online order waits for its payment, or was cancelled unpaid; not once it is paid", async () => {
    const now = new Date();
    // Left on the payment step: the order exists, unpaid.
    const pending = await start("pay.later@example.in", undefined, new Date(now.getTime() - 2 * HOUR));
    const waiting = await order("pay.later@example.in", "razorpay");
    expect(await sendCartReminder(services, pending.key, now)).toBe("sent");
    expect(await remindersTo("pay.later@example.in")).toHaveLength(1);

    // Its stock hold ran out: the order is cancelled, never paid.
    const lapsed = await start("lapsed@example.in", undefined, new Date(now.getTime() - 2 * HOUR));
    const cancelled = await order("lapsed@example.in", "razorpay");
    expect(await releaseHold(services, cancelled.id, { now: new Date(now.getTime() + 2 * HOUR) })).toBe("released");
    expect(await sendCartReminder(services, lapsed.key, now)).toBe("sent");

    // Paid after the checkout was reported and before the job ran: the job reads it and sends nothing.
    const paid = await start("paid.late@example.in", undefined, new Date(now.getTime() - 2 * HOUR));
    const bought = await order("paid.late@example.in", "razorpay");
    const { answer } = fake.pay(bought.razorpayOrderId!);
    const confirmed = await confirmCheckoutPayment(services, bought.number, bought.accessToken, { paymentId: answer.razorpay_payment_id, razorpayOrderId: answer.razorpay_order_id, signature: answer.razorpay_signature });
    expect(confirmed).toMatchObject({ ok: true });
    expect(await sendCartReminder(services, paid.key, now)).toBe("ordered");
    expect(await remindersTo("paid.late@example.in")).toHaveLength(0);
    expect(waiting.paymentMethod).toBe("razorpay");
  });

  it("the reminder's link puts the checkout's lines back into the cart: gone lines left out, quantities lowered, the cart's own lines kept", async () => {
    const email = "restore.me@example.in";
    const engraved = await createProduct(services.db, "restore-engraved", { pricePaise: 99_900, stock: 100 });
    const retired = await createProduct(services.db, "restore-retired", { pricePaise: 49_900, stock: 100 });
    const scarce = await createProduct(services.db, "restore-scarce", { pricePaise: 59_900, stock: 3 });
    const bulk = await createProduct(services.db, "restore-bulk", { pricePaise: 19_900, stock: 500 });
    const other = await createProduct(services.db, "restore-other", { pricePaise: 29_900, stock: 100 });
    const now = new Date();
    const key = idempotencyKey();
    const left = [
      { variantId, quantity: 2 },
      { variantId: engraved.variantId, quantity: 1, engraving: "ASHA" },
      { variantId: retired.variantId, quantity: 1 },
      { variantId: scarce.variantId, quantity: 5 },
      { variantId: bulk.variantId, quantity: 80 },
    ];
    await noteCheckoutStarted(services, { checkoutKey: key, email, name: "Asha", cart: left, clientIp: "10.1.1.3" }, new Date(now.getTime() - 2 * HOUR));
    expect(await sendCartReminder(services, key, now)).toBe("sent");
    // Meanwhile one product was taken off sale.
    await services.db.update(products).set({ status: "archived" }).where(eq(products.id, retired.productId));

    // The link as the mail carries it, opened in a browser whose cart already holds one of these and another product.
    const { restore } = await reminderTo(email);
    expect(restore).toBeDefined();
    const before = `${CART_COOKIE}=${encodeURIComponent(JSON.stringify([[variantId, 1], [other.variantId, 1]]))}`;
    const answer = (await restoreLoader({ request: get(`/cart/restore/${restore}`, before), params: { token: restore! }, context: { services } } as never)) as unknown as {
      data: { ok: boolean; items: { variantId: string; quantity: number; price: number; engraving?: string }[]; notices: string[] };
      init: { status?: number; headers: Headers };
    };
    expect(answer.init.status ?? 200).toBe(200);
    const expected = [
      [variantId, 2, ""],
      [engraved.variantId, 1, "ASHA"],
      [scarce.variantId, 3, ""],
      [bulk.variantId, 50, ""],
    ];
    expect(answer.data.items.map((i) => [i.variantId, i.quantity, i.engraving ?? ""])).toEqual(expected);
    expect(answer.data.items[0]!.price).toBe(129_900);
    expect(answer.data.notices).toEqual([
      "restore retired is no longer available and was left out.",
      "Only 3 of restore scarce left: your cart has 3.",
      "At most 50 of restore bulk fit in one order: your cart has 50.",
    ]);
    // The cookie checkout reads without script: the cart's own lines, joined by the restored ones (the larger quantity kept).
    const setCookie = answer.init.headers.get("Set-Cookie")!;
    expect(answer.init.headers.get("Cache-Control")).toBe("no-store");
    const cookie = setCookie.split(";")[0]!;
    const lines = decodeCartCookie(readCookie(cookie, CART_COOKIE));
    expect(lines).toEqual([
      { variantId, quantity: 2 },
      { variantId: other.variantId, quantity: 1 },
      { variantId: engraved.variantId, quantity: 1, engraving: "ASHA" },
      { variantId: scarce.variantId, quantity: 3 },
      { variantId: bulk.variantId, quantity: 50 },
    ]);
    // Opening the link again adds nothing more.
    const again = (await restoreLoader({ request: get(`/cart/restore/${restore}`, cookie), params: { token: restore! }, context: { services } } as never)) as unknown as { init: { headers: Headers } };
    expect(decodeCartCookie(readCookie(again.init.headers.get("Set-Cookie")!.split(";")[0]!, CART_COOKIE))).toEqual(lines);

    // Checkout, with that cookie, shows those lines priced today, every one buyable.
    const page = (await checkoutLoader({ request: get("/checkout", cookie), params: {}, context: { services } } as never)) as unknown as { quote: { lines: { variantId: string; quantity: number; engraving?: string; problem: unknown }[] } };
    expect(page.quote.lines.map((l) => [l.variantId, l.quantity, l.engraving ?? "", l.problem])).toEqual([
      [variantId, 2, "", null],
      [other.variantId, 1, "", null],
      [engraved.variantId, 1, "ASHA", null],
      [scarce.variantId, 3, "", null],
      [bulk.variantId, 50, "", null],
    ]);
  });

  it("a restore link that was never issued, is malformed or is too old leads to a page that says so, not an error", async () => {
    const missing = await answerOf(() => restoreLoader({ request: get(`/cart/restore/${crypto.randomUUID()}`), params: { token: crypto.randomUUID() }, context: { services } } as never));
    expect(missing.status).toBe(404);
    const garbage = await answerOf(() => restoreLoader({ request: get("/cart/restore/x'--"), params: { token: "x'--" }, context: { services } } as never));
    expect(garbage.status).toBe(404);
    const email = "too.late@example.in";
    const { key } = await start(email, undefined, new Date(Date.now() - 2 * HOUR));
    expect(await sendCartReminder(services, key)).toBe("sent");
    const { restore } = await reminderTo(email);
    expect(await cartToRestore(services.db, restore!, new Date(Date.now() + 29 * 24 * HOUR))).toMatchObject({ ok: true });
    expect(await cartToRestore(services.db, restore!, new Date(Date.now() + 31 * 24 * HOUR))).toEqual({ ok: false, reason: "expired" });
  });

  it("the stop link asks first, then stops every later reminder to that address, also from a mail app's one-click post", async () => {
    const email = "no.more@example.in";
    const now = new Date();
    const first = await start(email, undefined, new Date(now.getTime() - 3 * HOUR));
    const second = await start(email, undefined, new Date(now.getTime() - 2 * HOUR));
    expect(await sendCartReminder(services, first.key, now)).toBe("sent");
    const { stop } = await reminderTo(email);
    expect(stop).toBeDefined();
    const params = { token: stop! };

    // Opening the link (or a mail scanner fetching it) only asks.
    const asked = await answerOf(() => unsubscribeLoader({ request: get(`/unsubscribe/cart-reminders/${stop}`), params, context: { services } } as never));
    expect(asked).toMatchObject({ status: 200, body: { found: true, email: "no*****@example.in", optedOut: false } });
    expect(await services.db.select().from(cartReminderOptOuts)).toHaveLength(0);

    // A mail app's one-click unsubscribe: a POST from the mail provider, no Origin, the RFC 8058 body.
    const oneClick = new Request(`${TEST_PUBLIC_URL}/unsubscribe/cart-reminders/${stop}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(await answerOf(() => unsubscribeAction({ request: oneClick, params, context: { services } } as never))).toMatchObject({ status: 200, body: { stopped: true } });
    // The button on the page, pressed again: still stopped, nothing doubled.
    const pressed = new Request(`${TEST_PUBLIC_URL}/unsubscribe/cart-reminders/${stop}`, { method: "POST", headers: { Origin: TEST_PUBLIC_URL }, body: new FormData() });
    expect(await answerOf(() => unsubscribeAction({ request: pressed, params, context: { services } } as never))).toMatchObject({ status: 200, body: { stopped: true } });
    expect(await answerOf(() => unsubscribeLoader({ request: get(`/unsubscribe/cart-reminders/${stop}`), params, context: { services } } as never))).toMatchObject({ body: { optedOut: true } });

    // The other checkout's reminder, and one a fortnight later (past the weekly gap), are not sent.
    expect(await sendCartReminder(services, second.key, now)).toBe("unsubscribed");
    const later = new Date(now.getTime() + 14 * 24 * HOUR);
    const third = await start(email.toUpperCase(), undefined, later);
    expect(await sendCartReminder(services, third.key, new Date(later.getTime() + HOUR + 1000))).toBe("unsubscribed");
    expect(await remindersTo(email)).toHaveLength(1);

    // Another address that did not say stop gets its reminder a fortnight later: the gap was not what stopped this one.
    const control = "keep.going@example.in";
    const c1 = await start(control, undefined, new Date(now.getTime() - 2 * HOUR));
    expect(await sendCartReminder(services, c1.key, now)).toBe("sent");
    const c2 = await start(control, undefined, later);
    expect(await sendCartReminder(services, c2.key, new Date(later.getTime() + HOUR + 1000))).toBe("sent");

    // Erasure removes the address's reminders and mails; the wish stays, without the address in it.
    await services.db.transaction(async (tx) => {
      await forgetCheckoutReminders(tx, [email]);
      await forgetRecipients(tx, [email]);
    });
    const [kept] = await services.db.select().from(cartReminderOptOuts);
    expect(kept!.emailHash).not.toContain("no.more");
    const after = await start(email, undefined, later);
    expect(await sendCartReminder(services, after.key, new Date(later.getTime() + HOUR + 1000))).toBe("unsubscribed");
    // A link that names nothing says so.
    expect(await answerOf(() => unsubscribeLoader({ request: get("/unsubscribe/cart-reminders/nope"), params: { token: "nope" }, context: { services } } as never))).toMatchObject({ status: 404 });
    expect(await answerOf(() => unsubscribeAction({ request: oneClick.clone(), params: { token: crypto.randomUUID() }, context: { services } } as never))).toMatchObject({ status: 404 });
  });

  it("through SMTP the reminder carries List-Unsubscribe for mail apps' one-click unsubscribe; the link is not kept once sent", async () => {
    const sink = await startSmtpSink();
    try {
      const mailer = createMailer(services.db, { smtpUrl: `smtp://127.0.0.1:${sink.port}`, from: "GLACIAL <no-reply@glacial.in>", log: createLogger("silent"), publicUrl: TEST_PUBLIC_URL });
      const email = "by.smtp@example.in";
      const { key } = await start(email, undefined, new Date(Date.now() - 2 * HOUR));
      expect(await sendCartReminder({ ...services, mailer }, key)).toBe("sent");
      expect(sink.messages).toHaveLength(1);
      const headers = sink.messages[0]!.split("\r\n\r\n")[0]!.replace(/\r\n[ \t]+/g, " ");
      const [row] = await services.db.select().from(checkoutReminders).where(eq(checkoutReminders.checkoutKey, key));
      expect(headers).toContain(`List-Unsubscribe: <${TEST_PUBLIC_URL}/unsubscribe/cart-reminders/${row!.linkToken}>`);
      expect(headers).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
      const [sent] = await services.db.select().from(mailOutbox).where(eq(mailOutbox.eventKey, `cart-reminder:${key}`));
      expect(sent).toMatchObject({ status: "sent", text: null, unsubscribeUrl: null });
    } finally {
      await sink.close();
    }
  });

  it("reminds an address at most once a week, however many checkouts it leaves", async () => {
    const email = "twice@example.in";
    const now = new Date();
    const first = await start(email, undefined, new Date(now.getTime() - 3 * HOUR));
    const second = await start(email, undefined, new Date(now.getTime() - 2 * HOUR));
    expect(await sendCartReminder(services, first.key, now)).toBe("sent");
    expect(await sendCartReminder(services, second.key, now)).toBe("recently-reminded");
    expect(await remindersTo(email)).toHaveLength(1);
  });

  it("refuses a malformed email or key and stores nothing; an empty cart or reminders switched off store nothing", async () => {
    const key = idempotencyKey();
    expect(await noteCheckoutStarted(services, { checkoutKey: key, email: "asha@", cart: cart(), clientIp: "10.1.1.2" }).catch(refusalOf)).toEqual({ ok: false, status: 400, error: "Enter a valid email address, like name@example.com." });
    expect(await noteCheckoutStarted(services, { checkoutKey: "short", email: "asha@example.in", cart: cart(), clientIp: "10.1.1.2" }).catch(refusalOf)).toMatchObject({ ok: false, status: 400 });
    expect(await noteCheckoutStarted(services, { checkoutKey: key, email: "asha@example.in", cart: [], clientIp: "10.1.1.2" })).toEqual({ remindAt: null });
    const off = { ...services, config: { ...services.config, cartReminderMinutes: 0 } };
    expect(await noteCheckoutStarted(off, { checkoutKey: key, email: "asha@example.in", cart: cart(), clientIp: "10.1.1.2" })).toEqual({ remindAt: null });
    expect(await services.db.select().from(checkoutReminders).where(eq(checkoutReminders.checkoutKey, key))).toEqual([]);
  });

  it("refuses a network past the flood ceiling with 429 and when to try again, and stores nothing", async () => {
    const key = idempotencyKey();
    const ip = "10.1.9.9";
    const keyHash = crypto.createHash("sha256").update(ip).digest("base64url");
    await services.db.insert(rateLimitHits).values(Array.from({ length: REMINDER_FLOOD_LIMIT.limit }, () => ({ bucket: "cart-reminder:ip", keyHash })));
    const refused = await noteCheckoutStarted(services, { checkoutKey: key, email: "flood@example.in", cart: cart(), clientIp: ip }).catch(refusalOf);
    expect(refused).toMatchObject({ ok: false, status: 429, error: "Too many checkouts from this network. Please try again later.", retryAfterSeconds: expect.any(Number) });
    expect(await services.db.select().from(checkoutReminders).where(eq(checkoutReminders.checkoutKey, key))).toEqual([]);
  });

  it("takes the checkout page's report over HTTP with the cart from its cookie, and refuses another origin", async () => {
    const key = idempotencyKey();
    const cookie = `glacial_cart=${encodeURIComponent(JSON.stringify([[variantId, 2]]))}`;
    const post = (origin: string, body: unknown) =>
      startedAction({
        request: new Request(`${TEST_PUBLIC_URL}/api/checkout/started`, { method: "POST", headers: { Origin: origin, Cookie: cookie, "Content-Type": "application/json" }, body: JSON.stringify(body) }),
        context: { services },
        params: {},
      } as never);
    const answer = (await post(TEST_PUBLIC_URL, { checkoutKey: key, email: "web@example.in", name: "Web Shopper" })) as unknown as { data: unknown; init: { status?: number } | null };
    expect(answer.data).toEqual({ ok: true, reminder: true });
    const [row] = await services.db.select().from(checkoutReminders).where(eq(checkoutReminders.checkoutKey, key));
    expect(row).toMatchObject({ email: "web@example.in", lines: [{ variantId, quantity: 2 }] });
    const bad = (await post(TEST_PUBLIC_URL, { checkoutKey: key, email: "nope" })) as unknown as { data: unknown; init: { status?: number } | null };
    expect(bad.init?.status).toBe(400);
    await expect(Promise.resolve().then(() => post("https://evil.example", { checkoutKey: idempotencyKey(), email: "x@example.in" }))).rejects.toMatchObject({ init: { status: 403 } });
  });
});
