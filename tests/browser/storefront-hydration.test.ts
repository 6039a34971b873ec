import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { HYDRATION_CAP_MS } from "~/lib/deferred-hydration.server";
import { launchBrowser } from "../support/browser";
import { hydrated, openStorefront } from "../support/storefront";

/** Why and when the page's loader added the hydration code (its performance mark). */
function hydrationStart(page: Page) {
  return page.evaluate(() => {
    const mark = performance.getEntriesByName("glacial:hydration-start")[0] as PerformanceMark | undefined;
    return mark ? { reason: mark.detail as string, at: mark.startTime } : null;
  });
}

// Storefront pages load their hydration code after the page itself (lib/deferred-hydration.server.ts).
describe("storefront hydration in Chromium", () => {
  let browser: Browser;
  const baseUrl = inject("baseUrl");
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it("serves storefront pages without module scripts or preloads, and the back office with them", async () => {
    for (const path of ["/", "/collections/matte", "/no-such-page"]) {
      const html = await (await fetch(`${baseUrl}${path}`)).text();
      expect(html, path).not.toContain('rel="modulepreload"');
      expect(html, path).not.toContain('type="module"');
      expect(html, path).toContain("(function startHydrationLater(");
    }
    const admin = await (await fetch(`${baseUrl}/admin/login`)).text();
    expect(admin).toContain('rel="modulepreload"');
    expect(admin).toContain('type="module"');
    expect(admin).not.toContain("startHydrationLater");
  });

  it("starts hydrating after the page has loaded and painted, with no script refused by the CSP", async () => {
    const { context, page } = await openStorefront(browser);
    const problems: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error") problems.push(m.text());
    });
    page.on("pageerror", (e) => problems.push(String(e)));
    await page.goto(baseUrl);
    await hydrated(page);
    const start = await hydrationStart(page);
    expect(start?.reason).toBe("load");
    const timing = await page.evaluate(() => ({
      loadStart: (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).loadEventStart,
      firstPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
    }));
    expect(timing.firstPaint).toBeDefined();
    expect(start!.at).toBeGreaterThanOrEqual(timing.firstPaint!);
    expect(timing.loadStart).toBeGreaterThan(0);
    expect(start!.at).toBeGreaterThanOrEqual(timing.loadStart);
    // The module preloads arrive with the code, so its imports are fetched in parallel.
    expect(await page.locator('head link[rel="modulepreload"][href*="/assets/entry.client-"]').count()).toBe(1);
    // The hydrated page works: the cart drawer opens.
    await page.getByRole("button", { name: /^Cart/ }).click();
    await expect.poll(() => page.getByRole("dialog", { name: "Your Cart" }).isVisible()).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("does not wait for an image that never arrives: the first key press starts hydration", async () => {
    const { context, page } = await openStorefront(browser);
    await page.route("**/*", (route) => (route.request().resourceType() === "image" ? undefined : route.continue()));
    await page.goto(baseUrl, { waitUntil: "domcontentloaded" });
    await page.keyboard.press("Tab");
    await hydrated(page);
    expect((await hydrationStart(page))?.reason).toBe("input");
    await context.close();
  });

  it("keeps a tap on a button made before hydration and answers it once the page has hydrated", async () => {
    const { context, page } = await openStorefront(browser);
    await page.route("**/*", (route) => (route.request().resourceType() === "image" ? undefined : route.continue()));
    await page.goto(baseUrl, { waitUntil: "domcontentloaded" });
    expect(await hydrationStart(page)).toBeNull();
    await page.getByRole("button", { name: /^Cart/ }).click();
    await expect.poll(() => page.getByRole("dialog", { name: "Your Cart" }).isVisible()).toBe(true);
    expect((await hydrationStart(page))?.reason).toBe("input");
    await context.close();
  });

  it("without any input, hydrates once the cap has passed even though the page never finishes loading", async () => {
    const { context, page } = await openStorefront(browser);
    await page.route("**/*", (route) => (route.request().resourceType() === "image" ? undefined : route.continue()));
    await page.goto(`${baseUrl}/collections/matte`, { waitUntil: "domcontentloaded" });
    await hydrated(page);
    const start = await hydrationStart(page);
    expect(start?.reason).toBe("timeout");
    expect(start!.at).toBeGreaterThanOrEqual(HYDRATION_CAP_MS);
    expect(await page.evaluate(() => document.readyState)).not.toBe("complete");
    await context.close();
  });
});
