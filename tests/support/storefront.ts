import type { Browser, BrowserContext, Page } from "playwright-core";
import { holdRequests } from "./browser";

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

/**
 * Opens `url` with the page's clock installed and returns once the marketing popup's timer of
 * `delayMs` is set, with the clock paused: from then on only the test moves time
 * (`page.clock.fastForward`), so "not open 1 s before the delay, open after it" holds however
 * busy the machine is. (With time flowing while the page hydrates and fetches the popup, a slow
 * second between the timer's start and the test's first step opened the popup early.)
 *
 * The popup's settings are held back until the page has hydrated and asked for them, and the clock
 * is paused; the timer is seen through a record of every `setTimeout` delay the page asks for. Call
 * `page.clock.resume()` once the timer has fired: the dialog's code loads and it animates in with
 * time flowing, and the next page needs it to hydrate.
 */
export async function openWithPopupTimer(page: Page, url: string, delayMs: number): Promise<void> {
  await page.clock.install();
  // After the clock's own script, so it records calls to the clock's setTimeout.
  await page.addInitScript(() => {
    const record = window as unknown as { __timeoutDelays: number[] };
    record.__timeoutDelays = [];
    const set = window.setTimeout.bind(window);
    window.setTimeout = ((handler: TimerHandler, ms?: number, ...rest: unknown[]) => {
      record.__timeoutDelays.push(Number(ms ?? 0));
      return set(handler, ms, ...rest);
    }) as typeof window.setTimeout;
  });
  const popupUrl = "**/api/popup";
  const { release } = await holdRequests(page, popupUrl, "fallback");
  // The popup asks for its settings from an idle callback, which the paused clock would never run:
  // the clock is paused only once the request has been made (a slow machine can finish hydrating
  // before the page is idle).
  const requested = page.waitForRequest(popupUrl, { timeout: 60_000 });
  requested.catch(() => {}); // awaited below; a failed navigation must not leave it unhandled
  await page.goto(url);
  await hydrated(page);
  await requested;
  // A minute ahead: never behind the page's own clock however long the last step took.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 60_000);
  release();
  const deadline = Date.now() + 30_000;
  while (!(await page.evaluate((ms) => (window as unknown as { __timeoutDelays: number[] }).__timeoutDelays.includes(ms), delayMs))) {
    if (Date.now() > deadline) throw new Error(`the popup's ${delayMs} ms timer was not set within 30 s of its settings being released`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await page.unroute(popupUrl);
}
