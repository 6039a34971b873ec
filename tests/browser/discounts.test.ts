import fs from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { discounts } from "~/modules/discounts/schema";
import { products } from "~/modules/catalog/schema";
import { prepareDemoStore, seedStaff, type AdminServer } from "../support/admin-server";
import { startServer } from "../support/server-process";
import { expectAccessible, launchBrowser, signedInContext } from "../support/browser";
import { hydrated, openStorefront } from "../support/storefront";

// A discount code from the back office to the shopper's order: staff create it, a shopper applies
// it at checkout (with script, and without: a plain form post) and sees it on the thank-you page.
const OWNER = { email: "owner@glacial.in", password: "a long owner passphrase", roles: ["super_admin" as const] };

describe("discount codes in Chromium", () => {
  let browser: Browser;
  let server: AdminServer;
  let base: string;

  beforeAll(async () => {
    // The store has, besides the demo catalogue, one code per way a code can be refused, and one
    // limited to a single use (a code for a product nobody can buy is "not for these items").
    const dataDir = await prepareDemoStore(async (database) => {
      await seedStaff(database, [OWNER]);
      const [wrap] = await database.db.insert(products).values({ slug: "gift-wrap", title: "Gift wrap", status: "draft", hsnCode: "48239090" }).returning();
      await database.db.insert(discounts).values([
        { code: "LASTYEAR", kind: "percentage", percentBasisPoints: 1_000, endsAt: new Date("2025-01-01T00:00:00Z") },
        { code: "NEXTYEAR", kind: "percentage", percentBasisPoints: 1_000, startsAt: new Date("2099-06-01T04:30:00Z") },
        { code: "BIGSPEND", kind: "percentage", percentBasisPoints: 1_000, minOrderPaise: 10_000_000 },
        { code: "WRAPONLY", kind: "percentage", percentBasisPoints: 1_000, productIds: [wrap!.id] },
        { code: "SOLO", kind: "fixed", amountPaise: 5_000, usageLimit: 1 },
        // Applied to every cart without a code; any code saving more replaces it.
        { code: "THANKYOU", kind: "fixed", amountPaise: 100, automatic: true },
      ]);
    }, "glacial-admin-");
    server = Object.assign(await startServer({ DATA_DIR: dataDir, LOG_LEVEL: "warn" }), { dataDir });
    base = server.url;
    browser = await launchBrowser();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  const checkout = (page: Page) => page.getByRole("form", { name: "Checkout" });
  const shipping = (page: Page) => checkout(page).getByRole("group", { name: "Shipping address" });

  async function fillContactAndAddress(page: Page, email: string) {
    await checkout(page).getByLabel("Email").fill(email);
    await checkout(page).getByLabel("Mobile number").fill("98765 43210");
    const form = shipping(page);
    await form.getByLabel("Full name").fill("Asha Rao");
    await form.getByLabel("Address line 1").fill("12, 4th Cross, Indiranagar");
    await form.getByLabel("City").fill("Bengaluru");
    await form.getByLabel("PIN code").fill("560038");
    await form.getByLabel("State or union territory").selectOption({ label: "Karnataka" });
  }

  it("staff create a code; a shopper is told why a wrong code fails, applies the right one with and without script, and sees it on the order", async () => {
    // Staff create the code in the back office.
    const staff = await signedInContext(browser, base, OWNER);
    const admin = await staff.newPage();
    await admin.goto(`${base}/admin/discounts`);
    await admin.getByRole("link", { name: "New discount" }).click();
    const editor = admin.getByRole("form", { name: "New discount" });
    await editor.getByLabel("Code", { exact: true }).fill("save10");
    await editor.getByLabel("Percentage off").fill("150");
    await editor.getByRole("button", { name: "Create discount" }).click();
    // Checked in the browser with the server's schema, beside the field.
    await expect.poll(() => admin.getByText("Percentage must be a whole number from 1 to 100.").count()).toBe(1);
    await editor.getByLabel("Percentage off").fill("10");
    await editor.getByLabel("Total uses").fill("5");
    await editor.getByRole("button", { name: "Create discount" }).click();
    await expect.poll(() => admin.getByText("Discount SAVE10 created.").count()).toBe(1);
    const row = admin.getByRole("row", { name: /SAVE10/ });
    expect(await row.textContent()).toContain("0 / 5");
    await expectAccessible(admin);

    // A shopper with script.
    const { context, page } = await openStorefront(browser);
    const { cards } = (await (await fetch(`${base}/api/best-sellers?limit=1`)).json()) as { cards: { slug: string }[] };
    await page.goto(`${base}/product/${cards[0]!.slug}`);
    await hydrated(page);
    await page.getByRole("button", { name: "Add to Cart" }).first().click();
    await page.getByRole("link", { name: "Proceed to Checkout" }).click();
    await page.waitForURL(`${base}/checkout`);
    await expect.poll(() => page.getByRole("button", { name: /^Place order/ }).isEnabled()).toBe(true);
    const before = await page.getByTestId("checkout-total").textContent();
    await fillContactAndAddress(page, "asha@example.in");

    await page.getByLabel("Discount code").fill("nope");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect.poll(() => page.getByText("We don't recognise this code. Check it for a typing mistake.").count()).toBe(1);
    // Nothing typed is lost.
    expect(await shipping(page).getByLabel("Full name").inputValue()).toBe("Asha Rao");
    await page.getByLabel("Discount code").fill("save10");
    await page.getByLabel("Discount code").press("Enter");
    await expect.poll(() => page.getByTestId("checkout-discount-code").textContent()).toBe("SAVE10");
    expect(await page.getByTestId("checkout-discount").textContent()).toMatch(/^−₹/);
    expect(await page.getByTestId("checkout-total").textContent()).not.toBe(before);
    await expectAccessible(page);
    const cartCookie = (await context.cookies()).find((c) => c.name === "glacial_cart")!;

    // The same cart without script: Apply is a plain form post that shows the page again, priced with the code.
    const plain = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
    await plain.addCookies([{ name: cartCookie.name, value: cartCookie.value, domain: "127.0.0.1", path: "/" }]);
    const noJs = await plain.newPage();
    await noJs.goto(`${base}/checkout`);
    await fillContactAndAddress(noJs, "ravi@example.in");
    await noJs.getByLabel("Discount code").fill("Save10");
    await noJs.getByRole("button", { name: "Apply" }).click();
    await noJs.waitForLoadState();
    expect(await noJs.getByTestId("checkout-discount-code").textContent()).toBe("SAVE10");
    expect(await checkout(noJs).getByLabel("Email").inputValue()).toBe("ravi@example.in");
    const noJsTotal = await noJs.getByTestId("checkout-total").textContent();
    await noJs.getByRole("button", { name: /^Place order/ }).click();
    await noJs.waitForURL(/\/thank-you\?order=GL-\d{6}&key=/);
    expect(await noJs.getByTestId("order-discount").textContent()).toContain("Discount (SAVE10)");
    expect(await noJs.getByTestId("order-total").textContent()).toBe(noJsTotal);
    await plain.close();

    // Back with script: the order is placed with the code.
    const total = await page.getByTestId("checkout-total").textContent();
    await page.getByRole("button", { name: /^Place order/ }).click();
    await page.waitForURL(/\/thank-you\?order=GL-\d{6}&key=/);
    expect(await page.getByTestId("order-discount").textContent()).toContain("Discount (SAVE10)");
    expect(await page.getByTestId("order-total").textContent()).toBe(total);
    await context.close();

    // The back office counts both uses.
    await admin.goto(`${base}/admin/discounts`);
    expect(await admin.getByRole("row", { name: /SAVE10/ }).textContent()).toContain("2 / 5");
    await staff.close();
  });

  it("tells the shopper why each code is refused, and staff see a use counted after a purchase", async () => {
    const staff = await signedInContext(browser, base, OWNER);
    const admin = await staff.newPage();
    await admin.goto(`${base}/admin/discounts`);
    expect(await admin.getByRole("row", { name: /SOLO/ }).textContent()).toContain("0 / 1");
    expect(await admin.getByRole("row", { name: /WRAPONLY/ }).textContent()).toContain("1 product");

    const { context, page } = await openStorefront(browser);
    const { cards } = (await (await fetch(`${base}/api/best-sellers?limit=1`)).json()) as { cards: { slug: string }[] };
    await page.goto(`${base}/product/${cards[0]!.slug}`);
    await hydrated(page);
    await page.getByRole("button", { name: "Add to Cart" }).first().click();
    await page.getByRole("link", { name: "Proceed to Checkout" }).click();
    await page.waitForURL(`${base}/checkout`);
    await expect.poll(() => page.getByRole("button", { name: /^Place order/ }).isEnabled()).toBe(true);
    // The automatic discount is on the page before anything is typed.
    expect(await page.getByTestId("checkout-discount-code").textContent()).toBe("THANKYOU");
    expect(await page.getByRole("status").filter({ hasText: "applied automatically" }).count()).toBe(1);
    await fillContactAndAddress(page, "meera@example.in");
    const cartCookie = (await context.cookies()).find((c) => c.name === "glacial_cart")!;

    const refusals: [string, RegExp][] = [
      ["nope", /^We don't recognise this code\. Check it for a typing mistake\.$/],
      ["lastyear", /^This code has expired\.$/],
      ["NextYear", /^This code is not valid yet: it starts on 1 Jun 2099, 10:00 am IST\.$/],
      ["bigspend", /^Add ₹[\d,]+ more to use this code\.$/],
      ["wraponly", /^This code is not for the items in your cart\.$/],
    ];
    for (const [code, message] of refusals) {
      await page.getByLabel("Discount code").fill(code);
      await page.getByRole("button", { name: "Apply" }).click();
      await expect.poll(() => page.getByText(message).count(), { timeout: 10_000 }).toBe(1);
      // The message is tied to the box for screen readers, and nothing typed is lost.
      expect(await page.getByLabel("Discount code").getAttribute("aria-invalid")).toBe("true");
      expect(await shipping(page).getByLabel("Full name").inputValue()).toBe("Asha Rao");
    }
    await expectAccessible(page);
    // A refused code leaves the automatic discount in place.
    expect(await page.getByTestId("checkout-discount-code").textContent()).toBe("THANKYOU");

    await page.getByLabel("Discount code").fill("solo");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect.poll(() => page.getByTestId("checkout-discount-code").textContent()).toBe("SOLO");
    await page.getByRole("button", { name: /^Place order/ }).click();
    await page.waitForURL(/\/thank-you\?order=GL-\d{6}&key=/);
    expect(await page.getByTestId("order-discount").textContent()).toContain("Discount (SOLO)");
    await context.close();

    // Staff see the use counted.
    await admin.reload();
    expect(await admin.getByRole("row", { name: /SOLO/ }).textContent()).toContain("1 / 1");
    await staff.close();

    // The next shopper, with the same cart (without script: the page is priced from the cart cookie alone), is told the code is used up.
    const next = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
    await next.addCookies([{ name: cartCookie.name, value: cartCookie.value, domain: "127.0.0.1", path: "/" }]);
    const late = await next.newPage();
    await late.goto(`${base}/checkout`);
    await fillContactAndAddress(late, "ravi@example.in");
    await late.getByLabel("Discount code").fill("SOLO");
    await late.getByRole("button", { name: "Apply" }).click();
    await late.waitForLoadState();
    await expect.poll(() => late.getByText("This code has reached its usage limit.").count(), { timeout: 10_000 }).toBe(1);
    await next.close();
  });
});
