import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { expectAccessible, launchBrowser } from "../support/browser";

describe("home page in Chromium", () => {
  let browser: Browser;
  const baseUrl = inject("baseUrl");
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it("shows the demo store's best sellers with prices in rupees and images that load", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const response = await page.goto(baseUrl);
    expect(response?.status()).toBe(200);
    await expect.poll(() => page.title()).toBe("Home | GLACIAL - Premium Insulated Water Bottles");
    const section = page.getByRole("region", { name: "Best Seller" });
    const cards = section.getByRole("listitem");
    expect(await cards.count()).toBe(8);
    expect(await cards.first().textContent()).toMatch(/₹[\d,]+/);
    const img = cards.first().getByRole("img");
    // Below the fold the cards' images are lazy: they load once scrolled near.
    await img.scrollIntoViewIfNeeded();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    await expectAccessible(page);
    await context.close();
  });

  it("passes the accessibility check at a phone's width too, below-the-fold blocks not yet rendered included", async () => {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
    const page = await context.newPage();
    await page.goto(baseUrl);
    await expectAccessible(page);
    await context.close();
  });

  it("answers an unknown path with the not-found screen and status 404", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const response = await page.goto(`${baseUrl}/no-such-page`);
    expect(response?.status()).toBe(404);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Page not found");
    await context.close();
  });
});
