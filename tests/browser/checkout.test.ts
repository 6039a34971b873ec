import fs from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuth } from "~/modules/staff/staff.server";
import { prepareDemoStore, seedStaff, type AdminServer } from "../support/admin-server";
import { startServer } from "../support/server-process";
import { createShopper } from "../support/shoppers";
import { expectAccessible, launchBrowser, signedInContext } from "../support/browser";
import { hydrated } from "../support/storefront";

// Buying, as a shopper does it: a product page, the cart, checkout, cash on delivery, the
// thank-you page; then staff find the order in the back office and ship it.
const OWNER = { email: "owner@glacial.in", password: "a long owner passphrase", roles: ["super_admin" as const] };
const SHOPPER = { email: "nikhil.shopper@example.in", password: "a long shopper passphrase" };

describe("checkout in Chromium", () => {
  let browser: Browser;
  let server: AdminServer;
  let base: string;

  beforeAll(async () => {
    const dataDir = await prepareDemoStore(async (database) => {
      await seedStaff(database, [OWNER]);
      const auth = createAuth(database.db, { secret: "seed-secret-seed-secret-seed-secret", baseURL: "http://localhost" });
      await createShopper(auth, SHOPPER.email, SHOPPER.password);
    }, "glacial-checkout-");
    server = Object.assign(await startServer({ DATA_DIR: dataDir, LOG_LEVEL: "warn" }), { dataDir });
    base = server.url;
    browser = await launchBrowser();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  async function addFirstBestSeller(page: Page): Promise<{ name: string; pricePaise: number }> {
    const { cards } = (await (await fetch(`${base}/api/best-sellers?limit=1`)).json()) as { cards: { slug: string; name: string; pricePaise: number }[] };
    const card = cards[0]!;
    await page.goto(`${base}/product/${card.slug}`);
    await hydrated(page);
    await page.getByRole("button", { name: "Add to Cart" }).first().click();
    await expect.poll(() => page.getByRole("dialog", { name: /Your Cart/ }).isVisible()).toBe(true);
    await page.getByRole("link", { name: "Proceed to Checkout" }).click();
    await page.waitForURL(`${base}/checkout`);
    return card;
  }

  /** The checkout form itself (the footer's newsletter box has an Email field too). */
  const checkout = (page: Page) => page.getByRole("form", { name: "Checkout" });
  /** The shipping address (the billing address, hidden while it is the same, has fields of the same names). */
  const shipping = (page: Page) => checkout(page).getByRole("group", { name: "Shipping address" });

  async function fillAddress(page: Page) {
    const form = shipping(page);
    await form.getByLabel("Full name").fill("Asha Rao");
    await form.getByLabel("Address line 1").fill("12, 4th Cross, Indiranagar");
    await form.getByLabel("City").fill("Bengaluru");
    await form.getByLabel("PIN code").fill("560038");
    await form.getByLabel("State or union territory").selectOption({ label: "Karnataka" });
  }

  it("a guest pays cash on delivery: field errors beside their fields, nothing typed lost, then the thank-you page and the order in the back office", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const card = await addFirstBestSeller(page);
    await expect.poll(() => page.getByRole("button", { name: /^Place order/ }).isEnabled()).toBe(true);
    await expectAccessible(page);
    expect(await page.getByText("UPI, cards or netbanking (Razorpay)").count()).toBe(1);
    expect(await page.getByText(/not switched on yet/).count()).toBe(1);

    await checkout(page).getByLabel("Email").fill("asha@example");
    await checkout(page).getByLabel("Mobile number").fill("12345");
    await shipping(page).getByLabel("Full name").fill("Asha Rao");
    await page.getByRole("button", { name: /^Place order/ }).click();
    await expect.poll(() => page.getByText("Enter a valid email address, like name@example.com.").count()).toBe(1);
    expect(await page.getByText(/10-digit Indian mobile number/).count()).toBe(1);
    expect(await page.getByText("Enter a 6-digit PIN code that does not start with 0.").count()).toBe(1);
    expect(await shipping(page).getByLabel("Full name").inputValue()).toBe("Asha Rao");
    expect(await checkout(page).getByLabel("Email").getAttribute("aria-invalid")).toBe("true");

    // Once a real email is typed and the field left, the page tells the shop (for one reminder if no order follows).
    const reported = page.waitForResponse((r) => r.url().endsWith("/api/checkout/started"));
    await checkout(page).getByLabel("Email").fill("asha@example.in");
    await checkout(page).getByLabel("Mobile number").fill("98765 43210");
    expect(await (await reported).json()).toEqual({ ok: true, reminder: true });
    await fillAddress(page);
    const total = await page.getByTestId("checkout-total").textContent();
    await page.getByRole("button", { name: /^Place order/ }).click();
    await page.waitForURL(/\/thank-you\?order=GL-\d{6}&key=/);
    const number = (await page.getByTestId("order-number").textContent())!;
    expect(number).toMatch(/^GL-\d{6}$/);
    expect(await page.getByTestId("order-total").textContent()).toBe(total);
    expect(await page.getByRole("region", { name: "Summary" }).getByText(card.name, { exact: false }).count()).toBeGreaterThan(0);
    await expectAccessible(page);
    // The browser's cart is empty now.
    await expect.poll(() => page.evaluate(() => localStorage.getItem("cart"))).toBe("[]");
    // The link without its secret shows nothing.
    await page.goto(`${base}/thank-you?order=${number}`);
    expect(await page.getByText("We could not find that order from this link.", { exact: false }).count()).toBe(1);

    // Staff find it, open it and ship it.
    const staff = await signedInContext(browser, base, OWNER);
    const admin = await staff.newPage();
    await admin.goto(`${base}/admin/sales`);
    await admin.getByLabel("Search").fill("98765");
    await admin.getByRole("button", { name: "Filter" }).click();
    await expect.poll(() => admin.getByRole("link", { name: number }).count()).toBe(1);
    await expectAccessible(admin);
    await admin.getByRole("link", { name: number }).click();
    await expect.poll(() => admin.getByRole("heading", { level: 1 }).textContent()).toBe(`Order ${number}`);
    await admin.getByLabel("Carrier").fill("Delhivery");
    await admin.getByLabel("Tracking number").fill("DL998877");
    await admin.getByRole("button", { name: "Mark shipped" }).click();
    await expect.poll(() => admin.getByText(/Shipped with Delhivery, tracking number DL998877/).count()).toBeGreaterThan(0);
    await expectAccessible(admin);
    await staff.close();

    // The shopper tracks it without an account: number and email.
    await page.goto(`${base}/track-order`);
    const track = page.getByRole("form", { name: "Track your order" });
    await track.getByLabel("Order number").fill(number);
    await track.getByLabel("Email or mobile number").fill("someone.else@example.in");
    await track.getByRole("button", { name: "Track order" }).click();
    await expect.poll(() => page.getByText(/We could not find an order with those details/).count()).toBe(1);
    await track.getByLabel("Email or mobile number").fill("asha@example.in");
    await track.getByRole("button", { name: "Track order" }).click();
    await expect.poll(() => page.getByRole("heading", { name: `Order ${number}: Shipped` }).count()).toBe(1);
    expect(await page.getByText(/Shipped with Delhivery, tracking number DL998877/).count()).toBe(1);
    expect(await page.getByRole("link", { name: "track it on the courier's site" }).getAttribute("href")).toContain("DL998877");
    await expectAccessible(page);
    await context.close();
  });

  it("a signed-in shopper pays cash on delivery: the address is saved, the order shows in the account and in the back office, and the next checkout starts from the saved address", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${base}/login?redirectTo=/account`);
    const login = page.locator("#main");
    await login.getByLabel("Email").fill(SHOPPER.email);
    await login.getByLabel("Password").fill(SHOPPER.password);
    await Promise.all([page.waitForURL(`${base}/account`), page.getByRole("button", { name: "Sign in" }).click()]);
    await expect.poll(() => page.getByText("No orders yet.").count()).toBe(1);

    // Signed in, the email is already there: opening checkout is reported for the one reminder,
    // though the shopper never touches the field.
    const started = page.waitForRequest((r) => r.url() === `${base}/api/checkout/started` && r.method() === "POST");
    await addFirstBestSeller(page);
    expect(JSON.parse((await started).postData() ?? "{}")).toMatchObject({ email: SHOPPER.email });
    await expect.poll(() => page.getByRole("button", { name: /^Place order/ }).isEnabled()).toBe(true);
    // Signed in, the contact email is the account's; with no address book yet, saving is offered and on.
    expect(await checkout(page).getByLabel("Email").inputValue()).toBe(SHOPPER.email);
    expect(await page.getByLabel("Save this address to my account").isChecked()).toBe(true);
    await checkout(page).getByLabel("Mobile number").fill("+91 99887 76655");
    await fillAddress(page);
    await expectAccessible(page);
    const total = await page.getByTestId("checkout-total").textContent();
    await page.getByRole("button", { name: /^Place order/ }).click();
    await page.waitForURL(/\/thank-you\?order=GL-\d{6}/);
    const number = (await page.getByTestId("order-number").textContent())!;
    expect(await page.getByTestId("order-total").textContent()).toBe(total);

    // The account lists it, to ship, with the same total.
    await page.goto(`${base}/account`);
    const item = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: `Order ${number}` }) });
    expect(await item.count()).toBe(1);
    expect(await item.textContent()).toContain(total!);

    // The next checkout starts from the saved address, without typing it again.
    await addFirstBestSeller(page);
    await expect.poll(() => page.getByLabel("Your saved addresses").count()).toBe(1);
    expect(await shipping(page).getByLabel("Full name").inputValue()).toBe("Asha Rao");
    expect(await shipping(page).getByLabel("PIN code").inputValue()).toBe("560038");
    await context.close();

    // Staff find it under the shopper's email in the back office.
    const staff = await signedInContext(browser, base, OWNER);
    const admin = await staff.newPage();
    await admin.goto(`${base}/admin/sales`);
    await admin.getByLabel("Search").fill(SHOPPER.email);
    await admin.getByRole("button", { name: "Filter" }).click();
    await expect.poll(() => admin.getByRole("link", { name: number }).count()).toBe(1);
    await staff.close();
  });

  it("on a phone-sized screen, a stale page is shown the new quote before any order is placed, keeping what was typed", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await addFirstBestSeller(page);
    await expect.poll(() => page.getByRole("button", { name: /^Place order/ }).isEnabled()).toBe(true);
    await checkout(page).getByLabel("Email").fill("meera@example.in");
    await checkout(page).getByLabel("Mobile number").fill("91234 56789");
    await fillAddress(page);
    // The page's quote is tampered with, as if the price changed meanwhile: nothing is placed.
    await page.evaluate(() => {
      (document.querySelector('input[name="quoteDigest"]') as HTMLInputElement).value = "0".repeat(32);
    });
    await page.getByRole("button", { name: /^Place order/ }).click();
    await expect.poll(() => page.getByText(/Prices or availability changed since you opened checkout/).count()).toBe(1);
    expect(page.url()).toBe(`${base}/checkout`);
    expect(await shipping(page).getByLabel("Full name").inputValue()).toBe("Asha Rao");
    await page.getByRole("button", { name: /^Place order/ }).click();
    await page.waitForURL(/\/thank-you\?order=GL-\d{6}/);
    await context.close();
  });
});
