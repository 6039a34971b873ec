import fs from "node:fs";
import { eq } from "drizzle-orm";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { productVariants, products } from "~/modules/catalog/schema";
import { prepareDemoStore } from "../support/admin-server";
import { expectAccessible, launchBrowser } from "../support/browser";
import { startServer } from "../support/server-process";

/** Picks an option the way a shopper does: clicking its swatch or chip (the radio itself is visually hidden). */
async function choose(page: Page, group: Locator, value: string) {
  await group.locator("label", { has: page.getByRole("radio", { name: value, exact: true }) }).click();
}

describe("product page in Chromium", () => {
  let browser: Browser;
  const baseUrl = inject("baseUrl");
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  async function open(path: string): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext();
    const page = await context.newPage();
    const response = await page.goto(`${baseUrl}${path}`);
    expect(response?.status()).toBe(200);
    // Interactions need the hydrated page: wait until the client bundle has loaded and run.
    await page.waitForLoadState("networkidle");
    return { context, page };
  }

  const mainImage = (page: Page) => page.getByTestId("product-main-image");
  const cart = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem("cart") ?? "[]"));

  it("shows title, price with struck compare-at price, badge banner, facts, description and JSON-LD", async () => {
    const { context, page } = await open("/product/glacier-classic-bottle");
    expect(await page.title()).toBe("Glacier Classic Bottle | GLACIAL - Premium Insulated Water Bottles");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Glacier Classic Bottle");
    const price = page.getByTestId("product-price");
    expect(await price.textContent()).toMatch(/^₹[\d,]+ Original price ₹[\d,]+$/);
    expect(await price.locator("s").count()).toBe(1);
    expect(await page.getByText("TOP PRODUCT SALE OFF 50%").count()).toBe(1);
    expect(await page.getByText("2 year warranty").count()).toBe(1);
    expect(await page.getByText(/Free shipping\s*on orders over ₹4,999/).count()).toBe(1);
    expect(await page.getByRole("heading", { name: "Description" }).count()).toBe(1);
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toMatch(/\/product\/glacier-classic-bottle$/);
    expect(await page.locator('meta[property="og:image"]').getAttribute("content")).toMatch(/^https?:\/\/.+\/images\/.+fm=jpeg/);
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "[]");
    expect(ld[0]).toMatchObject({ "@type": "Product", name: "Glacier Classic Bottle" });
    expect(ld[0].offers[0]).toMatchObject({ "@type": "Offer", priceCurrency: "INR" });
    expect(ld[1]["@type"]).toBe("BreadcrumbList");
    await context.close();
  });

  it("changes price and picture when another variant is chosen", async () => {
    const { context, page } = await open("/product/glacier-classic-bottle");
    const colours = page.getByRole("group", { name: /Color/ });
    const sizes = page.getByRole("group", { name: /Size/ });
    expect(await colours.getByRole("radio").count()).toBe(3);
    await choose(page, colours, "Black");
    await choose(page, sizes, "500ml");
    const smallPrice = await page.getByTestId("product-price").textContent();
    await choose(page, sizes, "1000ml");
    await expect.poll(() => page.getByTestId("product-price").textContent()).not.toBe(smallPrice);
    expect(await mainImage(page).getAttribute("alt")).toContain("Black");
    await choose(page, colours, "Navy");
    await expect.poll(() => mainImage(page).getAttribute("alt")).toContain("Navy");
    expect(await mainImage(page).getAttribute("src")).toContain("navy");
    expect(await page.getByRole("group", { name: /Color/ }).textContent()).toContain("Color: Navy");
    // Keyboard: arrow keys move through the radio group.
    await colours.getByRole("radio", { name: "Navy" }).focus();
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => mainImage(page).getAttribute("alt")).toContain("White");
    await expectAccessible(page);
    await context.close();
  });

  it("adds to the cart with the toast; engraving is trimmed, capped at 20 and makes its own line", async () => {
    const { context, page } = await open("/product/chai-tumbler");
    const engraving = page.getByLabel("Engraving (optional)");
    await engraving.fill("x".repeat(30));
    expect((await engraving.inputValue()).length).toBe(20);
    expect(await page.getByTestId("engraving-count").textContent()).toBe("20/20 characters");
    await engraving.fill("  Asha  ");
    expect(await page.getByTestId("engraving-count").textContent()).toBe("8/20 characters");

    // Every add opens the cart drawer; close it to go on shopping.
    const addAndClose = async () => {
      await page.getByRole("button", { name: "Add to Cart" }).click();
      const drawer = page.getByRole("dialog", { name: "Your Cart" });
      await drawer.waitFor({ state: "visible" });
      await page.keyboard.press("Escape");
      await drawer.waitFor({ state: "hidden" });
    };
    await addAndClose();
    await expect.poll(() => page.getByText("Added to cart!").count()).toBeGreaterThan(0);
    await expect.poll(async () => (await cart(page)).length).toBe(1);
    let lines = await cart(page);
    expect(lines[0]).toMatchObject({ title: "Chai Tumbler", quantity: 1, engraving: "Asha" });
    expect(lines[0].price).toBeGreaterThan(0);
    expect(lines[0].image).toMatch(/w=160&h=160&q=85&fm=webp/);

    // Same variant and engraving: one line, more quantity.
    await page.getByRole("button", { name: "Increase quantity" }).click();
    await addAndClose();
    await expect.poll(async () => (await cart(page))[0]?.quantity).toBe(3);
    // A different engraving: a separate line.
    await engraving.fill("Ravi");
    await addAndClose();
    await expect.poll(async () => (await cart(page)).length).toBe(2);
    // No engraving: yet another line, with no engraving field.
    await engraving.fill("   ");
    await addAndClose();
    await expect.poll(async () => (await cart(page)).length).toBe(3);
    lines = await cart(page);
    expect(lines.map((l: { engraving?: string }) => l.engraving ?? null)).toEqual(["Asha", "Ravi", null]);
    await context.close();
  });

  it("shows stock states and disables Add to Cart when out of stock", async () => {
    // The demo store has stock everywhere: make a store of our own with changed stock before a
    // server opens it (PGlite allows one process), and serve it.
    const dataDir = await prepareDemoStore(async (database) => {
      const [tumbler] = await database.db.select({ id: products.id }).from(products).where(eq(products.slug, "chai-tumbler"));
      const variants = await database.db.select().from(productVariants).where(eq(productVariants.productId, tumbler!.id));
      for (const v of variants) {
        const stock = v.optionValues.Color === "Beige" ? 0 : v.optionValues.Color === "Black" ? 3 : 40;
        await database.db.update(productVariants).set({ stockQuantity: stock }).where(eq(productVariants.id, v.id));
      }
    }, "glacial-stock-");
    const server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: "warn" });
    try {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${server.url}/product/chai-tumbler`);
      await page.waitForLoadState("networkidle");
      const colours = page.getByRole("group", { name: /Color/ });
      expect(await page.getByTestId("stock-state").textContent()).toBe("In stock");
      await choose(page, colours, "Black");
      await expect.poll(() => page.getByTestId("stock-state").textContent()).toBe("Only 3 left");
      await choose(page, colours, "Beige");
      await expect.poll(() => page.getByTestId("stock-state").textContent()).toBe("Out of stock");
      expect(await page.getByRole("button", { name: "Out of stock" }).isDisabled()).toBe(true);
      const html = await (await fetch(`${server.url}/product/chai-tumbler`)).text();
      expect(html).toContain("https://schema.org/OutOfStock");
      await context.close();
    } finally {
      await server.stop("SIGTERM");
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it("answers 404 for an unknown, draft or archived product", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    for (const slug of ["no-such-bottle", "titanium-prototype-bottle", "retired-classic-tumbler"]) {
      const response = await page.goto(`${baseUrl}/product/${slug}`);
      expect(response?.status(), slug).toBe(404);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Page not found");
    }
    await context.close();
  });
});
