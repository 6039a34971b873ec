import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, inject, it } from "vitest";
import { launchBrowser } from "../support/browser";
import { hydrated, openStorefront, openWithPopupTimer } from "../support/storefront";

// The demo popup: once_per_day, 8 s delay, only on '/', collects email with consent.
const TITLE = "Get 10% off your first bottle";

/** Serves the real popup with some fields changed, to exercise other frequencies and an image. */
async function overridePopup(context: BrowserContext, changes: Record<string, unknown>) {
  await context.route("**/api/popup", async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { popup: Record<string, unknown> };
    await route.fulfill({ response, json: { popup: { ...body.popup, ...changes } } });
  });
}

const popupDialog = (page: Page) => page.getByRole("dialog", { name: TITLE });
const stored = (page: Page) =>
  page.evaluate(() => ({ local: localStorage.getItem("popup_last_shown"), session: sessionStorage.getItem("popup_last_shown") }));

// Each test has a browser context of its own and changes nothing the others read (the popup
// rules are per browser; overrides are per context), and most of their time is the popup's
// delay and the waits that prove it stays away: they run concurrently (each with its own
// test context's expect, as Vitest requires of concurrent tests).
describe.concurrent("popup in Chromium", () => {
  let browser: Browser;
  const baseUrl = inject("baseUrl");
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it("opens after delay_seconds, enforces the consent rules with the spec's alerts, stores the subscriber and follows the CTA", async ({ expect }) => {
    const { context, page } = await openStorefront(browser, { popup: true });
    await openWithPopupTimer(page, baseUrl, 8000);
    await page.clock.fastForward(7000);
    expect(await popupDialog(page).count()).toBe(0);
    await page.clock.fastForward(1500);
    // The timer has fired; the dialog's code loads and it animates in as time flows again.
    await page.clock.resume();
    const dialog = popupDialog(page);
    await expect.poll(() => dialog.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await dialog.getByText("Join the GLACIAL list").isVisible()).toBe(true);
    const consent = dialog.getByRole("checkbox", { name: /I agree to receive emails from GLACIAL/ });
    expect(await consent.isChecked()).toBe(false);

    const alerts: string[] = [];
    page.on("dialog", (d) => {
      alerts.push(d.message());
      void d.accept();
    });
    const cta = dialog.getByRole("button", { name: "Claim my 10% off" });
    await cta.click();
    await expect.poll(() => alerts).toEqual(["Please enter your email"]);
    const email = `popup-${Date.now()}@example.in`;
    await dialog.getByRole("textbox", { name: "Email address" }).fill(email);
    await cta.click();
    await expect.poll(() => alerts).toEqual(["Please enter your email", "Please agree to receive email communications"]);
    expect(await dialog.isVisible()).toBe(true);

    await consent.check();
    await cta.click();
    await page.waitForURL(`${baseUrl}/collection/matte`);
    expect(await popupDialog(page).count()).toBe(0);
    const times = await stored(page);
    expect(Number(times.local)).toBeGreaterThan(0);
    expect(times.session).toBe(times.local);

    // Stored as a subscriber: subscribing the same address again is recognised.
    const again = await fetch(`${baseUrl}/api/newsletter`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email, source: "popup", consented: true }),
    });
    expect(await again.json()).toMatchObject({ ok: true, alreadySubscribed: true });
    await context.close();
  });

  it("once_per_day: suppressed on the next visit, shown again once 24 hours have passed; never on pages it does not name", async ({ expect }) => {
    const { context, page } = await openStorefront(browser, { popup: true });
    await overridePopup(context, { delaySeconds: 1 });
    await page.goto(baseUrl);
    await expect.poll(() => popupDialog(page).isVisible(), { timeout: 20_000 }).toBe(true);
    await popupDialog(page).getByRole("button", { name: "Close popup" }).click();
    await expect.poll(() => popupDialog(page).count()).toBe(0);
    expect(Number((await stored(page)).local)).toBeGreaterThan(0);

    // A new session a few minutes later: still suppressed.
    await page.evaluate(() => sessionStorage.clear());
    await page.reload();
    await hydrated(page);
    await page.waitForTimeout(2500);
    expect(await popupDialog(page).count()).toBe(0);

    // A day and an hour later.
    await page.evaluate(() => localStorage.setItem("popup_last_shown", String(Date.now() - 25 * 3600_000)));
    await page.reload();
    await expect.poll(() => popupDialog(page).isVisible(), { timeout: 20_000 }).toBe(true);
    await page.keyboard.press("Escape");

    await page.evaluate(() => localStorage.removeItem("popup_last_shown"));
    await page.goto(`${baseUrl}/cart`);
    await hydrated(page);
    await page.waitForTimeout(2500);
    expect(await popupDialog(page).count()).toBe(0);
    await context.close();
  });

  it("once_per_session: suppressed on reload, shown again in a new session even if seen recently", async ({ expect }) => {
    const { context, page } = await openStorefront(browser, { popup: true });
    await overridePopup(context, { showFrequency: "once_per_session", delaySeconds: 1, showOnPages: "not-an-array" });
    await page.goto(`${baseUrl}/cart`);
    await expect.poll(() => popupDialog(page).isVisible(), { timeout: 20_000 }).toBe(true);
    await popupDialog(page).getByRole("button", { name: "Close popup" }).click();
    await page.reload();
    await hydrated(page);
    await page.waitForTimeout(2500);
    expect(await popupDialog(page).count()).toBe(0);
    await page.evaluate(() => sessionStorage.clear());
    await page.reload();
    await expect.poll(() => popupDialog(page).isVisible(), { timeout: 20_000 }).toBe(true);
    await context.close();
  });

  it("any other frequency means always; the image shows on desktop only", async ({ expect }) => {
    const { context, page } = await openStorefront(browser, { popup: true });
    await overridePopup(context, { showFrequency: "always", delaySeconds: 1, imageUrl: "/features/cold.svg" });
    await page.goto(baseUrl);
    await expect.poll(() => popupDialog(page).isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await page.getByTestId("popup-image").isVisible()).toBe(true);
    await popupDialog(page).getByRole("button", { name: "Close popup" }).click();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect.poll(() => popupDialog(page).isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await page.getByTestId("popup-image").isVisible()).toBe(false);
    await context.close();
  });
});
