import fs from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareDemoStore, seedStaff, type AdminServer } from "../support/admin-server";
import { startServer } from "../support/server-process";
import { expectAccessible, launchBrowser, signedInContext } from "../support/browser";
import { hydrated } from "../support/storefront";

// Staff reword the order confirmation; the next cash-on-delivery order's mail, in the outbox,
// carries the new words. A misspelt variable is refused by name and nothing is saved.
const OWNER = { email: "owner@glacial.in", password: "a long owner passphrase", roles: ["super_admin" as const] };

describe("email templates in Chromium", () => {
  let browser: Browser;
  let server: AdminServer;
  let base: string;

  beforeAll(async () => {
    const dataDir = await prepareDemoStore(async (database) => {
      await seedStaff(database, [OWNER]);
    }, "glacial-mail-templates-");
    server = Object.assign(await startServer({ DATA_DIR: dataDir, LOG_LEVEL: "warn" }), { dataDir });
    base = server.url;
    browser = await launchBrowser();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  /** The admin screen's buttons have their React handlers (the live preview needs them). */
  const adminHydrated = (page: Page) => page.waitForFunction(() => [...document.querySelectorAll("main button")].some((b) => Object.keys(b).some((k) => k.startsWith("__reactProps"))));

  async function staffPage(): Promise<Page> {
    const staff = await signedInContext(browser, base, OWNER, { viewport: { width: 1400, height: 1000 } });
    const page = await staff.newPage();
    // A step that cannot happen fails within 20 s, naming itself, instead of running out the test's time.
    page.setDefaultTimeout(20_000);
    return page;
  }

  async function placeCodOrder(): Promise<string> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const { cards } = (await (await fetch(`${base}/api/best-sellers?limit=1`)).json()) as { cards: { slug: string }[] };
    await page.goto(`${base}/product/${cards[0]!.slug}`);
    await hydrated(page);
    await page.getByRole("button", { name: "Add to Cart" }).first().click();
    await expect.poll(() => page.getByRole("dialog", { name: /Your Cart/ }).isVisible()).toBe(true);
    await page.getByRole("link", { name: "Proceed to Checkout" }).click();
    await page.waitForURL(`${base}/checkout`);
    await expect.poll(() => page.getByRole("button", { name: /^Place order/ }).isEnabled()).toBe(true);
    const checkout = page.getByRole("form", { name: "Checkout" });
    const shipping = checkout.getByRole("group", { name: "Shipping address" });
    await checkout.getByLabel("Email").fill("meera.mail@example.in");
    await checkout.getByLabel("Mobile number").fill("98765 43210");
    await shipping.getByLabel("Full name").fill("Meera Iyer");
    await shipping.getByLabel("Address line 1").fill("12, 4th Cross, Indiranagar");
    await shipping.getByLabel("City").fill("Bengaluru");
    await shipping.getByLabel("PIN code").fill("560038");
    await shipping.getByLabel("State or union territory").selectOption({ label: "Karnataka" });
    await page.getByRole("button", { name: /^Place order/ }).click();
    await page.waitForURL(/\/thank-you\?order=GL-\d{6}&key=/);
    const number = (await page.getByTestId("order-number").textContent())!;
    await context.close();
    return number;
  }

  it("an edited order confirmation is the next order's mail; an unknown variable is refused by name", async () => {
    const admin = await staffPage();
    await admin.goto(`${base}/admin/email-templates`);
    await expectAccessible(admin);
    await admin.getByRole("link", { name: "Order confirmation" }).click();
    await expect.poll(() => admin.getByRole("heading", { name: "Order confirmation template" }).count()).toBe(1);
    await adminHydrated(admin);
    await expectAccessible(admin);
    const editor = admin.getByRole("form", { name: "Edit the Order confirmation template" });

    // A misspelt variable: refused in the browser by the same schema, with its name.
    await editor.getByLabel("Body").fill("Namaste {{customer.nme}}, thank you for {{order.number}}.");
    await editor.getByRole("button", { name: "Save template" }).click();
    await expect.poll(() => editor.getByText("Unknown variable {{customer.nme}} in the body.").count()).toBe(1);
    expect(await editor.getByLabel("Body").getAttribute("aria-invalid")).toBe("true");
    // The live preview says the same while typing.
    await expect.poll(() => admin.getByRole("region", { name: "Preview" }).getByText("Unknown variable {{customer.nme}} in the body.").count()).toBe(1);

    // Fixed: the preview shows the sample order with the new words, then it is saved.
    await editor.getByLabel("Body").fill("Namaste {{customer.name}}, your bottles for {{order.number}} are being packed by hand.\n\n{{order.items}}\n\n{{order.totals}}");
    await expect
      .poll(async () => (await admin.getByTitle("Preview of the Order confirmation mail").getAttribute("srcdoc")) ?? "")
      .toContain("Namaste Asha Rao, your bottles for GL-000123 are being packed by hand.");
    await expectAccessible(admin);
    await editor.getByRole("button", { name: "Save template" }).click();
    await expect.poll(() => admin.getByText("Order confirmation template saved.").count()).toBe(1);

    // The next cash-on-delivery order is mailed with those words.
    const number = await placeCodOrder();
    await admin.goto(`${base}/admin/email-templates`);
    const mail = admin.getByRole("list", { name: "Outbox" }).getByRole("listitem").filter({ hasText: `Your GLACIAL order ${number}` });
    await expect.poll(() => mail.count()).toBe(1);
    await mail.getByText("Show message").click();
    expect(await mail.textContent()).toContain(`Namaste Meera Iyer, your bottles for ${number} are being packed by hand.`);
    await expectAccessible(admin);

    // Restore the default behind its question.
    await admin.goto(`${base}/admin/email-templates?edit=order_confirmation`);
    await adminHydrated(admin);
    await admin.getByRole("button", { name: "Restore default" }).click();
    const dialog = admin.getByRole("dialog", { name: "Restore the default Order confirmation template?" });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole("button", { name: "Restore default" }).click();
    await expect.poll(() => admin.getByText("Order confirmation template restored to the default.").count()).toBe(1);
    expect(await admin.getByLabel("Body").inputValue()).toContain("Thank you for your order {{order.number}}.");
    await admin.context().close();
  }, 90_000);
});
