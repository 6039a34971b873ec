import AxeBuilder from "@axe-core/playwright";
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from "playwright-core";
import { expect } from "vitest";
import { signInOverHttp } from "./staff-http";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: CHROMIUM_ARGS });
}

/**
 * Fails on any serious or critical axe-core violation, listing them. Checks the settled page:
 * finite CSS animations and transitions (a toast fading in or out) are let finish first, or axe
 * measures colour contrast against a half-transparent element. Something may start moving after
 * that wait (on a loaded machine a toast raised by an earlier tap, "Added to cart!", can appear or
 * leave late: a loaded clean-clone run failed on its text's contrast mid-way), so a scan that finds
 * violations is made once more on the page settled again, and only what that second scan finds
 * fails: a defect of the page itself is on both.
 */
export async function expectAccessible(page: Page) {
  let bad = await scanSettled(page);
  if (bad.length) {
    await page.waitForTimeout(500);
    bad = await scanSettled(page);
  }
  expect(bad).toEqual([]);
}

async function scanSettled(page: Page): Promise<string[]> {
  await page
    .waitForFunction(
      () => document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Infinity),
      undefined,
      { timeout: 10_000 },
    )
    // Still moving after 10 s (a page that animates on and on): scanned as it is.
    .catch(() => {});
  // In the page itself ("legacy mode"): the default mode gathers each frame's results in a new
  // blank page of the context, a renderer started and axe injected twice for every scan (about
  // half of a scan's time here, and the suite makes some sixty). The shop's pages are checked
  // whole either way; only a cross-origin frame (the payment provider's) is left out, which is
  // not the shop's to fix.
  const results = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`);
}

/**
 * A new context carrying a session: `cookie` is a Cookie header (from signInOverHttp), or the
 * staff member's email and password to sign in with first. The sign-in form itself is exercised
 * in admin-auth; elsewhere typing it into the page only costs seconds per test.
 */
export async function signedInContext(
  browser: Browser,
  baseUrl: string,
  who: string | { email: string; password: string },
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const cookie = typeof who === "string" ? who : await signInOverHttp(baseUrl, who.email, who.password);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  await context.addCookies(
    cookie.split("; ").map((pair) => {
      const at = pair.indexOf("=");
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: baseUrl };
    }),
  );
  return context;
}

/**
 * Holds every request to `url` until `release()`, then answers it with `then` (pass it on,
 * abort it, or hand it to the next route): a test sees what the page shows while it waits, for as
 * long as it needs on a busy machine, instead of during a fixed delay. The route is the page's
 * until the test removes it (`page.unroute(url)`).
 */
export async function holdRequests(page: Page, url: string | RegExp, then: "continue" | "fallback" | "abort" = "continue"): Promise<{ release: () => void }> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    if (then === "abort") await route.abort("failed");
    else if (then === "fallback") await route.fallback();
    else await route.continue();
  });
  return { release };
}
