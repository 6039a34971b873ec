import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { expectAccessible, launchBrowser } from "../support/browser";
import { hydrated, openStorefront } from "../support/storefront";

describe("storefront layout in Chromium", () => {
  let browser: Browser;
  const baseUrl = inject("baseUrl");
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it("renders the home page in the spec's order with the LCP hero in the server HTML", async () => {
    const html = await (await fetch(baseUrl)).text();
    expect(html).toMatch(/<img[^>]*loading="eager"[^>]*fetchPriority="high"/);
    expect(html).toContain("application/ld+json");
    expect(html).toContain('"@type":"Organization"');
    const { context, page } = await openStorefront(browser);
    await page.goto(baseUrl);
    await hydrated(page);
    // Sections stream in after the first bytes: wait until every one has arrived, then check the order.
    const positions = async () => {
      const headings = await page.locator("main h1, main h2").allTextContents();
      return ["Explore Collection", "Best Seller", "Premium Tumblers", "Frequently Asked Questions"].map((h) => headings.indexOf(h));
    };
    await expect.poll(async () => (await positions()).every((i) => i >= 0)).toBe(true);
    const order = await positions();
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(await page.getByRole("link", { name: "Explore Collection" }).getAttribute("href")).toBe("/collection/matte");
    expect(await page.getByRole("link", { name: "Bottle Collection" }).getAttribute("href")).toBe("/bottles");
    expect(await page.getByRole("link", { name: "Tumbler Collection" }).getAttribute("href")).toBe("/tumblers");
    for (const alt of ["Keeps drinks cold for up to 24 hours", "Keeps drinks hot for up to 12 hours", "Wall-mounted bottle holder", "BPA-free food-grade stainless steel"]) {
      expect(await page.getByRole("img", { name: alt }).getAttribute("loading")).toBe("lazy");
    }
    for (const t of ["2 year warranty", "Free shipping", "Free for orders over ₹4999", "Online support", "24 hours a day, 7 days a week"]) {
      expect(await page.getByText(t, { exact: true }).count()).toBeGreaterThan(0);
    }
    const tumblers = page.getByRole("region", { name: "Premium Tumblers" }).getByRole("listitem");
    expect(await tumblers.count()).toBeGreaterThan(0);
    expect(await tumblers.count()).toBeLessThanOrEqual(8);
    for (const name of await tumblers.locator("a >> nth=1").allTextContents()) expect(name.toLowerCase()).toContain("tumbler");
    await expectAccessible(page);
    await context.close();
  });

  it("header: sticky, logo home, named icons, desktop mega-menu from the menus row", async () => {
    const { context, page } = await openStorefront(browser);
    await page.goto(baseUrl);
    await hydrated(page);
    const header = page.locator("header").first();
    expect(await header.evaluate((el) => getComputedStyle(el).position)).toBe("sticky");
    expect(await page.getByRole("link", { name: "GLACIAL home" }).getAttribute("href")).toBe("/");
    expect(await page.getByRole("link", { name: "Search" }).getAttribute("href")).toBe("/search");
    expect(await page.getByRole("link", { name: "Wishlist" }).getAttribute("href")).toBe("/search");
    expect(await page.getByRole("link", { name: "Account" }).first().getAttribute("href")).toBe("/login");
    expect(await page.getByTestId("cart-count").count()).toBe(0);

    const nav = page.getByRole("navigation", { name: "Main" });
    // The mega-menus' code arrives after hydration on a wide screen; its triggers carry data-state.
    const trigger = nav.getByRole("button", { name: "Water Bottles" });
    await expect.poll(() => trigger.getAttribute("data-state")).toBe("closed");
    await trigger.hover();
    const link = nav.getByRole("link", { name: "Matte Collection" });
    await expect.poll(() => link.isVisible()).toBe(true);
    expect(await link.getAttribute("href")).toBe("/collections/matte");
    expect(await nav.getByRole("link", { name: "Tumblers" }).getAttribute("href")).toBe("/tumblers");
    await context.close();
  });

  it("mobile at 390 px: a left drawer with a single-open, collapsible accordion", async () => {
    const { context, page } = await openStorefront(browser, { viewport: { width: 390, height: 844 } });
    await page.goto(baseUrl);
    await hydrated(page);
    expect(await page.getByRole("navigation", { name: "Main" }).isVisible()).toBe(false);
    await page.getByRole("button", { name: "Open menu" }).click();
    const sheet = page.getByRole("dialog", { name: "GLACIAL" });
    await expect.poll(() => sheet.isVisible()).toBe(true);
    // Slides in from the left edge.
    await expect.poll(async () => (await sheet.boundingBox())?.x).toBe(0);
    const trigger = sheet.getByRole("button", { name: "Water Bottles" });
    expect(await trigger.getAttribute("aria-expanded")).toBe("false");
    await trigger.click();
    expect(await trigger.getAttribute("aria-expanded")).toBe("true");
    const kids = sheet.getByRole("link", { name: "Kids" });
    expect(await kids.isVisible()).toBe(true);
    await trigger.click();
    await expect.poll(() => trigger.getAttribute("aria-expanded")).toBe("false");
    await trigger.click();
    await sheet.getByRole("link", { name: "Kids" }).click();
    await page.waitForURL(`${baseUrl}/collections/kids`);
    await expect.poll(() => sheet.isVisible()).toBe(false);
    await context.close();
  });

  it("footer: contact from settings, both link columns, six payment logos, current year", async () => {
    const { context, page } = await openStorefront(browser);
    await page.goto(baseUrl);
    const footer = page.locator("footer");
    expect(await footer.getByRole("link", { name: "+91 80 4718 2200" }).getAttribute("href")).toBe("tel:+918047182200");
    expect(await footer.getByRole("link", { name: "care@glacial.in" }).getAttribute("href")).toBe("mailto:care@glacial.in");
    const helpful = footer.getByRole("navigation", { name: "Helpful Links" }).getByRole("link");
    expect(await helpful.allTextContents()).toEqual(["Contact", "FAQs", "Cookies Policy", "Privacy Policy", "Return & Refund Policy", "Shipping Policy", "Terms of Service"]);
    const about = footer.getByRole("navigation", { name: "About Us" }).getByRole("link");
    expect(await about.allTextContents()).toEqual(["All Products", "Water Bottles", "Tumblers", "Accessories", "Our Story"]);
    expect(await about.last().getAttribute("href")).toBe("/about");
    for (const name of ["Google Pay", "PhonePe", "Paytm", "BHIM UPI", "Visa", "MasterCard"]) {
      const logo = footer.getByRole("img", { name, exact: true });
      expect(await logo.count()).toBe(1);
      // An image loaded when the footer nears the screen, sized so that it moves nothing when it arrives.
      expect(await logo.evaluate((img: HTMLImageElement) => [img.loading, img.getAttribute("width"), img.getAttribute("height")])).toEqual(["lazy", expect.stringMatching(/^\d+$/), "40"]);
      // A WebP at three times its size, not an SVG: an SVG image is a document of its own, laid out
      // and painted on the page's main thread.
      const file = await fetch(new URL((await logo.getAttribute("src"))!, baseUrl));
      expect([file.status, file.headers.get("content-type")]).toEqual([200, "image/webp"]);
      await logo.scrollIntoViewIfNeeded();
      await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      expect(await logo.evaluate((img: HTMLImageElement) => [img.naturalWidth / Number(img.getAttribute("width")), img.naturalHeight / Number(img.getAttribute("height"))])).toEqual([3, 3]);
    }
    expect(await footer.textContent()).toContain(`© ${new Date().getFullYear()} GLACIAL`);
    expect(await footer.getByRole("checkbox").isChecked()).toBe(false);
    await context.close();
  });

  it("newsletter box: inline error for a malformed email, success, and a repeat accepted", async () => {
    const { context, page } = await openStorefront(browser);
    await page.goto(baseUrl);
    await hydrated(page);
    const form = page.getByRole("form", { name: "Subscribe to our newsletter" });
    const email = form.getByRole("textbox", { name: "Email address" });
    await email.fill("asha@");
    await form.getByRole("checkbox").check();
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect.poll(() => form.getByRole("alert").textContent()).toBe("Please enter a valid email address, like name@example.com.");
    expect(await email.getAttribute("aria-invalid")).toBe("true");

    const address = `reader-${Date.now()}@example.in`;
    await email.fill(address);
    await form.getByRole("checkbox").uncheck();
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect.poll(() => form.getByRole("alert").textContent()).toBe("Please tick the box to agree to receive emails.");
    await form.getByRole("checkbox").check();
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect.poll(() => form.getByRole("status").textContent()).toBe("Thank you for subscribing!");
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect.poll(() => form.getByRole("status").textContent()).toBe("You are already subscribed. Thank you!");
    await context.close();
  });

  it("collection scroller arrows appear only when scrolling is possible that way", async () => {
    const { context, page } = await openStorefront(browser);
    await page.goto(baseUrl);
    await hydrated(page);
    // The collections are streamed: the region first holds a loading placeholder that the
    // real scroller replaces, so wait for the track before touching the region.
    await page.getByTestId("collection-track").waitFor({ timeout: 10_000 });
    const region = page.getByRole("region", { name: "Explore Collection" });
    await region.scrollIntoViewIfNeeded();
    const left = region.getByRole("button", { name: "Scroll collections left" });
    const right = region.getByRole("button", { name: "Scroll collections right" });
    await expect.poll(() => right.isVisible()).toBe(true);
    expect(await left.count()).toBe(0);
    await right.click();
    await expect.poll(() => left.isVisible()).toBe(true);
    expect(await page.getByTestId("collection-track").evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    expect(await region.getByRole("link").first().getAttribute("href")).toMatch(/^\/collections\/[a-z0-9-]+$/);
    await context.close();
  });

  it("Best Seller 'Load More Bottles' appends the rest and disappears; FAQ opens one answer at a time", async () => {
    const { context, page } = await openStorefront(browser);
    await page.goto(baseUrl);
    await hydrated(page);
    const section = page.getByRole("region", { name: "Best Seller" });
    expect(await section.getByRole("listitem").count()).toBe(8);
    await section.getByRole("button", { name: "Load More Bottles" }).click();
    await expect.poll(() => section.getByRole("listitem").count()).toBe(11);
    expect(await section.getByRole("button", { name: "Load More Bottles" }).count()).toBe(0);
    expect(await section.getByText("FLASH SALE").count()).toBeGreaterThan(0);
    expect(await section.getByText("TOP PRODUCT SALE OFF 50%").count()).toBeGreaterThan(0);

    const faq = page.getByRole("region", { name: "Frequently Asked Questions" });
    const questions = faq.getByRole("button");
    expect(await questions.count()).toBe(6);
    await questions.nth(0).click();
    expect(await questions.nth(0).getAttribute("aria-expanded")).toBe("true");
    await questions.nth(1).click();
    expect(await questions.nth(0).getAttribute("aria-expanded")).toBe("false");
    expect(await questions.nth(1).getAttribute("aria-expanded")).toBe("true");
    await questions.nth(1).click();
    expect(await questions.nth(1).getAttribute("aria-expanded")).toBe("false");
    await context.close();
  });

  it("scroll-to-top appears after 300 px and returns to the top", async () => {
    const { context, page } = await openStorefront(browser);
    await page.goto(baseUrl);
    await hydrated(page);
    const button = page.getByRole("button", { name: "Scroll to top" });
    await page.evaluate(() => window.scrollTo(0, 250));
    await page.waitForTimeout(100);
    expect(await button.count()).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 400));
    await expect.poll(() => button.isVisible()).toBe(true);
    await button.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await context.close();
  });

  it("writes home's sections in place when their data is ready, with no fallback and no script moving them", async () => {
    // The first request after start may find the catalogue cache cold; the second finds it warm.
    await (await fetch(baseUrl)).text();
    const html = await (await fetch(baseUrl)).text();
    expect(html).not.toContain("$RC(");
    expect(html).not.toContain("Loading tumblers...");
    expect(html).not.toMatch(/<div hidden id="S:/);
    const tumblers = html.indexOf('aria-labelledby="premium-tumblers');
    const faq = html.indexOf("Frequently Asked Questions");
    expect(tumblers).toBeGreaterThan(0);
    expect(faq).toBeGreaterThan(tumblers);
  });

  it("an unknown path answers 404 inside the storefront layout; /admin paths show no storefront chrome", async () => {
    const { context, page } = await openStorefront(browser);
    const response = await page.goto(`${baseUrl}/no-such-page`);
    expect(response?.status()).toBe(404);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Page not found");
    expect(await page.getByRole("link", { name: "GLACIAL home" }).count()).toBe(1);
    await page.goto(`${baseUrl}/admin/no-such-screen`);
    expect(await page.getByRole("link", { name: "GLACIAL home" }).count()).toBe(0);
    expect(await page.locator("footer").count()).toBe(0);
    expect(await page.getByRole("button", { name: /^Cart/ }).count()).toBe(0);
    await context.close();
  });

  it("toasts appear bottom-right, one at a time, and follow the page's theme", async () => {
    const { context, page } = await openStorefront(browser);
    await page.goto(baseUrl);
    await hydrated(page);
    const add = page.getByRole("region", { name: "Best Seller" }).getByRole("button", { name: /Add to Cart/ });
    await add.nth(0).click();
    await page.getByRole("button", { name: "Close cart" }).click();
    const toaster = page.locator("[data-sonner-toaster]");
    expect(await toaster.getAttribute("data-y-position")).toBe("bottom");
    expect(await toaster.getAttribute("data-x-position")).toBe("right");
    expect(await toaster.getAttribute("data-sonner-theme")).toMatch(/^(light|dark)$/);
    await page.evaluate(() => document.documentElement.classList.add("dark"));
    await expect.poll(() => toaster.getAttribute("data-sonner-theme")).toBe("dark");
    await page.evaluate(() => document.documentElement.classList.replace("dark", "light"));
    await expect.poll(() => toaster.getAttribute("data-sonner-theme")).toBe("light");
    await add.nth(1).click();
    await page.getByRole("button", { name: "Close cart" }).click();
    await expect.poll(() => page.locator("[data-sonner-toast][data-visible='true']").count()).toBe(1);
    await context.close();
  });
});
