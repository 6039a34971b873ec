import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { expectAccessible, launchBrowser } from "../support/browser";
import { hydrated, openStorefront } from "../support/storefront";

type StoredLine = { id: string; productId: string; variantId: string; title: string; variantTitle: string; price: number; quantity: number; image: string; sku: string; slug?: string; engraving?: string };

const storedCart = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem("cart") ?? "null") as StoredLine[] | null);
/** The stored lines once the cart has written them (storage is written after its schema loads). */
async function storedLines(page: Page): Promise<StoredLine[]> {
  await expect.poll(async () => (await storedCart(page))?.length ?? 0).toBeGreaterThan(0);
  return (await storedCart(page))!;
}
const drawer = (page: Page) => page.getByRole("dialog", { name: "Your Cart" });
const firstBestSeller = (page: Page) => page.getByRole("region", { name: "Best Seller" }).getByRole("listitem").first();

describe("cart in Chromium", () => {
  let browser: Browser;
  const baseUrl = inject("baseUrl");
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it("adds from a card: toast, drawer with the spec's texts, badge; the same variant merges into one line", async () => {
    const { context, page } = await openStorefront(browser);
    await page.goto(baseUrl);
    await hydrated(page);
    const card = firstBestSeller(page);
    const name = (await card.getByRole("link").nth(1).textContent())!.trim();
    const price = (await card.locator("p span").first().textContent())!.trim();
    await card.getByRole("button", { name: /Add to Cart/ }).click();

    await expect.poll(() => page.getByText("Added to cart!").isVisible()).toBe(true);
    const d = drawer(page);
    await expect.poll(() => d.isVisible()).toBe(true);
    expect(await d.getByText("1 item", { exact: true }).isVisible()).toBe(true);
    expect(await d.getByRole("link", { name }).getAttribute("href")).toMatch(/^\/product\/[a-z0-9-]+$/);
    expect(await d.getByTestId("line-price").textContent()).toBe(price);
    expect(await d.getByText("Subtotal").isVisible()).toBe(true);
    expect(await d.getByRole("link", { name: "Proceed to Checkout" }).getAttribute("href")).toBe("/checkout");
    expect(await d.getByRole("link", { name: "View and Edit Cart" }).getAttribute("href")).toBe("/cart");
    expect(await page.getByTestId("cart-count").textContent()).toBe("1");

    await d.getByRole("button", { name: "Close cart" }).click();
    await expect.poll(() => d.isVisible()).toBe(false);
    await card.getByRole("button", { name: /Add to Cart/ }).click();
    await expect.poll(() => d.getByText("2 items", { exact: true }).isVisible()).toBe(true);
    expect(await d.getByTestId("cart-line").count()).toBe(1);
    expect(await d.getByTestId("line-quantity").textContent()).toBe("2");
    await expect.poll(async () => (await storedCart(page))?.[0]?.quantity).toBe(2);
    const cart = await storedCart(page);
    expect(cart).toHaveLength(1);
    expect(cart![0]!.quantity).toBe(2);
    const unit = cart![0]!.price;
    expect(await d.getByTestId("drawer-subtotal").textContent()).toBe(`₹${((unit * 2) / 100).toLocaleString("en-IN")}`);
    await context.close();
  });

  it("a line added in another tab shows in this tab's cart without a reload", async () => {
    const { context, page } = await openStorefront(browser);
    await page.goto(baseUrl);
    await hydrated(page);
    // This tab listens for the other's changes once it is idle, not while it hydrates.
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
    const other = await context.newPage();
    await other.goto(baseUrl);
    await hydrated(other);
    await firstBestSeller(other).getByRole("button", { name: /Add to Cart/ }).click();
    await storedLines(other);
    await expect.poll(() => page.getByTestId("cart-count").textContent()).toBe("1");
    await context.close();
  });

  it("keeps a line with a different engraving separate, and merges one with the same (absent) engraving", async () => {
    const { context, page } = await openStorefront(browser);
    await page.goto(baseUrl);
    await hydrated(page);
    // The first card's variant, as the product page would store it with and without engraving.
    await firstBestSeller(page).getByRole("button", { name: /Add to Cart/ }).click();
    const [line] = await storedLines(page);
    await page.evaluate((l) => {
      localStorage.setItem("cart", JSON.stringify([{ ...l, id: "engraved", engraving: "Asha" }, { ...l, id: "plain", quantity: 3 }]));
    }, line!);
    await page.reload();
    await hydrated(page);
    await firstBestSeller(page).getByRole("button", { name: /Add to Cart/ }).click();
    await expect.poll(async () => (await storedCart(page))?.map((l) => [l.id, l.engraving ?? null, l.quantity])).toEqual([
      ["engraved", "Asha", 1],
      ["plain", null, 4],
    ]);
    await expect.poll(() => drawer(page).getByText("Engraving: “Asha”").isVisible()).toBe(true);
    await context.close();
  });

  it("steps quantity (never below 1), removes lines, shows the empty state, and survives a reload", async () => {
    const { context, page } = await openStorefront(browser);
    await page.goto(baseUrl);
    await hydrated(page);
    await firstBestSeller(page).getByRole("button", { name: /Add to Cart/ }).click();
    const d = drawer(page);
    const minus = d.getByRole("button", { name: /^Decrease quantity of / });
    const plus = d.getByRole("button", { name: /^Increase quantity of / });
    expect(await minus.isDisabled()).toBe(true);
    await plus.click();
    await plus.click();
    await expect.poll(() => d.getByTestId("line-quantity").textContent()).toBe("3");
    await minus.click();
    await expect.poll(() => d.getByTestId("line-quantity").textContent()).toBe("2");

    await page.reload();
    await hydrated(page);
    expect(await page.getByTestId("cart-count").textContent()).toBe("2");
    await page.getByRole("button", { name: "Cart, 2 items" }).click();
    await expect.poll(() => drawer(page).getByTestId("line-quantity").textContent()).toBe("2");

    await drawer(page).getByRole("button", { name: /^Remove / }).click();
    await expect.poll(() => drawer(page).getByText("Your cart is empty").isVisible()).toBe(true);
    expect(await drawer(page).getByText("0 items", { exact: true }).isVisible()).toBe(true);
    expect(await drawer(page).getByRole("link", { name: "Continue Shopping" }).isVisible()).toBe(true);
    expect(await drawer(page).getByRole("link", { name: "Proceed to Checkout" }).count()).toBe(0);
    expect(await page.getByTestId("cart-count").count()).toBe(0);
    expect(await storedCart(page)).toEqual([]);
    await context.close();
  });

  it("the cart page shows the same lines and stepper, re-checks prices and removes what is no longer sold", async () => {
    const { context, page } = await openStorefront(browser);
    await page.goto(baseUrl);
    await hydrated(page);
    await firstBestSeller(page).getByRole("button", { name: /Add to Cart/ }).click();
    const [line] = await storedLines(page);
    // A stale price and a variant that no longer exists, as an old browser tab might hold.
    await page.evaluate((l) => {
      localStorage.setItem(
        "cart",
        JSON.stringify([
          { ...l, price: 100 },
          { ...l, id: "gone", variantId: "00000000-0000-4000-8000-000000000000", title: "Retired Flask", variantTitle: "Default" },
        ]),
      );
    }, line!);
    await page.goto(`${baseUrl}/cart`);
    await hydrated(page);
    const notices = page.getByTestId("cart-notices");
    await expect.poll(() => notices.isVisible()).toBe(true);
    const text = await notices.textContent();
    expect(text).toContain(`changed from ₹1 to ₹${(line!.price / 100).toLocaleString("en-IN")}`);
    expect(text).toContain("Retired Flask is no longer available and was removed from your cart.");
    expect(await page.getByTestId("cart-line").count()).toBe(1);
    expect(await page.getByTestId("cart-subtotal").textContent()).toBe(`₹${(line!.price / 100).toLocaleString("en-IN")}`);
    expect((await storedCart(page))!.map((l) => l.price)).toEqual([line!.price]);

    await page.getByRole("button", { name: /^Increase quantity of / }).click();
    await expect.poll(() => page.getByTestId("line-quantity").textContent()).toBe("2");
    await expect.poll(() => page.getByText("2 items", { exact: true }).isVisible()).toBe(true);
    await expectAccessible(page);

    await page.getByRole("link", { name: "Proceed to Checkout" }).click();
    await page.waitForURL(`${baseUrl}/checkout`);
    // Checkout prices the same lines on the server, and offers to place the order.
    await expect.poll(() => page.getByTestId("checkout-subtotal").textContent()).toBe(`₹${((line!.price * 2) / 100).toLocaleString("en-IN")}`);
    expect(await page.getByRole("button", { name: /^Place order/ }).count()).toBe(1);
    await context.close();
  });

  it("repairs a stored cart that is not JSON or has malformed lines, without breaking the page", async () => {
    const { context, page } = await openStorefront(browser);
    await context.addInitScript(() => {
      if (!sessionStorage.getItem("seeded")) {
        sessionStorage.setItem("seeded", "1");
        localStorage.setItem("cart", "{not json");
        // The cookie a saved cart always has beside it: without it the cart is known to be empty.
        document.cookie = `glacial_cart=${encodeURIComponent(JSON.stringify([["v", 1]]))}; Path=/`;
      }
    });
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(`${baseUrl}/cart`);
    await hydrated(page);
    // The stored cart is read once the page is interactive (its schema loads on demand).
    await expect.poll(() => page.getByText("Your cart is empty").isVisible(), { timeout: 10_000 }).toBe(true);
    await page.evaluate(() => {
      localStorage.setItem("cart", JSON.stringify([{ id: "x", quantity: -2 }, "junk", { id: "ok", productId: "p", variantId: "v", title: "Kept", price: 99900, quantity: 1 }]));
      document.cookie = `glacial_cart=${encodeURIComponent(JSON.stringify([["v", 1]]))}; Path=/`;
    });
    await page.reload();
    await hydrated(page);
    // The well-formed line survives the repair (then the price check removes it: its variant does not exist).
    await expect.poll(() => page.getByTestId("cart-notices").textContent()).toContain("Kept is no longer available");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("refuses a card without a usable price with the spec's error toast and adds nothing", async () => {
    const { context, page } = await openStorefront(browser);
    // The next batch of best sellers comes back with one priceless card, as a stale listing might.
    await context.route("**/api/best-sellers*", async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { cards: Record<string, unknown>[]; total: number };
      body.cards[0] = { ...body.cards[0], name: "Priceless Bottle", price: "", pricePaise: 0 };
      await route.fulfill({ response, json: body });
    });
    await page.goto(baseUrl);
    await hydrated(page);
    const section = page.getByRole("region", { name: "Best Seller" });
    await section.getByRole("button", { name: "Load More Bottles" }).click();
    const card = section.getByRole("listitem").filter({ hasText: "Priceless Bottle" });
    await card.getByRole("button", { name: /Add to Cart/ }).click();
    await expect.poll(() => page.getByText("Price not available. Please refresh the page.").isVisible()).toBe(true);
    expect(await drawer(page).count()).toBe(0);
    // Nothing was stored: a first visit that adds nothing leaves storage untouched.
    expect(await storedCart(page)).toBeNull();
    await context.close();
  });
});
