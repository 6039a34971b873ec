import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listOutbox } from "~/modules/mail/mail.server";
import { noteCheckoutStarted, sendCartReminder } from "~/modules/orders/cart-reminders.server";
import { placeOrder, quoteCart } from "~/modules/orders/checkout.server";
import { checkoutReminders } from "~/modules/orders/schema";
import { action as startedAction } from "~/routes/api.checkout-started";
import type { AppServices } from "~/services.server";
import { DRIVERS } from "../support/test-database";
import { openTestServices, TEST_PUBLIC_URL } from "../support/test-services";
import { checkoutForm, createProduct, idempotencyKey } from "../support/shoppers";

// Abandoned checkouts: the email typed at checkout gets one reminder after the delay, unless an
// order under that email followed; never two for one checkout, at most one a week per address.

const HOUR = 60 * 60 * 1000;

describe.each(DRIVERS)("checkout reminders on %s", (kind) => {
  let services: AppServices;
  let variantId: string;

  beforeAll(async () => {
    services = await openTestServices(kind, { jobs: true });
    ({ variantId } = await createProduct(services.db, "reminder-bottle", { pricePaise: 129_900, stock: 100 }));
  });
  afterAll(async () => {
    await services?.close();
  });

  const cart = () => [{ variantId, quantity: 1 }];
  const remindersTo = async (email: string) => (await listOutbox(services.db, { limit: 500 })).filter((m) => m.to === email && m.subject.startsWith("You left something"));
  const start = (email: string, key = idempotencyKey(), now = new Date()) =>
    noteCheckoutStarted(services, { checkoutKey: key, email, name: "Asha Rao", cart: cart(), clientIp: "10.1.1.1" }, now).then((outcome) => ({ outcome, key }));

  it("sends one reminder once the delay has passed, never a second for the same checkout", async () => {
    const now = new Date();
    const { outcome, key } = await start("Left.Behind@Example.in", undefined, now);
    expect(outcome).toEqual({ ok: true, remindAt: new Date(now.getTime() + HOUR) });
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
    expect(mail!.text).toContain(`${TEST_PUBLIC_URL}/checkout`);
    // The job run again (a retry, a second worker): still one mail.
    expect(await sendCartReminder(services, key, later)).toBe("settled");
    expect(await remindersTo("left.behind@example.in")).toHaveLength(1);
  });

  it("sends nothing when an order under that email followed", async () => {
    const email = "bought.after@example.in";
    const now = new Date();
    const { key } = await start(email, undefined, new Date(now.getTime() - 2 * HOUR));
    const quote = await quoteCart(services.db, cart(), { email });
    const placed = await placeOrder(services, checkoutForm({ quoteDigest: quote.digest, email }), cart());
    expect(placed.kind).toBe("placed");
    expect(await sendCartReminder(services, key, now)).toBe("ordered");
    expect(await remindersTo(email)).toHaveLength(0);
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
    expect(await noteCheckoutStarted(services, { checkoutKey: key, email: "asha@", cart: cart(), clientIp: "10.1.1.2" })).toMatchObject({ ok: false, status: 400, error: "Enter a valid email address, like name@example.com." });
    expect(await noteCheckoutStarted(services, { checkoutKey: "short", email: "asha@example.in", cart: cart(), clientIp: "10.1.1.2" })).toMatchObject({ ok: false, status: 400 });
    expect(await noteCheckoutStarted(services, { checkoutKey: key, email: "asha@example.in", cart: [], clientIp: "10.1.1.2" })).toEqual({ ok: true, remindAt: null });
    const off = { ...services, config: { ...services.config, cartReminderMinutes: 0 } };
    expect(await noteCheckoutStarted(off, { checkoutKey: key, email: "asha@example.in", cart: cart(), clientIp: "10.1.1.2" })).toEqual({ ok: true, remindAt: null });
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
