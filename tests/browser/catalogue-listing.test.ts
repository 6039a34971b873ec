import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { expectAccessible, holdRequests, launchBrowser } from "../support/browser";

const rupees = (text: string) => Number(text.replace(/[^\d]/g, ""));

describe("collections and categories in Chromium", () => {
  let browser: Browser;
  const baseUrl = inject("baseUrl");
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  const cardNames = (page: Page) => page.getByRole("region", { name: "Products" }).locator("h3").allTextContents();
  const cardPrices = async (page: Page) =>
    (await page.getByRole("region", { name: "Products" }).locator("article p span.font-semibold").allTextContents()).map(rupees);

  it("sorts and pages without JavaScript, using plain GET forms and links", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.goto(`${baseUrl}/category/all-products`);
    expect(response?.status()).toBe(200);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("All Products");
    expect(await cardNames(page)).toHaveLength(24);

    await page.getByLabel("Sort by").selectOption("price-desc");
    await Promise.all([page.waitForURL(/sort=price-desc/), page.getByRole("button", { name: "Apply" }).click()]);
    const firstPage = await cardPrices(page);
    expect(firstPage).toEqual([...firstPage].sort((a, b) => b - a));

    const pagination = page.getByRole("navigation", { name: "Pagination" });
    expect(await pagination.getByRole("link", { name: "Page 1" }).getAttribute("aria-current")).toBe("page");
    await Promise.all([page.waitForURL(/page=2/), pagination.getByRole("link", { name: "Next" }).click()]);
    expect(page.url()).toMatch(/sort=price-desc/);
    const secondPage = await cardPrices(page);
    expect(secondPage.length).toBeGreaterThan(0);
    expect(Math.max(...secondPage)).toBeLessThanOrEqual(Math.min(...firstPage));
    expect(await page.getByLabel("Sort by").inputValue()).toBe("price-desc");
    await context.close();
  });

  it("shows a collection at both URLs with its hero, and answers 404 for an unknown one", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    expect((await page.goto(`${baseUrl}/collection/matte`))?.status()).toBe(200);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Matte Collection");
    const names = await cardNames(page);
    expect(names.length).toBeGreaterThan(3);
    const hero = page.locator('header img[fetchpriority="high"]');
    expect(await hero.getAttribute("src")).toMatch(/w=800&h=600&q=90&fm=webp/);
    await expect.poll(() => hero.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toMatch(/\/collections\/matte$/);
    await expectAccessible(page);

    expect((await page.goto(`${baseUrl}/collections/matte`))?.status()).toBe(200);
    expect(await cardNames(page)).toEqual(names);
    expect((await page.goto(`${baseUrl}/collections/no-such-collection`))?.status()).toBe(404);
    await context.close();
  });

  it("serves every category URL and its alias; bad paging input answers a normal page", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    for (const [path, title] of [
      ["/bottles", "Water Bottles"],
      ["/tumblers", "Tumblers"],
      ["/category/tumblers", "Tumblers"],
      ["/accessories", "Accessories"],
      ["/category/accessories", "Accessories"],
      ["/all-products", "All Products"],
    ] as const) {
      expect((await page.goto(`${baseUrl}${path}`))?.status(), path).toBe(200);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(title);
      expect((await cardNames(page)).length, path).toBeGreaterThan(0);
    }
    for (const q of ["?page=999999", "?page=-1&sort=nonsense", "?page=%zz&sort[]=x", "?page=1e9999"]) {
      expect((await page.goto(`${baseUrl}/bottles${q}`))?.status(), q).toBe(200);
      expect((await cardNames(page)).length, q).toBeGreaterThan(0);
    }
    expect((await page.goto(`${baseUrl}/category/nonsense`))?.status()).toBe(404);
    await context.close();
  });

  it("shows 'Loading...' while a client navigation loads the next screen", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${baseUrl}/tumblers`);
    await page.waitForLoadState("networkidle");
    // Hold the next screen's data until the fallback has been seen (a fixed hold raced a busy machine).
    const { release } = await holdRequests(page, /\.data(\?|$)/);
    const status = page.getByRole("status").filter({ hasText: "Loading..." });
    await page.getByRole("region", { name: "Products" }).getByRole("link").first().click();
    await expect.poll(() => status.count()).toBe(1);
    expect(page.url()).toBe(`${baseUrl}/tumblers`);
    release();
    await page.waitForURL(/\/product\//);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).not.toBe("Tumblers");
    await expect.poll(() => status.count()).toBe(0);
    await context.close();
  });
});
