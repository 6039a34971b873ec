import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { expectAccessible, launchBrowser } from "../support/browser";
import { hydrated } from "../support/storefront";

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

  it("fetches the first hero slide's image at once and each other one a step before the carousel shows it", async () => {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
    const page = await context.newPage();
    // The demo store's slides are named hero-1 to hero-5 in their order.
    const fetched = new Set<number>();
    page.on("request", (request) => {
      const slide = /hero-(\d+)\./.exec(new URL(request.url()).pathname);
      if (request.resourceType() === "image" && slide) fetched.add(Number(slide[1]));
    });
    await page.goto(baseUrl);
    const slides = page.locator('[aria-roledescription="slide"]');
    expect(await slides.count()).toBe(5);
    await hydrated(page);
    // Stopped at once, so the autoplay cannot move it during the test on a slow machine.
    await page.getByRole("button", { name: "Pause slideshow" }).click();
    // Once the page is idle the next slide holds its image, and the one before the first (the
    // previous button's); that one is lazy and four screens to the side, so the browser waits.
    await expect.poll(() => slides.nth(1).locator("img").count()).toBe(1);
    expect(await slides.nth(4).locator("img").getAttribute("loading")).toBe("lazy");
    expect(await slides.nth(2).locator("img").count()).toBe(0);
    await expect.poll(() => [...fetched].sort()).toEqual([1, 2]);
    await page.getByRole("button", { name: "Next slide" }).click();
    await expect.poll(() => slides.nth(1).getAttribute("aria-hidden")).toBe("false");
    await expect.poll(() => slides.nth(1).locator("img").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect.poll(() => [...fetched].sort()).toEqual([1, 2, 3]);
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
