import fs from "node:fs";
import type { Browser, BrowserContext, Page, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatPaise } from "~/lib/money";
import { createAuth } from "~/modules/staff/auth.server";
import { prepareDemoStore, seedStaff } from "../support/admin-server";
import { expectAccessible, launchBrowser } from "../support/browser";
import { startFakeRazorpay, type FakeRazorpay } from "../support/fake-razorpay";
import { freePort, startServer, type RunningServer } from "../support/server-process";
import { createShopper } from "../support/shoppers";
import { hydrated, openStorefront } from "../support/storefront";

// Issue 16 in Chromium, against the local Razorpay stand-in: a guest and a signed-in shopper pay
// online (the fake's checkout.js window, its signed answer to the page, its signed webhooks to the
// shop); staff see the orders paid, ship one and refund part of it, with a credit note.
const OWNER = { email: "owner@glacial.in", password: "a long owner passphrase" };
const SHOPPER = { email: "kavya.shopper@example.in", password: "a long shopper passphrase" };
const LIVE = { timeout: 20_000 };
// Each test drives the storefront, the payment window and the back office: generous on a busy machine.
const SLOW = 180_000;

describe("online payment (Razorpay) in Chromium", () => {
  let browser: Browser;
  let server: RunningServer;
  let fake: FakeRazorpay;
  let url: string;
  let dataDir: string;
  const contexts: BrowserContext[] = [];
  /** What the shop answered each webhook the fake delivered: type and status. */
  const deliveries: { type: string; status: number }[] = [];
  /** The signed-in shopper's order, shipped and refunded by staff in the last test. */
  let shopperOrder: { number: string; total: string } | undefined;

  beforeAll(async () => {
    fake = await startFakeRazorpay();
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    fake.webhookUrl = `${url}/api/payments/razorpay/webhook`;
    // Every webhook the fake sends after a payment goes through here: the shop's answers are kept.
    const deliver = fake.deliver.bind(fake);
    fake.deliver = async (body, opts) => {
      const res = await deliver(body, opts);
      deliveries.push({ type: (JSON.parse(String(body)) as { event: string }).event, status: res.status });
      return res;
    };
    dataDir = await prepareDemoStore(async (database) => {
      await seedStaff(database, [{ ...OWNER, roles: ["super_admin"] }]);
      const auth = createAuth(database.db, { secret: "seed-secret-seed-secret-seed-secret", baseURL: "http://localhost" });
      await createShopper(auth, SHOPPER.email, SHOPPER.password);
    }, "glacial-payments-");
    server = await startServer({
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      PORT: String(port),
      PUBLIC_URL: url,
      RAZORPAY_KEY_ID: fake.config.keyId,
      RAZORPAY_KEY_SECRET: fake.config.keySecret,
      RAZORPAY_WEBHOOK_SECRET: fake.config.webhookSecret,
      // Tests only: Razorpay's API and its checkout.js are the local fake.
      RAZORPAY_API_URL: fake.url,
      RAZORPAY_CHECKOUT_URL: fake.config.checkoutUrl,
    });
    browser = await launchBrowser();
  }, 180_000);
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    await browser?.close();
    await server?.stop("SIGTERM");
    await fake?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  // The marketing popup is kept away: a modal over the checkout would take the typing.
  const storefront = async () => {
    const { context, page } = await openStorefront(browser);
    contexts.push(context);
    return page;
  };

  /** The checkout form itself (the footer's newsletter box has an Email field too). */
  const checkout = (page: Page) => page.getByRole("form", { name: "Checkout" });
  /** The shipping address (the billing address, hidden while it is the same, has fields of the same names). */
  const shipping = (page: Page) => checkout(page).getByRole("group", { name: "Shipping address" });
  /** The fake's payment window, as its checkout.js opens it over the page. */
  const paymentWindow = (page: Page) => page.getByRole("dialog", { name: "Razorpay test checkout" });

  /**
   * A best seller into the cart, checkout filled with Razorpay chosen (checked for accessibility),
   * the order placed: lands on its payment step. Returns the order number and the total shown.
   */
  async function buyOnline(page: Page, contact: { email?: string; phone: string }): Promise<{ number: string; total: string; name: string }> {
    const { cards } = (await (await fetch(`${url}/api/best-sellers?limit=1`)).json()) as { cards: { slug: string; name: string }[] };
    const card = cards[0]!;
    await page.goto(`${url}/product/${card.slug}`);
    await hydrated(page);
    await page.getByRole("button", { name: "Add to Cart" }).first().click();
    await expect.poll(() => page.getByRole("dialog", { name: /Your Cart/ }).isVisible(), LIVE).toBe(true);
    await page.getByRole("link", { name: "Proceed to Checkout" }).click();
    await page.waitForURL(`${url}/checkout`);
    await expect.poll(() => page.getByRole("button", { name: /^Place order/ }).isEnabled(), LIVE).toBe(true);

    // No email given: the signed-in shopper's, which checkout fills in by itself.
    if (contact.email) await checkout(page).getByLabel("Email").fill(contact.email);
    else expect(await checkout(page).getByLabel("Email").inputValue()).toBe(SHOPPER.email);
    await checkout(page).getByLabel("Mobile number").fill(contact.phone);
    const ship = shipping(page);
    await ship.getByLabel("Full name").fill("Asha Rao");
    await ship.getByLabel("Address line 1").fill("12, 4th Cross, Indiranagar");
    await ship.getByLabel("City").fill("Bengaluru");
    await ship.getByLabel("PIN code").fill("560038");
    await ship.getByLabel("State or union territory").selectOption({ label: "Karnataka" });
    await checkout(page).getByLabel("UPI, cards or netbanking (Razorpay)").check();
    const total = (await page.getByTestId("checkout-total").textContent())!.trim();
    const place = page.getByRole("button", { name: /^Place order/ });
    // Online payment: no cash-on-delivery fee, and the button says the shopper pays next.
    expect(await place.textContent()).toBe(`Place order and pay · ${total}`);
    await expectAccessible(page);
    await place.click();
    await page.waitForURL(/\/thank-you\?order=GL-\d{6}&key=[^&]+&pay=1$/);
    const number = (await page.getByTestId("order-number").textContent())!;
    expect(number).toMatch(/^GL-\d{6}$/);
    // The product page's "Added to cart!" toast, carried over by the client-side navigations, has
    // gone before the page is looked at (over the payment window's dimmed backdrop it reads poorly).
    await page.getByText("Added to cart!").waitFor({ state: "detached", timeout: 20_000 });
    return { number, total, name: card.name };
  }

  /** The Razorpay order the shop created for this order (its receipt is the order number). */
  const remoteOrder = (number: string) => [...fake.orders.values()].find((o) => o.receipt === number);

  /** Shows the order awaiting payment, and the payment window open for exactly its total. */
  async function expectAwaitingPayment(page: Page, number: string, total: string) {
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent(), LIVE).toBe("Your order is reserved: complete your payment");
    expect(await page.getByTestId("payment-state").textContent()).toMatch(new RegExp(`^Pay ${total} by UPI, card or netbanking before .+: your items are held for you until then\\.$`));
    expect(await page.getByTestId("order-total").textContent()).toBe(total);
    // Straight from checkout the payment window opens by itself, for the order's total in paise.
    await paymentWindow(page).waitFor(LIVE);
    const remote = remoteOrder(number)!;
    expect(remote).toMatchObject({ currency: "INR", status: "created" });
    expect(formatPaise(remote.amount)).toBe(total);
    expect(await paymentWindow(page).textContent()).toContain(`GLACIAL: Order ${number} (INR ${(remote.amount / 100).toFixed(2)})`);
    return remote;
  }

  const paidText = (total: string, email: string) => `Payment of ${total} received. A confirmation is on its way to ${email}, and we will mail you again when your order ships.`;

  /** A staff page, signed in through the back office's login form. */
  async function staffPage(): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${url}/admin/login`);
    await page.getByLabel("Email").fill(OWNER.email);
    await page.getByLabel("Password").fill(OWNER.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${url}/admin/dashboard`);
    return page;
  }

  /** The order's row in /admin/sales, found by its number: [status, payment]. */
  async function salesRow(admin: Page, number: string) {
    await admin.goto(`${url}/admin/sales`);
    await admin.getByLabel("Search").fill(number);
    await admin.getByRole("button", { name: "Filter" }).click();
    await expect.poll(() => admin.getByRole("link", { name: number }).count(), LIVE).toBe(1);
    const row = admin.getByRole("row").filter({ has: admin.getByRole("link", { name: number }) });
    const cells = await row.getByRole("cell").allTextContents();
    return cells;
  }

  it("a guest pays online: the order waits for payment, Razorpay's signed notice marks it paid even before the page's own answer arrives, and staff see it paid", async () => {
    const page = await storefront();
    const email = "asha.guest@example.in";
    // The page's own report of the payment (the checkout's signed answer) is held back until the
    // webhook has done its work: the notice alone must make the order paid.
    const held: Route[] = [];
    await page.route(
      (u) => u.pathname.startsWith("/thank-you"),
      async (route) => {
        if (route.request().method() === "POST" && (route.request().postData() ?? "").includes("intent=verify")) held.push(route);
        else await route.continue();
      },
    );
    const { number, total, name } = await buyOnline(page, { email, phone: "98765 43210" });
    const remote = await expectAwaitingPayment(page, number, total);
    expect(await page.getByRole("region", { name: "Summary" }).getByText(name, { exact: false }).count()).toBeGreaterThan(0);
    await expectAccessible(page);

    const webhooksBefore = deliveries.length;
    await paymentWindow(page).getByRole("button", { name: `Pay ${(remote.amount / 100).toFixed(2)} (test)` }).click();
    await expect.poll(() => held.length, LIVE).toBe(1);
    await expect.poll(() => page.getByRole("button", { name: "Confirming your payment..." }).count(), LIVE).toBe(1);
    // Razorpay's two notices (payment.captured, order.paid), signed over their bytes: both accepted.
    await expect.poll(() => deliveries.length - webhooksBefore, LIVE).toBe(2);
    expect(deliveries.slice(webhooksBefore)).toEqual([
      { type: "payment.captured", status: 200 },
      { type: "order.paid", status: 200 },
    ]);
    expect(remote.status).toBe("paid");

    // The same link opened again (as from the mail): paid, by the notice alone.
    const link = page.url().replace(/&pay=1$/, "");
    const again = await page.context().newPage();
    await again.goto(link);
    expect(await again.getByRole("heading", { level: 1 }).textContent()).toBe("Thank you! Your order is placed.");
    expect(await again.getByTestId("payment-state").textContent()).toBe(paidText(total, email));
    expect(await again.getByRole("button", { name: /^Pay / }).count()).toBe(0);
    await again.close();

    // Now the page's answer reaches the shop: the first tab turns paid too, with nothing paid twice.
    await held[0]!.continue();
    await expect.poll(() => page.getByTestId("payment-state").textContent(), LIVE).toBe(paidText(total, email));
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Thank you! Your order is placed.");
    expect(await page.getByRole("alert").count()).toBe(0);
    await expectAccessible(page);

    // Staff: in the sales list as paid, to ship; on its page the notices and the checkout's answer.
    const admin = await staffPage();
    const cells = await salesRow(admin, number);
    expect(cells.slice(-3)).toEqual([total, "To ship", "Paid"]);
    await admin.getByRole("link", { name: number }).click();
    await expect.poll(() => admin.getByRole("heading", { level: 1 }).textContent(), LIVE).toBe(`Order ${number}`);
    const events = admin.getByRole("table", { name: /Payment events/ });
    const eventRows = await events.getByRole("row").allTextContents();
    const payment = [...fake.payments.values()].find((p) => p.order_id === remote.id)!;
    const row = (from: string, type: string) => eventRows.find((r) => r.includes(from) && r.includes(type)) ?? "";
    expect(row("Razorpay notice", "payment.captured")).toContain("Order marked paid.");
    expect(row("Razorpay notice", "payment.captured")).toContain(payment.id);
    expect(row("Razorpay notice", "order.paid")).toContain("Already recorded: nothing changed.");
    expect(row("Shopper's checkout", "")).toContain("Already recorded: nothing changed.");
  }, SLOW);

  it("a signed-in shopper pays online in the payment window, sees it paid, and finds the order in the account", async () => {
    const page = await storefront();
    await page.goto(`${url}/login?redirectTo=/account`);
    const login = page.locator("#main");
    await login.getByLabel("Email").fill(SHOPPER.email);
    await login.getByLabel("Password").fill(SHOPPER.password);
    await Promise.all([page.waitForURL(`${url}/account`), page.getByRole("button", { name: "Sign in" }).click()]);
    await expect.poll(() => page.getByText("No orders yet.").count(), LIVE).toBe(1);

    // Signed in, checkout starts from the account's email.
    const { number, total } = await buyOnline(page, { phone: "91234 56789" });
    const remote = await expectAwaitingPayment(page, number, total);
    const webhooksBefore = deliveries.length;
    await paymentWindow(page).getByRole("button", { name: /^Pay .* \(test\)$/ }).click();
    await expect.poll(() => page.getByTestId("payment-state").textContent(), LIVE).toBe(paidText(total, SHOPPER.email));
    expect(await paymentWindow(page).count()).toBe(0);
    await expect.poll(() => deliveries.slice(webhooksBefore).map((d) => d.status), LIVE).toEqual([200, 200]);
    expect(remote).toMatchObject({ status: "paid", amount_paid: remote.amount });
    await expectAccessible(page);

    await page.goto(`${url}/account`);
    const item = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: `Order ${number}` }) });
    expect(await item.count()).toBe(1);
    expect(await item.textContent()).toContain(total);
    expect(await item.textContent()).toContain("To ship");
    shopperOrder = { number, total };
  }, SLOW);

  it("staff ship the shopper's order and refund part of it through Razorpay: the refund and its credit note show", async () => {
    expect(shopperOrder).toBeDefined();
    const { number, total } = shopperOrder!;
    const admin = await staffPage();
    expect((await salesRow(admin, number)).slice(-3)).toEqual([total, "To ship", "Paid"]);
    await admin.getByRole("link", { name: number }).click();
    await expect.poll(() => admin.getByRole("heading", { level: 1 }).textContent(), LIVE).toBe(`Order ${number}`);

    await admin.getByLabel("Carrier").fill("Delhivery");
    await admin.getByLabel("Tracking number").fill("DL445566");
    await admin.getByRole("button", { name: "Mark shipped" }).click();
    // The order's line under its title: shipped, still paid, the carrier and tracking number (the
    // refund form below is then drawn for the order's new version).
    const summary = admin.getByRole("region", { name: `Order ${number}` }).locator(":scope > p").first();
    await expect.poll(() => summary.textContent(), LIVE).toMatch(/ · Shipped · Paid · Delhivery DL445566 · Tax invoice \S+ \(PDF\)$/);
    expect(await admin.getByText(/Shipped with Delhivery, tracking number DL445566/).count()).toBeGreaterThan(0);

    // Part of it back: ₹100 of the total, through Razorpay, after the browser's "are you sure?".
    const refundForm = admin.getByRole("form", { name: "Refund" });
    expect(await refundForm.getByText(`Up to ${total}`).count()).toBe(1);
    await refundForm.getByLabel("Amount (₹)").fill("100");
    await refundForm.getByLabel("Reason").fill("One bottle arrived dented");
    let asked = "";
    admin.once("dialog", (dialog) => {
      asked = dialog.message();
      void dialog.accept();
    });
    const refundsBefore = fake.refunds.size;
    await refundForm.getByRole("button", { name: "Refund through Razorpay" }).click();
    const refunds = admin.getByRole("table", { name: "Refunds of this order" });
    await expect.poll(() => refunds.count(), LIVE).toBe(1);
    expect(asked).toBe("Refund ₹100 to the customer's original payment through Razorpay? This cannot be undone.");

    // Razorpay was asked for exactly 10,000 paise against this order's payment.
    expect(fake.refunds.size).toBe(refundsBefore + 1);
    const refund = [...fake.refunds.values()].at(-1)!;
    const payment = fake.payments.get(refund.payment_id)!;
    expect(payment.order_id).toBe(remoteOrder(number)!.id);
    expect(refund).toMatchObject({ amount: 10_000, currency: "INR", status: "processed" });
    expect(payment).toMatchObject({ amount_refunded: 10_000, refund_status: "partial" });

    const cells = await refunds.getByRole("row").nth(1).getByRole("cell").allTextContents();
    expect(cells.slice(1)).toEqual(["₹100", `Razorpay ${refund.id}`, "Refunded", `One bottle arrived dented${OWNER.email}`]);
    const notes = admin.getByRole("list", { name: "Credit notes" }).getByRole("listitem");
    expect(await notes.count()).toBe(1);
    expect(await notes.first().textContent()).toMatch(/^Credit note \S+ \(PDF\) — ₹100 against invoice \S+, /);
    const creditNote = notes.first().getByRole("link", { name: /^Credit note \S+ \(PDF\)$/ });
    const pdf = await admin.request.get(`${url}${await creditNote.getAttribute("href")}`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toContain("application/pdf");
    // The order is partly refunded, still shipped; what is left to refund went down by ₹100.
    expect(await summary.textContent()).toContain(" · Shipped · Partly refunded · Delhivery DL445566 · ");
    const totalPaise = remoteOrder(number)!.amount;
    expect(await admin.getByRole("form", { name: "Refund" }).getByText(`Up to ${formatPaise(totalPaise - 10_000)}`).count()).toBe(1);
    await expectAccessible(admin);
  }, SLOW);
});
