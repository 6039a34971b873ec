import type { Browser, BrowserContext, Page } from "playwright-core";

/**
 * A fresh browser context on the storefront. Unless `popup` is true the marketing popup is kept
 * away by recording it as just shown (its own tests exercise it), so it never covers the page.
 */
export async function openStorefront(
  browser: Browser,
  opts: { popup?: boolean; viewport?: { width: number; height: number } } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: opts.viewport ?? { width: 1280, height: 900 } });
  if (!opts.popup) {
    await context.addInitScript(() => {
      const now = String(Date.now());
      window.localStorage.setItem("popup_last_shown", now);
      window.sessionStorage.setItem("popup_last_shown", now);
    });
  }
  const page = await context.newPage();
  return { context, page };
}

/** Waits until React has hydrated the page (the cart provider has read storage). */
export async function hydrated(page: Page) {
  // React attaches its props to the element when it hydrates it.
  await page.waitForFunction(() => {
    const button = document.querySelector('button[aria-label^="Cart"]');
    return !!button && Object.keys(button).some((k) => k.startsWith("__reactProps"));
  });
}
