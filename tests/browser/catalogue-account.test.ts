import fs from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAdminServer, type AdminServer } from "../support/admin-server";
import { signInOverHttp } from "../support/staff-http";
import { expectAccessible, launchBrowser } from "../support/browser";
import { hydrated } from "../support/storefront";

const OWNER = { email: "owner@glacial.in", password: "a long owner passphrase", roles: ["super_admin" as const] };

describe("shopper account pages in Chromium", () => {
  let browser: Browser;
  let server: AdminServer;
  let baseUrl: string;
  let ownerCookie: string;
  beforeAll(async () => {
    server = await startAdminServer([OWNER]);
    baseUrl = server.url;
    ownerCookie = await signInOverHttp(baseUrl, OWNER.email, OWNER.password);
    browser = await launchBrowser();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  /** The outbox as staff read it (no SMTP here): the link of the newest mail with `subject` to `email`. */
  async function linkInOutbox(email: string, subject: string): Promise<string> {
    let link: string | undefined;
    await expect
      .poll(
        async () => {
          const html = await (await fetch(`${baseUrl}/admin/email-templates`, { headers: { cookie: ownerCookie } })).text();
          // Newest first: the first list item addressed to `email` with that subject.
          const block = html.split("<li").find((item) => item.includes(email) && item.includes(subject)) ?? "";
          link = /href="(https?:\/\/[^"]+)"/.exec(block)?.[1];
          return link !== undefined;
        },
        { timeout: 10_000 },
      )
      .toBe(true);
    return link!.replace(/&amp;/g, "&").replace(/^https?:\/\/[^/]+/, baseUrl);
  }

  async function register(page: Page, email: string, password: string) {
    await page.goto(`${baseUrl}/register`);
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Create account" }).click();
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Check your inbox");
    return page.getByRole("status").textContent();
  }

  it("registers, confirms the address from the mail, lands on the site root signed in, logs out and signs in again", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const email = `shopper-${Date.now()}@example.in`;
    await page.goto(`${baseUrl}/register`);
    await expectAccessible(page);
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill("short");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect.poll(() => page.getByText("Password must be at least 10 characters.").count()).toBe(1);
    const answer = await register(page, email, "a long passphrase");
    await expectAccessible(page);
    expect((await context.cookies()).some((c) => c.name.includes("session_token"))).toBe(false);

    // Registering an address that already has an account (here: staff) looks exactly the same.
    const other = await (await browser.newContext()).newPage();
    expect((await register(other, OWNER.email, "a long passphrase"))?.replace(OWNER.email, email)).toBe(answer);
    await other.context().close();

    await Promise.all([page.waitForURL(`${baseUrl}/`), page.goto(await linkInOutbox(email, "Confirm your email"))]);
    expect((await context.cookies()).some((c) => c.name.includes("session_token"))).toBe(true);

    await page.goto(`${baseUrl}/login`);
    expect(await page.getByText(`You are signed in as ${email}.`).count()).toBe(1);
    await Promise.all([page.waitForURL(`${baseUrl}/login`), page.getByRole("button", { name: "Log out" }).click()]);
    await expect.poll(() => page.getByRole("heading", { name: "Sign in" }).count()).toBe(1);

    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill("wrong password!");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toBe("Invalid email or password.");
    await page.getByLabel("Password", { exact: true }).fill("a long passphrase");
    await Promise.all([page.waitForURL(`${baseUrl}/`), page.getByRole("button", { name: "Sign in" }).click()]);
    await page.goto(`${baseUrl}/login`);
    expect(await page.getByText(`You are signed in as ${email}.`).count()).toBe(1);
    expect(await page.getByText("No orders yet.").count()).toBe(1);

    // Signed in, the shopper buys: checkout knows the email, and the account lists the order.
    const { cards } = (await (await fetch(`${baseUrl}/api/best-sellers?limit=1`)).json()) as { cards: { slug: string }[] };
    await page.goto(`${baseUrl}/product/${cards[0]!.slug}`);
    await hydrated(page);
    await page.getByRole("button", { name: "Add to Cart" }).first().click();
    await page.getByRole("link", { name: "Proceed to Checkout" }).click();
    await page.waitForURL(`${baseUrl}/checkout`);
    const form = page.getByRole("form", { name: "Checkout" });
    expect(await form.getByLabel("Email").inputValue()).toBe(email);
    await form.getByLabel("Mobile number").fill("98765 43210");
    await form.getByRole("group", { name: "Shipping address" }).getByLabel("Full name").fill("Shopper Test");
    await form.getByRole("group", { name: "Shipping address" }).getByLabel("Address line 1").fill("7 MG Road");
    await form.getByRole("group", { name: "Shipping address" }).getByLabel("City").fill("Pune");
    await form.getByRole("group", { name: "Shipping address" }).getByLabel("PIN code").fill("411001");
    await form.getByRole("group", { name: "Shipping address" }).getByLabel("State or union territory").selectOption({ label: "Maharashtra" });
    await expect.poll(() => form.getByRole("button", { name: /^Place order/ }).isEnabled()).toBe(true);
    await form.getByRole("button", { name: /^Place order/ }).click();
    await page.waitForURL(/\/thank-you\?order=GL-\d{6}/);
    const number = (await page.getByTestId("order-number").textContent())!;
    await page.goto(`${baseUrl}/login`);
    expect(await page.getByRole("region", { name: "Your orders" }).getByText(number).count()).toBe(1);
    await context.close();
  });

  it("keeps a signed-in shopper out of the back office, as if signed out", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const email = `curious-${Date.now()}@example.in`;
    await register(page, email, "a long passphrase");
    await page.goto(await linkInOutbox(email, "Confirm your email"));
    await page.waitForURL(`${baseUrl}/`);
    for (const path of ["/admin/dashboard", "/admin/account", "/admin/catalog"]) {
      await page.goto(`${baseUrl}${path}`);
      await page.waitForURL(`${baseUrl}/admin/login`);
    }
    await context.close();
  });

  it("keeps an address book: a mistake is shown beside its field before sending, a saved address is listed and fills the form again", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const email = `addresses-${Date.now()}@example.in`;
    await register(page, email, "a long passphrase");
    await page.goto(await linkInOutbox(email, "Confirm your email"));
    await page.waitForURL(`${baseUrl}/`);

    await page.goto(`${baseUrl}/account/addresses/new`);
    await hydrated(page);
    await expectAccessible(page);
    const form = page.getByRole("form", { name: "Add an address" });
    // The mobile number sits right after the name, as a courier's label reads.
    const labels = await form.locator("label").allTextContents();
    expect(labels.slice(0, 3).map((l) => l.replace(/\s*\*$/, "").trim())).toEqual(["Full name", "Mobile number", "Address line 1"]);
    await form.getByLabel("Full name").fill("Asha Rao");
    await form.getByLabel("Mobile number").fill("98765 43210");
    await form.getByLabel("Address line 1").fill("12 MG Road");
    await form.getByLabel("City").fill("Pune");
    await form.getByLabel("PIN code").fill("4110");
    await form.getByLabel("State or union territory").selectOption({ label: "Maharashtra" });
    await form.getByRole("button", { name: "Save address" }).click();
    // The shared schema refuses the short PIN in the page: nothing was sent, the PIN field says why and has the focus.
    await expect.poll(() => form.getByLabel("PIN code").getAttribute("aria-invalid")).toBe("true");
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe("pin");
    expect(page.url()).toBe(`${baseUrl}/account/addresses/new`);

    await form.getByLabel("PIN code").fill("411001");
    await Promise.all([page.waitForURL(`${baseUrl}/account/addresses?done=saved`), form.getByRole("button", { name: "Save address" }).click()]);
    const book = page.getByRole("region", { name: "Your addresses" });
    await expect.poll(() => book.textContent()).toContain("12 MG Road");
    await book.getByRole("link", { name: /^Edit / }).first().click();
    await page.waitForURL(/\/account\/addresses\/[^/]+\/edit$/);
    const edit = page.getByRole("form", { name: "Edit address" });
    expect(await edit.getByLabel("City").inputValue()).toBe("Pune");
    expect(await edit.getByLabel("PIN code").inputValue()).toBe("411001");
    expect(await edit.getByLabel("State or union territory").inputValue()).toBe("27");
    expect(await edit.getByLabel("Full name").getAttribute("autocomplete")).toBe("shipping name");
    await context.close();
  });

  it("answers 429 with the lockout message once an email has failed 5 times, like the staff sign-in", async () => {
    const email = `guess-${Date.now()}@example.in`;
    const attempt = () =>
      fetch(`${baseUrl}/login`, {
        method: "POST",
        headers: { Origin: baseUrl, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ email, password: "not the password", redirectTo: "/" }),
      });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await attempt()).status);
    expect(statuses).toEqual([400, 400, 400, 400]);
    const fifth = await attempt();
    expect(fifth.status).toBe(429);
    expect(await fifth.text()).toContain("Too many failed sign-in attempts. Try again in 15 minutes.");
  });
});
