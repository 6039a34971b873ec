import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { expectAccessible, launchBrowser } from "../support/browser";

describe("search in Chromium", () => {
  let browser: Browser;
  const baseUrl = inject("baseUrl");
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it("finds products and highlights the matching words", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    expect((await page.goto(`${baseUrl}/search`))?.status()).toBe(200);
    expect(await page.getByText("Type what you are looking for").count()).toBe(1);
    await page.waitForLoadState("networkidle");
    await page.getByRole("searchbox", { name: "Search products" }).fill("tumbler");
    await Promise.all([page.waitForURL(/q=tumbler/), page.getByRole("button", { name: "Search" }).click()]);
    const results = page.getByRole("region", { name: "Search results" });
    await expect.poll(() => results.locator("h3").count()).toBeGreaterThan(5);
    const marks = await results.locator("h3 mark").allTextContents();
    expect(marks.length).toBeGreaterThan(5);
    for (const m of marks) expect(m.toLowerCase()).toBe("tumbler");
    await expectAccessible(page);
    await context.close();
  });

  it("shows markup in queries as text, never as HTML", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    let dialog = false;
    page.on("dialog", (d) => {
      dialog = true;
      void d.dismiss();
    });
    const q = encodeURIComponent('<img src=x onerror=alert(1)> bottle');
    expect((await page.goto(`${baseUrl}/search?q=${q}`))?.status()).toBe(200);
    expect(await page.locator("main img[src='x']").count()).toBe(0);
    expect(dialog).toBe(false);
    await context.close();
  });

  it("answers a 1,000-character query, garbage and a huge page with a normal page", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const long = await page.goto(`${baseUrl}/search?q=${"bottle ".repeat(143).slice(0, 1000)}`);
    expect(long?.status()).toBe(200);
    expect((await page.getByRole("searchbox").inputValue()).length).toBeLessThanOrEqual(200);
    for (const q of ["q=%22a%26%7C!(%3A%20%3C%3E", "q=%E0%A4%A", "q=bottle&page=999999", "q[]=x&q=y", "q=zzzzqqqq"]) {
      const r = await page.goto(`${baseUrl}/search?${q}`);
      expect(r?.status(), q).toBe(200);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Search");
    }
    await page.goto(`${baseUrl}/search?q=zzzzqqqq`);
    expect(await page.getByRole("heading", { name: /No results for/ }).count()).toBe(1);
    await context.close();
  });
});
