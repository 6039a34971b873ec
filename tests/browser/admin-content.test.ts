import type { Browser, BrowserContext, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAdminServer, type AdminServer } from "../support/admin-server";
import { signInOverHttp } from "../support/staff-http";
import { expectAccessible, launchBrowser, signedInContext } from "../support/browser";
import { hydrated, openStorefront } from "../support/storefront";

// The hero carousel, merchandising and content back office against a production server: each
// staff change reaches an open storefront page; refusals (viewer, stale version, bad input) over HTTP.
const PASSWORD = "a long test passphrase";
const ADMIN = "merch@glacial.in";
const VIEWER = "viewer@glacial.in";
const LIVE = { timeout: 10_000 };

describe("hero carousel, merchandising and content in Chromium", () => {
  let browser: Browser;
  let server: AdminServer;
  let base: string;
  const cookies: Record<string, string> = {};

  const get = (path: string, who?: string) => fetch(`${base}${path}`, { redirect: "manual", headers: who ? { cookie: cookies[who]! } : {} });
  const post = (path: string, form: Record<string, string>, who: string) =>
    fetch(`${base}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded", cookie: cookies[who]! },
      body: new URLSearchParams(form),
    });
  /** The version hidden field of a form of an admin page, as the admin sees it (the form named by its intent field, or posting to ?do=<operation>). */
  const versionOf = async (path: string, form: string) => {
    const html = await (await get(path, ADMIN)).text();
    const at = Math.max(html.indexOf(`name="intent" value="${form}"`), html.indexOf(`do=${form}"`));
    expect(at, `${path} ${form}`).toBeGreaterThanOrEqual(0);
    const rest = html.slice(at);
    return rest.match(/name="(?:version|revision)" value="([^"]*)"/)![1]!;
  };

  async function adminPage(path: string): Promise<{ context: BrowserContext; page: Page }> {
    const context = await signedInContext(browser, base, cookies[ADMIN]!);
    const page = await context.newPage();
    await page.goto(`${base}${path}`);
    await page.getByRole("heading", { level: 1 }).waitFor();
    // Hydrated: React has attached its handlers to the page's buttons.
    await page.waitForFunction(() => [...document.querySelectorAll("main button")].some((b) => Object.keys(b).some((k) => k.startsWith("__reactProps"))));
    return { context, page };
  }

  // One open home page, left open for every test: each change must reach it without a reload.
  let openHome: Promise<Page> | undefined;
  function liveHome(): Promise<Page> {
    openHome ??= (async () => {
      const { page } = await openStorefront(browser);
      await page.goto(base);
      await hydrated(page);
      await page.waitForFunction(() => document.documentElement.dataset.liveStorefront === "connected");
      return page;
    })();
    return openHome;
  }

  beforeAll(async () => {
    server = await startAdminServer([
      { email: ADMIN, password: PASSWORD, roles: ["admin"] },
      { email: VIEWER, password: PASSWORD, roles: ["viewer"] },
    ]);
    base = server.url;
    cookies[ADMIN] = await signInOverHttp(base, ADMIN, PASSWORD);
    cookies[VIEWER] = await signInOverHttp(base, VIEWER, PASSWORD);
    browser = await launchBrowser();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("over HTTP: a viewer is refused every mutation (403, nothing changes); a stale save is 409; bad input is 400 with field messages", async () => {
    const before = {
      hero: await versionOf("/admin/hero-carousel", "save"),
      products: await versionOf("/admin/merchandising", "products"),
      bestSellers: await versionOf("/admin/merchandising", "best-sellers"),
      menu: await versionOf("/admin/content/menu", "menu"),
      warranty: await versionOf("/admin/content/faq", "warranty"),
      faq: await versionOf("/admin/content/faq", "faq"),
    };
    const policyText = async () => {
      const html = await (await get("/return-policy")).text();
      return html.slice(html.indexOf('id="main"'), html.indexOf("</main>"));
    };
    const policy = await policyText();
    expect(policy).toContain("7 days");
    const attempts: [string, Record<string, string>][] = [
      ["/admin/hero-carousel?do=save", { version: before.hero, images: "[]" }],
      ["/admin/hero-carousel?do=pick", { version: before.hero, mediaId: "00000000-0000-4000-8000-000000000000", alt: "x" }],
      ["/admin/merchandising", { intent: "products", version: before.products, bottles: "2" }],
      ["/admin/merchandising", { intent: "best-sellers", revision: before.bestSellers, productIds: "[]" }],
      ["/admin/merchandising", { intent: "tiles", version: "1", bottles: "", tumblers: "" }],
      ["/admin/content/menu", { intent: "menu", version: before.menu, items: "[]" }],
      ["/admin/content/pages/return-policy", { version: "1", title: "Hacked", seoDescription: "", bodyMarkdown: "Hacked" }],
      ["/admin/content/faq", { intent: "warranty", version: before.warranty, period: "1 day" }],
      ["/admin/content/faq", { intent: "faq", revision: before.faq, items: "[]" }],
    ];
    for (const [path, form] of attempts) expect([path, (await post(path, form, VIEWER)).status]).toEqual([path, 403]);
    expect({
      hero: await versionOf("/admin/hero-carousel", "save"),
      products: await versionOf("/admin/merchandising", "products"),
      bestSellers: await versionOf("/admin/merchandising", "best-sellers"),
      menu: await versionOf("/admin/content/menu", "menu"),
      warranty: await versionOf("/admin/content/faq", "warranty"),
      faq: await versionOf("/admin/content/faq", "faq"),
    }).toEqual(before);
    expect(await policyText()).toBe(policy);

    // Bad input: field-level messages, nothing saved.
    const bad = await post("/admin/merchandising", { intent: "products", version: before.products, bottles: "0", showLoadMore: "on" }, ADMIN);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Show at least 1 best seller.");
    const badMenu = await post("/admin/content/menu", { intent: "menu", version: before.menu, items: '[{"id":"x","order":1,"type":"simple","label":"","url":"javascript:alert(1)"}]' }, ADMIN);
    expect(badMenu.status).toBe(400);
    const garbage = await post("/admin/hero-carousel?do=save", { version: before.hero, images: "{not json" }, ADMIN);
    expect(garbage.status).toBe(400);
    expect(await versionOf("/admin/merchandising", "products")).toBe(before.products);
    expect((await get("/admin/content/pages/not-a-page", ADMIN)).status).toBe(404);
    expect((await get("/admin/content/menu", VIEWER)).headers.get("location")).toBe("/admin/dashboard");

    // Two editors of the same version: the second save is refused with the reload message.
    const saved = await post("/admin/merchandising", { intent: "products", version: before.products, bottles: "8", showLoadMore: "on" }, ADMIN);
    expect(saved.status).toBe(200);
    const stale = await post("/admin/merchandising", { intent: "products", version: before.products, bottles: "5", showLoadMore: "on" }, ADMIN);
    expect(stale.status).toBe(409);
    expect(await stale.text()).toContain("The Best Seller section was changed by someone else — reload to see their changes.");
    const staleWarranty = await post("/admin/content/faq", { intent: "warranty", version: String(Number(before.warranty) - 1), period: "5 years" }, ADMIN);
    expect(staleWarranty.status).toBe(409);
  });

  it("adds a hero image by upload, reorders it by drag and by keyboard, and the open storefront carousel follows; an empty list shows the defaults", async () => {
    const home = await liveHome();
    // A slide's image joins the page one step before it is shown: count the slides, read the new
    // last one's image (the slide before the first, so held from the start).
    const slides = home.locator('[aria-roledescription="slide"]');
    const startCount = await slides.count();
    const { context, page } = await adminPage("/admin/hero-carousel");
    await expectAccessible(page);

    const png = await sharp({ create: { width: 64, height: 32, channels: 3, background: "#1d4ed8" } }).png().toBuffer();
    await page.getByLabel("Image", { exact: true }).first().setInputFiles({ name: "monsoon.png", mimeType: "image/png", buffer: png });
    const upload = page.locator("form", { has: page.getByRole("heading", { name: "Upload a new slide" }) });
    await upload.getByLabel("Alt text").fill("Monsoon hero");
    await upload.getByRole("button", { name: "Upload and add" }).click();
    await page.getByText("Image added to the carousel.").first().waitFor();
    await expect.poll(() => slides.count(), LIVE).toBe(startCount + 1);
    await expect.poll(() => slides.last().locator("img").getAttribute("alt"), LIVE).toBe("Monsoon hero");

    // Drag the new last slide onto the first row, then move it down and up again with the buttons.
    const rows = page.locator("[data-sortable-row]");
    const drag = await page.evaluateHandle(() => new DataTransfer());
    await rows.last().locator("[data-drag-handle]").dispatchEvent("dragstart", { dataTransfer: drag });
    await rows.first().dispatchEvent("dragover", { dataTransfer: drag });
    await rows.first().dispatchEvent("drop", { dataTransfer: drag });
    await expect.poll(() => rows.first().getByRole("textbox").inputValue()).toBe("Monsoon hero");
    await page.getByRole("button", { name: "Move slide 1 (Monsoon hero) down" }).click();
    expect(await rows.nth(1).getByRole("textbox").inputValue()).toBe("Monsoon hero");
    await page.getByRole("button", { name: "Move slide 2 (Monsoon hero) up" }).click();
    await page.getByRole("button", { name: "Save slides" }).click();
    await page.getByText("Carousel saved.").first().waitFor();
    await expect.poll(() => slides.first().locator("img").getAttribute("alt"), LIVE).toBe("Monsoon hero");
    await context.close();

    // Removing every slide: the storefront falls back to its five bundled images.
    const emptied = await post("/admin/hero-carousel?do=save", { version: await versionOf("/admin/hero-carousel", "save"), images: "[]" }, ADMIN);
    expect(emptied.status).toBe(200);
    const html = await (await get("/")).text();
    // The first slide's image in the HTML, the other four slides with theirs in the page's data.
    expect(html).toContain('src="/hero/hero-1.svg"');
    expect(html.match(/aria-roledescription="slide"/g)).toHaveLength(5);
    for (const n of [2, 3, 4, 5]) expect(html).toContain(`/hero/hero-${n}.svg`);
  });

  it("changes homepage_products (count, load more) and an open home page follows", async () => {
    const home = await liveHome();
    const section = home.getByRole("region", { name: "Best Seller" });
    const { context, page } = await adminPage("/admin/merchandising");
    await expectAccessible(page);
    await page.getByLabel("Best sellers shown at first").fill("3");
    await page.getByLabel(/Load More Bottles/).uncheck();
    await page.getByRole("button", { name: "Save Best Seller section" }).click();
    await page.getByText("Home page products saved.").first().waitFor();
    await expect.poll(() => section.getByRole("listitem").count(), LIVE).toBe(3);
    expect(await section.getByRole("button", { name: "Load More Bottles" }).count()).toBe(0);

    await page.getByLabel(/Load More Bottles/).check();
    await page.getByLabel("Best sellers shown at first").fill("2");
    await page.getByRole("button", { name: "Save Best Seller section" }).click();
    await expect.poll(() => section.getByRole("listitem").count(), LIVE).toBe(2);
    await section.getByRole("button", { name: "Load More Bottles" }).waitFor(LIVE);
    await context.close();
  });

  it("adds a mega-menu section and the storefront header shows it on desktop and in the mobile drawer", async () => {
    const home = await liveHome();
    const { context, page } = await adminPage("/admin/content/menu");
    await expectAccessible(page);
    await page.getByRole("button", { name: "Add a section to Water Bottles" }).click();
    await page.getByLabel("Section title of section 3 of Water Bottles").fill("Shop by size");
    await page.getByLabel("Link 1 label in section 3 of Water Bottles").fill("One litre bottles");
    await page.getByLabel("Link 1 address in section 3 of Water Bottles").fill("/collections/one-litre");
    expect(await page.getByTestId("desktop-preview").getByText("Shop by size").count()).toBe(1);
    expect(await page.getByTestId("mobile-preview").getByText("One litre bottles", { exact: true }).count()).toBe(1);
    await page.getByRole("button", { name: "Save menu" }).click();
    await page.getByText("Header menu saved.").first().waitFor();

    // The open desktop page follows without a reload.
    const trigger = home.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Water Bottles" });
    await expect
      .poll(async () => {
        if ((await trigger.getAttribute("data-state")) !== "open") await trigger.click();
        return home.getByRole("link", { name: "One litre bottles" }).count();
      }, LIVE)
      .toBe(1);
    expect(await home.getByText("Shop by size", { exact: true }).isVisible()).toBe(true);
    await home.keyboard.press("Escape");

    const mobile = await openStorefront(browser, { viewport: { width: 390, height: 844 } });
    await mobile.page.goto(base);
    await hydrated(mobile.page);
    await mobile.page.getByRole("button", { name: "Open menu" }).click();
    const drawer = mobile.page.getByRole("dialog");
    await drawer.getByRole("button", { name: "Water Bottles" }).click();
    await drawer.getByText("Shop by size", { exact: true }).waitFor();
    expect(await drawer.getByRole("link", { name: "One litre bottles" }).getAttribute("href")).toBe("/collections/one-litre");
    await mobile.context.close();
    await context.close();
  });

  it("edits a policy page with a preview, and the one warranty statement changes the FAQ answer, the service strip and the product page", async () => {
    const { context, page } = await adminPage("/admin/content/pages/return-policy");
    await expectAccessible(page);
    await page.getByLabel("Text (Markdown)").fill("# Return & Refund Policy\n\nReturns within **10 days** of delivery.");
    await page.getByRole("button", { name: "Show preview" }).click();
    await expect.poll(() => page.getByTestId("page-preview").innerHTML(), LIVE).toContain("<strong>10 days</strong>");
    await page.getByRole("button", { name: "Save page" }).click();
    await page.getByText("Page saved.").first().waitFor();
    const policy = await context.newPage();
    await policy.goto(`${base}/return-policy`);
    expect(await policy.locator("#main strong").first().textContent()).toBe("10 days");

    const home = await liveHome();
    const strip = home.getByRole("region", { name: "Our promise" });
    expect(await strip.getByText("2 year warranty").count()).toBe(1);
    await page.goto(`${base}/admin/content/faq`);
    await page.getByRole("heading", { name: "Warranty statement" }).waitFor();
    await expectAccessible(page);
    await page.getByLabel("Warranty", { exact: true }).fill("3 years");
    await page.getByRole("button", { name: "Save warranty" }).click();
    await page.getByText("Warranty statement saved.").first().waitFor();
    await expect.poll(() => strip.getByText("3 year warranty").count(), LIVE).toBe(1);
    await home.getByRole("button", { name: "Do your products come with a warranty?" }).click();
    await home.getByText("Yes: every GLACIAL product carries a 3 year warranty against manufacturer's defects.").waitFor();
    // The product page's facts read the same statement.
    await policy.goto(`${base}/product/chai-tumbler`);
    expect(await policy.getByText("3 year warranty").count()).toBe(1);
    await context.close();
  });
});
