import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { create } from "xmlbuilder2";
import { expectAccessible, launchBrowser } from "../support/browser";

describe("content pages, sitemap and robots in Chromium", () => {
  let browser: Browser;
  const baseUrl = inject("baseUrl");
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it("renders every content page from the database", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const pages: [string, string][] = [
      ["/about", "Our Story"],
      ["/contact", "Contact Us"],
      ["/faq", "Frequently Asked Questions"],
      ["/shipping-policy", "Shipping Policy"],
      ["/return-policy", "Return & Refund Policy"],
      ["/privacy-policy", "Privacy Policy"],
      ["/terms-of-service", "Terms of Service"],
      ["/cookies-policy", "Cookies Policy"],
    ];
    for (const [path, title] of pages) {
      expect((await page.goto(`${baseUrl}${path}`))?.status(), path).toBe(200);
      expect(await page.getByRole("heading", { level: 1 }).allTextContents()).toEqual([title]);
      expect(await page.title()).toBe(`${title} | GLACIAL - Premium Insulated Water Bottles`);
    }
    await page.goto(`${baseUrl}/about`);
    expect(await page.getByRole("heading", { level: 2, name: "What we care about" }).count()).toBe(1);
    expect(await page.locator("main strong", { hasText: "Built to last" }).count()).toBe(1);
    await expectAccessible(page);
    await context.close();
  });

  it("publishes a well-formed sitemap of products, collections, categories and content pages", async () => {
    const response = await fetch(`${baseUrl}/sitemap.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/xml/);
    const doc = create(await response.text()).toObject() as { urlset: { "@xmlns": string; url: { loc: string }[] } };
    expect(doc.urlset["@xmlns"]).toBe("http://www.sitemaps.org/schemas/sitemap/0.9");
    const locs = doc.urlset.url.map((u) => u.loc);
    for (const loc of locs) expect(loc).toMatch(/^https?:\/\/[^/]+\//);
    const paths = locs.map((l) => new URL(l).pathname);
    for (const p of ["/", "/bottles", "/tumblers", "/accessories", "/category/all-products", "/collections/matte", "/product/glacier-classic-bottle", "/about", "/cookies-policy"]) {
      expect(paths).toContain(p);
    }
    expect(paths).not.toContain("/product/titanium-prototype-bottle");
    expect(paths.filter((p) => p.startsWith("/product/")).length).toBe(26);
  });

  it("serves robots.txt pointing at the sitemap", async () => {
    const text = await (await fetch(`${baseUrl}/robots.txt`)).text();
    expect(text).toContain("Disallow: /admin");
    expect(text).toContain("Disallow: /checkout");
    expect(text).toMatch(/Sitemap: https?:\/\/.+\/sitemap\.xml/);
  });
});
