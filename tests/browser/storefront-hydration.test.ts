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

/** Images never arrive, so the page's load event never comes. */
function holdImages(page: Page) {
  return page.route("**/*", (route) => (route.request().resourceType() === "image" ? undefined : route.continue()));
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
    // Registered before any of the page's scripts, so it runs first when the page's load event comes.
    await page.addInitScript(() => addEventListener("load", () => performance.mark("test:load")));
    // Module preloads added to the page, and how many of them came before the first module script.
    await page.addInitScript(() => {
      const added = { preloads: [] as string[], before: -1 };
      (window as unknown as { __added: typeof added }).__added = added;
      new MutationObserver((records) => {
        for (const node of records.flatMap((r) => [...r.addedNodes])) {
          if (node instanceof HTMLLinkElement && node.rel === "modulepreload") added.preloads.push(node.href);
          if (node instanceof HTMLScriptElement && node.type === "module" && added.before < 0) added.before = added.preloads.length;
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(baseUrl);
    await hydrated(page);
    const start = await hydrationStart(page);
    expect(start?.reason).toBe("load");
    const timing = await page.evaluate(() => ({
      load: performance.getEntriesByName("test:load")[0]?.startTime,
      firstPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
    }));
    expect(timing.load).toBeDefined();
    expect(timing.firstPaint).toBeDefined();
    expect(start!.at).toBeGreaterThanOrEqual(timing.load!);
    expect(start!.at).toBeGreaterThanOrEqual(timing.firstPaint!);
    // The module preloads come back before the code, so its imports are fetched in parallel.
    // (React takes the preload links over as it hydrates and may remove them: count additions.)
    const added = await page.evaluate(() => (window as unknown as { __added: { preloads: string[]; before: number } }).__added);
    expect(added.before).toBeGreaterThan(20);
    expect(added.preloads.slice(0, added.before).some((href) => href.includes("/assets/entry.client-"))).toBe(true);
    // The hydrated page works: the cart drawer opens.
    await page.getByRole("button", { name: /^Cart/ }).click();
    await expect.poll(() => page.getByRole("dialog", { name: "Your Cart" }).isVisible()).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("does not wait for an image that never arrives: the first key press starts hydration", async () => {
    const { context, page } = await openStorefront(browser);
    await holdImages(page);
    await page.goto(baseUrl, { waitUntil: "domcontentloaded" });
    await page.keyboard.press("Tab");
    await hydrated(page);
    expect((await hydrationStart(page))?.reason).toBe("input");
    await context.close();
  });

  it("keeps a tap on a button made before hydration and answers it once the page has hydrated", async () => {
    const { context, page } = await openStorefront(browser);
    await holdImages(page);
    await page.goto(baseUrl, { waitUntil: "domcontentloaded" });
    expect(await hydrationStart(page)).toBeNull();
    await page.getByRole("button", { name: /^Cart/ }).click();
    await expect.poll(() => page.getByRole("dialog", { name: "Your Cart" }).isVisible(), { timeout: 5_000 }).toBe(true);
    expect((await hydrationStart(page))?.reason).toBe("input");
    await context.close();
  });

  it("without any input, hydrates once the cap has passed even though the page never finishes loading", async () => {
    const { context, page } = await openStorefront(browser);
    await holdImages(page);
    await page.goto(`${baseUrl}/collections/matte`, { waitUntil: "domcontentloaded" });
    await hydrated(page);
    const start = await hydrationStart(page);
    expect(start?.reason).toBe("timeout");
    expect(start!.at).toBeGreaterThanOrEqual(HYDRATION_CAP_MS);
    expect(await page.evaluate(() => document.readyState)).not.toBe("complete");
    await context.close();
  });

  it("a first visit loads neither the toaster nor the stored-cart reader until a toast or a stored cart needs them", async () => {
    const { context, page } = await openStorefront(browser);
    const scripts: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
    });
    await page.goto(baseUrl);
    await hydrated(page);
    // Lazy chunks would be asked for right after hydration; the live home's event stream stays
    // open, so "network idle" never comes: a settled second stands in for it.
    await page.waitForTimeout(1000);
    expect(scripts.some((s) => s.includes("/entry.client-"))).toBe(true);
    expect(scripts.filter((s) => /\/(sonner-toaster|cart-storage)-/.test(s))).toEqual([]);
    await page.getByRole("region", { name: "Best Seller" }).getByRole("button", { name: /Add to Cart/ }).first().click();
    await expect.poll(() => page.getByText("Added to cart!").isVisible()).toBe(true);
    expect(scripts.some((s) => s.includes("/sonner-toaster-"))).toBe(true);
    // The next page view has a stored cart to read.
    await page.reload();
    await hydrated(page);
    await expect.poll(() => scripts.some((s) => s.includes("/cart-storage-"))).toBe(true);
    await expect.poll(() => page.getByRole("button", { name: /^Cart/ }).getAttribute("aria-label")).toMatch(/1 item/);
    await context.close();
  });
});
