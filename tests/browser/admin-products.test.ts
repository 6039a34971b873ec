import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INVALID_TYPE_MESSAGE, TOO_LARGE_MESSAGE } from "~/modules/media/upload-rules";
import { startAdminServer, type AdminServer } from "../support/admin-server";
import { signInOverHttp } from "../support/staff-http";
import { expectAccessible, launchBrowser } from "../support/browser";
import { hydrated, openStorefront } from "../support/storefront";

// The products back office against a production server: permissions and bad input over HTTP
// (cheap), then the editor's flows in Chromium. The tests run in order and build on each other.
const PASSWORD = "a long test passphrase";
const ADMIN = "asha@glacial.in";
const VIEWER = "viewer@glacial.in";
const STALE = "This product was changed by someone else — reload to see their changes.";

describe("products back office", () => {
  let server: AdminServer;
  let base: string;
  let browser: Browser;
  let admin: BrowserContext;
  let page: Page;
  const cookie: Record<string, string> = {};
  let productId = "";
  let demoId = "";
  let uploadedFirst = "";

  const post = (path: string, body: URLSearchParams | FormData, who: "admin" | "viewer") =>
    fetch(`${base}${path}`, { method: "POST", redirect: "manual", headers: { Origin: base, cookie: cookie[who]! }, body });
  const get = (path: string, who: "admin" | "viewer" = "admin") => fetch(`${base}${path}`, { redirect: "manual", headers: { cookie: cookie[who]! } });
  const pngFile = async (colour: string) => sharp({ create: { width: 64, height: 64, channels: 3, background: colour } }).png().toBuffer();

  beforeAll(async () => {
    server = await startAdminServer([
      { email: ADMIN, password: PASSWORD, roles: ["admin"] },
      { email: VIEWER, password: PASSWORD, roles: ["viewer"] },
    ]);
    base = server.url;
    cookie.admin = await signInOverHttp(base, ADMIN, PASSWORD);
    cookie.viewer = await signInOverHttp(base, VIEWER, PASSWORD);
    browser = await launchBrowser();
    admin = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    admin.setDefaultTimeout(10_000);
    page = await admin.newPage();
    await page.goto(`${base}/admin/login`);
    await page.getByLabel("Email").fill(ADMIN);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${base}/admin/dashboard`);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("refuses a viewer (403) on every product and image mutation, and nothing changes", async () => {
    const search = (await (await get("/admin/search?q=tumbler")).json()) as { products: { id: string }[] };
    demoId = search.products[0]!.id;
    const editor = async () => (await (await get(`/admin/catalog/edit/${demoId}`)).text()).replace(/<script[\s\S]*?<\/script>/g, "").replace(/ nonce="[^"]*"/g, "");
    const before = await editor();
    const mediaId = before.match(/data-media-id="([0-9a-f-]{36})"/)![1]!;
    const form = (entries: [string, string][]) => new URLSearchParams(entries);
    const image = new FormData();
    image.set("file", new File([await pngFile("#ff0000")], "x.png", { type: "image/png" }));
    const attempts: [string, URLSearchParams | FormData][] = [
      ["/admin/catalog/add", form([["title", "Intruder"], ["slug", "intruder"], ["status", "active"], ["skuBase", "INT"], ["variants.0.optionValues", "{}"], ["variants.0.price", "1"], ["variants.0.stockQuantity", "1"]])],
      [`/admin/catalog/edit/${demoId}?do=save`, form([["version", "1"], ["title", "Hacked"], ["slug", "hacked"], ["status", "archived"], ["skuBase", "H"]])],
      [`/admin/catalog/edit/${demoId}?do=delete`, form([])],
      ["/admin/catalog?do=status", form([["ids", demoId], ["status", "archived"]])],
      ["/admin/catalog?do=add-tag", form([["ids", demoId], ["tag", "hacked"]])],
      ["/admin/catalog?do=remove-tag", form([["ids", demoId], ["tag", "new-arrival"]])],
      ["/admin/catalog?do=delete", form([["ids", demoId]])],
      [`/admin/catalog/edit/${demoId}/media?intent=upload`, image],
      [`/admin/catalog/edit/${demoId}/media?intent=reorder`, form([["ids", mediaId]])],
      [`/admin/catalog/edit/${demoId}/media?intent=primary`, form([["mediaId", mediaId]])],
      [`/admin/catalog/edit/${demoId}/media?intent=details`, form([["mediaId", mediaId], ["alt", "hacked"]])],
      [`/admin/catalog/edit/${demoId}/media?intent=delete`, form([["mediaId", mediaId]])],
    ];
    for (const [path, body] of attempts) {
      const res = await post(path, body, "viewer");
      expect([path, res.status]).toEqual([path, 403]);
    }
    expect(await editor()).toBe(before);
    expect(await (await get("/admin/catalog?q=Intruder")).text()).toContain("No products match these filters.");
  });

  it("answers bad input with field-level messages (400); the server applies the type and size rules and refuses a renamed text file", async () => {
    const res = await post(
      "/admin/catalog/add",
      new URLSearchParams([["title", ""], ["slug", "Bad Slug!"], ["status", "draft"], ["skuBase", "bad"], ["variants.0.optionValues", "{}"], ["variants.0.price", "abc"], ["variants.0.stockQuantity", "-1"], ["variants.0.barcode", "12345678"]]),
      "admin",
    );
    expect(res.status).toBe(400);
    const body = await res.text();
    for (const message of ["Title is required", "Use lowercase letters, digits and dashes", "Enter a price in rupees", "Stock cannot be negative", "Barcode must be a valid GTIN"]) expect(body).toContain(message);

    const renamed = new FormData();
    renamed.set("file", new File(["this is plain text, not a picture"], "holiday.jpg", { type: "image/jpeg" }));
    const upload = await post(`/admin/catalog/edit/${demoId}/media?intent=upload`, renamed, "admin");
    expect(upload.status).toBe(400);
    expect(await upload.json()).toEqual({ ok: false, error: INVALID_TYPE_MESSAGE });
    // The spec's type and size rules hold on the server too, whatever the browser sent.
    const bmp = new FormData();
    bmp.set("file", new File([await pngFile("#000000")], "x.bmp", { type: "image/bmp" }));
    expect(await (await post(`/admin/catalog/edit/${demoId}/media?intent=upload`, bmp, "admin")).json()).toEqual({ ok: false, error: INVALID_TYPE_MESSAGE });
    const huge = new FormData();
    huge.set("file", new File([new Uint8Array(10_485_761)], "huge.png", { type: "image/png" }));
    const tooLarge = await post(`/admin/catalog/edit/${demoId}/media?intent=upload`, huge, "admin");
    expect([tooLarge.status, await tooLarge.json()]).toEqual([413, { ok: false, error: TOO_LARGE_MESSAGE }]);

    // A slug another product uses: the field's own message, nothing created.
    const demoSlug = (await (await get(`/admin/catalog/edit/${demoId}`)).text()).match(/name="slug"[^>]*value="([a-z0-9-]+)"|value="([a-z0-9-]+)"[^>]*name="slug"/)!.slice(1).find(Boolean)!;
    const clash = await post(
      "/admin/catalog/add",
      new URLSearchParams([["title", "Clash"], ["slug", demoSlug], ["status", "draft"], ["skuBase", "CLS"], ["variants.0.optionValues", "{}"], ["variants.0.price", "100"], ["variants.0.stockQuantity", "1"]]),
      "admin",
    );
    expect(clash.status).toBe(400);
    expect(await clash.text()).toContain("This slug is already used by another product.");
    expect(await (await get("/admin/catalog?q=Clash")).text()).toContain("No products match these filters.");
  });

  it("creates a product with the variant generator: 4 variants, 'Red / 500ml', SKU TEST-RED-500; the list and editor pass axe", async () => {
    await page.goto(`${base}/admin/catalog`);
    await page.getByRole("heading", { level: 1, name: "Products" }).waitFor();
    await expectAccessible(page);
    await page.getByRole("link", { name: "Add product" }).click();
    await page.getByRole("heading", { level: 1, name: "Add product" }).waitFor();
    await page.getByLabel("Title", { exact: true }).fill("Glacier Test Bottle");
    expect(await page.getByLabel("Slug").inputValue()).toBe("glacier-test-bottle");
    await page.getByLabel("Best seller").check();
    await page.getByLabel("SKU base").fill("test");
    await page.getByRole("button", { name: "Add option" }).click();
    await page.getByLabel("Option 1 name").fill("Color");
    await page.getByLabel("Option 1 values").fill("Red, Blue");
    await page.getByRole("button", { name: "Add option" }).click();
    await page.getByLabel("Option 2 name").fill("Size");
    await page.getByLabel("Option 2 values").fill("500ml, 750ml");
    const rows = page.locator("tbody tr[data-variant-id]");
    expect(await rows.locator("th").allTextContents()).toEqual(["Red / 500ml", "Red / 750ml", "Blue / 500ml", "Blue / 750ml"]);
    await expectAccessible(page);
    // The same schema as the server: a missing price is refused before anything is sent.
    await page.getByRole("button", { name: "Create product" }).click();
    await page.getByRole("alert").filter({ hasText: "Please correct the fields marked below." }).waitFor();
    expect(await page.getByText("Enter a price in rupees").count()).toBe(4);
    for (const [title, price] of [["Red / 500ml", "1499"], ["Red / 750ml", "1799"], ["Blue / 500ml", "1499"], ["Blue / 750ml", "1799"]] as const) {
      await page.getByLabel(`Price for ${title}`, { exact: true }).fill(price);
      await page.getByLabel(`Stock for ${title}`).fill("5");
    }
    await page.getByRole("button", { name: "Create product" }).click();
    await page.waitForURL(/\/admin\/catalog\/edit\/[0-9a-f-]{36}/);
    productId = page.url().match(/edit\/([0-9a-f-]{36})/)![1]!;
    await page.getByRole("heading", { level: 1, name: "Edit Glacier Test Bottle" }).waitFor();
    expect(await page.getByLabel("SKU for Red / 500ml").inputValue()).toBe("TEST-RED-500");
    expect(await page.getByLabel("SKU for Blue / 750ml").inputValue()).toBe("TEST-BLU-750");
    expect(await rows.count()).toBe(4);
    await expectAccessible(page);
  });

  it("gives a second product with the same SKU base TEST-RED-500-1", async () => {
    await page.goto(`${base}/admin/catalog/add`);
    await page.getByLabel("Title", { exact: true }).fill("Second Test Bottle");
    await page.getByLabel("SKU base").fill("test");
    await page.getByRole("button", { name: "Add option" }).click();
    await page.getByLabel("Option 1 name").fill("Color");
    await page.getByLabel("Option 1 values").fill("Red");
    await page.getByRole("button", { name: "Add option" }).click();
    await page.getByLabel("Option 2 name").fill("Size");
    await page.getByLabel("Option 2 values").fill("500ml");
    await page.getByLabel("Price for Red / 500ml", { exact: true }).fill("999");
    await page.getByRole("button", { name: "Create product" }).click();
    await page.waitForURL(/\/admin\/catalog\/edit\//);
    await page.getByRole("heading", { level: 1, name: "Edit Second Test Bottle" }).waitFor();
    expect(await page.getByLabel("SKU for Red / 500ml").inputValue()).toBe("TEST-RED-500-1");
  });

  it("regenerating after adding a colour keeps the existing variants' prices and ids", async () => {
    await page.goto(`${base}/admin/catalog/edit/${productId}`);
    const rows = page.locator("tbody tr[data-variant-id]");
    await rows.first().waitFor();
    const idsBefore = await rows.evaluateAll((trs) => trs.map((tr) => [tr.querySelector("th")!.textContent, tr.getAttribute("data-variant-id")]));
    expect(idsBefore.every(([, id]) => /^[0-9a-f-]{36}$/.test(id!))).toBe(true);
    await page.getByLabel("Option 1 values").fill("Red, Blue, Green");
    expect(await rows.count()).toBe(6);
    // Leaving with unsaved changes asks first.
    await page.getByRole("link", { name: "Back to Products" }).click();
    await page.getByRole("dialog", { name: "Leave without saving?" }).waitFor();
    await page.getByRole("button", { name: "Stay", exact: true }).click();
    // The dialog gives focus back to where it was when it has finished closing: typing before
    // then lands in the wrong field.
    await page.getByRole("dialog", { name: "Leave without saving?" }).waitFor({ state: "hidden" });
    expect(page.url()).toBe(`${base}/admin/catalog/edit/${productId}`);
    await page.getByLabel("Price for Green / 500ml", { exact: true }).fill("1599");
    await page.getByLabel("Price for Green / 750ml", { exact: true }).fill("1899");
    await page.getByRole("button", { name: "Save product" }).click();
    await page.getByText("Product saved.").waitFor();
    await expect.poll(() => page.getByLabel("SKU for Green / 500ml").inputValue(), { timeout: 10_000 }).toBe("TEST-GRE-500");
    const idsAfter = await rows.evaluateAll((trs) => trs.map((tr) => [tr.querySelector("th")!.textContent, tr.getAttribute("data-variant-id")]));
    for (const pair of idsBefore) expect(idsAfter).toContainEqual(pair);
    expect(await page.getByLabel("Price for Red / 750ml", { exact: true }).inputValue()).toBe("1799");
    expect(await page.getByLabel("Price for Green / 750ml", { exact: true }).inputValue()).toBe("1899");
  });

  it("refuses both bad uploads in the browser with the spec's messages, and uploads two at once with a progress bar each, reorders from the keyboard and sets alt text", async () => {
    await page.goto(`${base}/admin/catalog/edit/${productId}`);
    const picker = page.getByLabel("Choose images");
    // The 10 MB file goes by path: given as a buffer, Playwright sends its bytes through the
    // DevTools protocol, which under a loaded machine took longer than the action's 10 s.
    const folder = fs.mkdtempSync(path.join(process.env.TMPDIR ?? os.tmpdir(), "glacial-upload-"));
    const notes = path.join(folder, "notes.txt");
    const huge = path.join(folder, "huge.png");
    fs.writeFileSync(notes, "not an image");
    fs.writeFileSync(huge, Buffer.alloc(10_485_761));
    await picker.setInputFiles([notes, huge]).finally(() => fs.rmSync(folder, { recursive: true, force: true }));
    await page.getByRole("alert").filter({ hasText: INVALID_TYPE_MESSAGE }).waitFor();
    await page.getByRole("alert").filter({ hasText: TOO_LARGE_MESSAGE }).waitFor();

    // Several at once, each with its own progress bar.
    await picker.setInputFiles([
      { name: "back view.png", mimeType: "image/png", buffer: await pngFile("#334455") },
      { name: "glacier test.png", mimeType: "image/png", buffer: await pngFile("#1f8a8a") },
    ]);
    await expect.poll(() => page.getByText("Uploaded", { exact: true }).count(), { timeout: 10_000 }).toBe(2);
    for (const name of ["back view.png", "glacier test.png"]) {
      expect(await page.getByRole("progressbar", { name: `Upload of ${name}` }).evaluate((el) => (el as HTMLProgressElement).value)).toBe(1);
    }
    const images = page.getByRole("list", { name: "Product images in order" }).getByRole("listitem");
    await expect.poll(() => images.count(), { timeout: 10_000 }).toBe(2);
    const srcOf = (i: number) => images.nth(i).locator("img").getAttribute("src");
    const firstUploaded = (await srcOf(0))!.includes("back_view") ? "back_view" : "glacier_test";
    const other = firstUploaded === "back_view" ? "glacier_test" : "back_view";
    // Reordering from the keyboard: the image moved first becomes the primary one.
    const saved = page.waitForResponse((r) => r.url().includes("intent=reorder") && r.request().method() === "POST");
    await page.getByRole("button", { name: "Move image 2 up" }).press("Enter");
    expect((await saved).status()).toBe(200);
    // Focus follows the moved image; at the top only "down" is left to press.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label")), { timeout: 10_000 }).toBe("Move image 1 down");
    await expect.poll(async () => (await srcOf(0))!.includes(other), { timeout: 10_000 }).toBe(true);
    await page.reload();
    expect(await srcOf(0)).toContain(other);
    expect(await images.first().getByText("Image 1 · Primary").count()).toBe(1);
    await page.getByLabel("Alt text for image 1").fill("Teal Glacier Test Bottle");
    await page.getByRole("button", { name: "Save image 1 details" }).click();
    await expect.poll(() => images.first().locator("img").getAttribute("alt"), { timeout: 10_000 }).toBe("Teal Glacier Test Bottle");
    await expectAccessible(page);
    uploadedFirst = other;
  });

  it("shows the activated product live on an open home page and its image on the product page", async () => {
    const { context: shopper, page: home } = await openStorefront(browser);
    await home.goto(base);
    await hydrated(home);
    await home.waitForFunction(() => document.documentElement.dataset.liveStorefront === "connected");
    const bestSellers = home.getByRole("region", { name: "Best Seller" });
    expect(await bestSellers.getByText("Glacier Test Bottle").count()).toBe(0);

    await page.goto(`${base}/admin/catalog/edit/${productId}`);
    await page.getByLabel("Status", { exact: true }).selectOption("active");
    await page.getByRole("button", { name: "Save product" }).click();
    await page.getByText("Product saved.").waitFor();
    await expect.poll(() => bestSellers.getByText("Glacier Test Bottle").count(), { timeout: 10_000 }).toBeGreaterThan(0);

    await home.goto(`${base}/product/glacier-test-bottle`);
    const src = await home.getByRole("img", { name: "Teal Glacier Test Bottle" }).first().getAttribute("src");
    expect(src).toMatch(new RegExp(`^/images/products/\\d+-${uploadedFirst}\\.png\\?`));
    await shopper.close();
  });

  it("refuses a stale second save with the version message and keeps what was typed", async () => {
    const other = await admin.newPage();
    await page.goto(`${base}/admin/catalog/edit/${productId}`);
    await other.goto(`${base}/admin/catalog/edit/${productId}`);
    await page.getByLabel("Title", { exact: true }).fill("Glacier Test Bottle, first edit");
    await page.getByRole("button", { name: "Save product" }).click();
    await page.getByText("Product saved.").waitFor();

    await other.getByLabel("Title", { exact: true }).fill("Glacier Test Bottle, stale edit");
    await other.getByRole("button", { name: "Save product" }).click();
    await other.getByRole("alert").filter({ hasText: STALE }).waitFor();
    expect(await other.getByLabel("Title", { exact: true }).inputValue()).toBe("Glacier Test Bottle, stale edit");
    const stored = await (await get(`/admin/catalog?q=${encodeURIComponent("Glacier Test Bottle")}`)).text();
    expect(stored).toContain("Glacier Test Bottle, first edit");
    expect(stored).not.toContain("stale edit");
    await other.close();
  });

  it("bulk-deletes after a confirm that names the count", async () => {
    await page.goto(`${base}/admin/catalog?q=Test+Bottle`);
    await page.getByRole("checkbox", { name: "Select all products on this page" }).check();
    await page.getByLabel("Action").selectOption("delete");
    await page.getByRole("button", { name: "Apply to selected" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete 2 products?" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Delete 2 products" }).click();
    await page.getByText("Deleted 2 products.").waitFor();
    await page.getByText("No products match these filters.").waitFor();
  });
});
