import fs from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Role } from "~/modules/staff/roles";
import { startAdminServer, type AdminServer } from "../support/admin-server";
import { signInOverHttp } from "../support/staff-http";
import { expectAccessible, launchBrowser, signedInContext } from "../support/browser";

// Collections and the Shopify product CSV in the back office: the flows in Chromium, and the
// permission and bad-input answers over plain HTTP.
const PASSWORD = "a long test passphrase";
const USERS: Record<Exclude<Role, "super_admin">, string> = { admin: "merch@glacial.in", support: "help@glacial.in", viewer: "look@glacial.in" };
const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

describe("collections and product CSV in the admin", () => {
  let server: AdminServer;
  let base: string;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const cookies = new Map<string, string>();

  const get = (url: string, role: keyof typeof USERS | null = "admin") => fetch(`${base}${url}`, { redirect: "manual", headers: role ? { cookie: cookies.get(role)! } : {} });
  const post = (url: string, body: FormData | Record<string, string | string[]>, role: keyof typeof USERS | null = "admin") => {
    let form = body;
    if (!(body instanceof FormData)) {
      form = new FormData();
      for (const [k, v] of Object.entries(body)) for (const one of [v].flat()) form.append(k, one);
    }
    return fetch(`${base}${url}`, { method: "POST", redirect: "manual", headers: { Origin: base, ...(role ? { cookie: cookies.get(role)! } : {}) }, body: form as FormData });
  };
  const csvForm = (intent: string, csv: string, name = "products.csv") => {
    const form = new FormData();
    form.set("intent", intent);
    form.set("file", new File([csv], name, { type: "text/csv" }));
    return form;
  };
  /** The admin list of collections as HTML (ids, names, slugs, order, counts). */
  const collectionList = async () => (await (await get("/admin/collections")).text()).match(/<ol aria-label="Collections in storefront order"[\s\S]*?<\/ol>/)![0];
  const exportCsv = async () => (await get("/admin/catalog/export")).text();
  const collectionId = async (slug: string) => {
    const list = await collectionList();
    const at = list.indexOf(`/collections/${slug} `);
    return [...list.slice(0, at).matchAll(new RegExp(`href="/admin/collections/(${UUID})"`, "g"))].at(-1)![1]!;
  };

  beforeAll(async () => {
    server = await startAdminServer(Object.entries(USERS).map(([role, email]) => ({ email, password: PASSWORD, roles: [role as Role] })));
    base = server.url;
    for (const [role, email] of Object.entries(USERS)) cookies.set(role, await signInOverHttp(base, email, PASSWORD));
    browser = await launchBrowser();
    context = await signedInContext(browser, base, cookies.get("admin")!, { acceptDownloads: true });
    // Keep the storefront's marketing popup away (its own tests exercise it).
    await context.addInitScript(() => {
      window.localStorage.setItem("popup_last_shown", String(Date.now()));
      window.sessionStorage.setItem("popup_last_shown", String(Date.now()));
    });
    page = await context.newPage();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("refuses a viewer and a support user (403) on every collection mutation and on the import, and changes nothing", async () => {
    const matte = await collectionId("matte");
    const version = (await (await get(`/admin/collections/${matte}`)).text()).match(/name="version" value="(\d+)"/)![1]!;
    // A real staged upload, so the refused commit would have had something to commit.
    const dryRun = await (await post("/admin/catalog/import", csvForm("dry-run", "Handle,Title,Variant SKU,Variant Price,Status\nintruder-bottle,Intruder,INTR-1,999,active\n"))).text();
    const importId = dryRun.match(/name="importId" value="([0-9a-f]{32})"/)![1]!;
    const listBefore = await collectionList();
    const csvBefore = await exportCsv();
    const mediaDir = path.join(server.dataDir, "media");
    const anImage = (fs.readdirSync(mediaDir, { recursive: true }) as string[]).find((f) => f.endsWith(".webp"))!;
    const image = new FormData();
    image.set("intent", "upload");
    image.set("file", new File([fs.readFileSync(path.join(mediaDir, anImage))], "hero.webp", { type: "image/webp" }));

    const forged: [string, FormData | Record<string, string | string[]>][] = [
      ["/admin/collections?do=create", { name: "Intruders", slug: "intruders", isActive: "on" }],
      ["/admin/collections?do=reorder", { ids: [matte] }],
      ["/admin/collections?do=delete", { id: matte }],
      [`/admin/collections/${matte}`, { intent: "save", version, name: "Hacked", slug: "matte", productsListed: "1" }],
      [`/admin/collections/${matte}`, image],
      ["/admin/catalog/import", csvForm("dry-run", "Handle,Variant Price\nx,1\n")],
      ["/admin/catalog/import", { intent: "commit", importId }],
    ];
    for (const [url, body] of forged) {
      for (const role of ["viewer", "support"] as const) {
        const intent = body instanceof FormData ? body.get("intent") : body.intent;
        expect([url, intent, role, (await post(url, body, role)).status]).toEqual([url, intent, role, 403]);
      }
      // Without a session: refused before the body is read, as every staff action is.
      const anonymous = await post(url, body, null);
      expect(anonymous.status).toBe(401);
    }
    expect(await collectionList()).toBe(listBefore);
    expect(await exportCsv()).toBe(csvBefore);
    expect(csvBefore).not.toContain("intruder-bottle");
    // Viewing the catalogue is enough to export it; the import page needs create.
    const viewerExport = await get("/admin/catalog/export", "viewer");
    expect([viewerExport.status, viewerExport.headers.get("content-type"), viewerExport.headers.get("content-disposition")]).toEqual([
      200,
      "text/csv; charset=utf-8",
      expect.stringMatching(/^attachment; filename="glacial-products-\d{4}-\d{2}-\d{2}\.csv"$/),
    ]);
    expect(await viewerExport.text()).toBe(csvBefore);
    expect((await get("/admin/catalog/import", "viewer")).headers.get("location")).toBe("/admin/dashboard");
    expect((await get("/admin/collections", "viewer")).headers.get("location")).toBe("/admin/dashboard");
  });

  it("answers bad input with field messages (400), a stale save with 409, a bad id with 400, and changes nothing", async () => {
    const matte = await collectionId("matte");
    const editor = await (await get(`/admin/collections/${matte}`)).text();
    const version = editor.match(/name="version" value="(\d+)"/)![1]!;
    const listBefore = await collectionList();

    const badSlug = await post("/admin/collections?do=create", { name: "", slug: "Not a slug!" });
    expect(badSlug.status).toBe(400);
    const badHtml = await badSlug.text();
    expect(badHtml).toContain("Name is required");
    expect(badHtml).toContain("Use lowercase letters, digits and dashes");

    const unknownProduct = await post(`/admin/collections/${matte}`, { intent: "save", version, name: "Matte", slug: "matte", productsListed: "1", productIds: "00000000-0000-4000-8000-000000000000" });
    expect(unknownProduct.status).toBe(400);
    expect(await unknownProduct.text()).toContain("One of the chosen products no longer exists.");
    const stale = await post(`/admin/collections/${matte}`, { intent: "save", version: String(Number(version) - 1 || 999), name: "Matte", slug: "matte" });
    expect(stale.status).toBe(409);
    expect(await stale.text()).toContain("This collection was changed by someone else — reload to see their changes.");
    expect((await post("/admin/collections?do=delete", { id: "1 or 1=1" })).status).toBe(400);
    expect((await get("/admin/collections/not-a-uuid")).status).toBe(400);
    expect((await post("/admin/collections?do=reorder", { ids: [matte] })).status).toBe(409);

    const notCsv = await post("/admin/catalog/import", csvForm("dry-run", "name,price\nx,1\n"));
    expect(notCsv.status).toBe(400);
    expect(await notCsv.text()).toContain("The file lacks the Shopify column(s): Handle, Variant Price.");
    const forgedId = await post("/admin/catalog/import", { intent: "commit", importId: "../../auth-secret" });
    expect(forgedId.status).toBe(410);
    expect(await collectionList()).toBe(listBefore);
  });

  it("creating a collection with a taken slug shows the inline error; then it is created and gets products by search", async () => {
    await page.goto(`${base}/admin/collections`);
    await page.getByRole("heading", { level: 1, name: "Collections" }).waitFor();
    await expectAccessible(page);
    await page.getByLabel("Name", { exact: true }).fill("Matte Again");
    const slug = page.getByLabel("Slug", { exact: true });
    expect(await slug.inputValue()).toBe("matte-again");
    await slug.fill("matte");
    await page.getByRole("button", { name: "Create collection" }).click();
    await page.getByText("This slug is already used by another collection.").waitFor();
    expect(await slug.getAttribute("aria-invalid")).toBe("true");

    await slug.fill("matte-again");
    await page.getByRole("button", { name: "Create collection" }).click();
    await page.waitForURL(new RegExp(`/admin/collections/${UUID}\\?created=1$`));
    await page.getByRole("heading", { level: 1, name: "Edit collection: Matte Again" }).waitFor();
    await page.getByLabel("Add products").fill("tumbler");
    const results = page.getByRole("list", { name: "Search results" });
    await results.getByRole("button", { name: /^Add / }).first().waitFor({ timeout: 10_000 });
    const firstHit = (await results.getByRole("button", { name: /^Add / }).first().getAttribute("aria-label"))!.slice(4);
    await results.getByRole("button", { name: `Add ${firstHit}` }).click();
    // Leaving with an unsaved change asks first; staying keeps it.
    await page.getByRole("link", { name: "All collections" }).click();
    const leave = page.getByRole("dialog", { name: "Leave without saving?" });
    await leave.getByText("This collection has unsaved changes.", { exact: false }).waitFor();
    await leave.getByRole("button", { name: "Stay", exact: true }).click();
    await leave.waitFor({ state: "hidden" });
    await page.getByRole("heading", { level: 1, name: "Edit collection: Matte Again" }).waitFor();
    expect(await page.getByRole("list", { name: "Products in collection order" }).getByRole("listitem").count()).toBe(1);
    // A hero image uploaded here is chosen at once.
    const mediaDir = path.join(server.dataDir, "media");
    const anImage = (fs.readdirSync(mediaDir, { recursive: true }) as string[]).find((f) => f.endsWith(".webp"))!;
    await page.getByLabel("Upload a new image").setInputFiles({ name: "monsoon hero.webp", mimeType: "image/webp", buffer: fs.readFileSync(path.join(mediaDir, anImage)) });
    await page.getByText("Image uploaded and chosen as the hero image.").waitFor({ timeout: 10_000 });
    expect(await page.getByRole("radiogroup", { name: "Choose the hero image" }).getByRole("radio", { checked: true }).getAttribute("value")).toMatch(new RegExp(`^${UUID}$`));
    await expectAccessible(page);
    await page.getByRole("button", { name: "Save collection" }).click();
    await page.getByText("Collection saved.").first().waitFor({ timeout: 10_000 });
    const products = page.getByRole("list", { name: "Products in collection order" });
    expect((await products.getByRole("listitem").allTextContents()).map((t) => t.includes(firstHit))).toEqual([true]);
    expect(await collectionList()).toContain("/collections/matte-again · 1 product · Active");
    const storefront = await (await get("/collections/matte-again", null)).text();
    expect(storefront).toMatch(/<img[^>]+src="\/images\/collections\/\d+-monsoon_hero\.webp\?w=800&amp;h=600/);
    expect(storefront).toContain(`>${firstHit}</h3>`);

    // Delete, with a confirm that says what happens to the products.
    await page.goto(`${base}/admin/collections`);
    await page.getByRole("button", { name: "Delete Matte Again" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete Matte Again?" });
    await dialog.getByText("Its 1 products stay in the shop").waitFor();
    await dialog.getByRole("button", { name: "Delete collection" }).click();
    await page.getByText("Collection deleted.").first().waitFor({ timeout: 10_000 });
    expect(await collectionList()).not.toContain("matte-again");
    expect((await get("/collections/matte-again", null)).status).toBe(404);
  });

  it("reorders a collection's products by keyboard and by dragging, and the storefront shows that order", async () => {
    const matte = await collectionId("matte");
    await page.goto(`${base}/admin/collections/${matte}`);
    const list = page.getByRole("list", { name: "Products in collection order" });
    await list.waitFor();
    const titles = async () => (await list.getByRole("listitem").locator("span.font-medium").allTextContents()).map((t) => t.trim());
    const before = await titles();
    expect(before.length).toBeGreaterThan(2);

    // Keyboard: the last product moves to the top with Enter on its "Move up" button.
    const last = before.at(-1)!;
    await list.getByRole("button", { name: `Move ${last} up` }).focus();
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute("aria-label"));
    for (let i = 1; i < before.length; i++) {
      await page.keyboard.press("Enter");
      await expect.poll(async () => (await titles()).indexOf(last)).toBe(before.length - 1 - i);
      // Focus stays with the moved product (on its other button once it reaches the top).
      await expect.poll(focused).toBe(i === before.length - 1 ? `Move ${last} down` : `Move ${last} up`);
    }
    expect(await titles()).toEqual([last, ...before.slice(0, -1)]);
    // Drag: the (now) second row is dropped onto the last row's place.
    const second = before[0]!;
    await list.getByRole("listitem").nth(1).dragTo(list.getByRole("listitem").last());
    const wanted = [last, ...before.slice(1, -1), second];
    await expect.poll(titles).toEqual(wanted);
    await page.getByRole("button", { name: "Save collection" }).click();
    await page.getByText("Collection saved.").first().waitFor({ timeout: 10_000 });
    expect(await titles()).toEqual(wanted);

    const shop = await context.newPage();
    await shop.goto(`${base}/collections/matte`);
    const shown = (await shop.getByRole("region", { name: "Products" }).locator("h3").allTextContents()).map((t) => t.trim());
    // The storefront lists only active products, in the order staff gave them.
    expect(shown.length).toBeGreaterThan(1);
    expect(shown).toEqual(wanted.filter((t) => shown.includes(t)));
    expect(shown[0]).toBe(wanted.find((t) => shown.includes(t)));
    await shop.close();
  });

  it("a new collection order set by keyboard in the admin reaches an open home page without a reload", async () => {
    const home = await context.newPage();
    await home.goto(`${base}/`);
    await home.waitForFunction(() => document.documentElement.dataset.liveStorefront === "connected", undefined, { timeout: 10_000 });
    const track = home.getByTestId("collection-track");
    const shown = () => track.locator("a").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    // The collections arrive as streamed (deferred) data: the page can be live before they are on it.
    await expect.poll(async () => (await shown()).length, { timeout: 10_000 }).toBeGreaterThan(1);
    const before = await shown();
    await home.evaluate(() => ((window as unknown as { __marker: number }).__marker = 7));

    // Keyboard on the admin list: the first collection goes two places down; the moves are saved once.
    await page.goto(`${base}/admin/collections`);
    const list = page.getByRole("list", { name: "Collections in storefront order" });
    const names = async () => (await list.getByRole("listitem").locator("a").allTextContents()).map((t) => t.trim());
    const adminBefore = await names();
    await list.getByRole("button", { name: `Move ${adminBefore[0]} down` }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(async () => (await names())[1]).toBe(adminBefore[0]);
    await page.keyboard.press("Enter");
    await page.getByText("Collection order saved.").first().waitFor({ timeout: 10_000 });
    const adminAfter = [adminBefore[1], adminBefore[2], adminBefore[0], ...adminBefore.slice(3)];
    expect(await names()).toEqual(adminAfter);
    // Every seeded collection is active, so the home page shows them all, in the new order.
    expect(before).toHaveLength(adminBefore.length);
    await expect.poll(shown, { timeout: 10_000 }).toEqual([before[1], before[2], before[0], ...before.slice(3)]);
    expect((await collectionList()).indexOf(`>${adminBefore[0]}<`)).toBeGreaterThan((await collectionList()).indexOf(`>${adminBefore[2]}<`));
    expect(await home.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(7);
    await home.close();
  });

  it("exports the catalogue and imports the same file: the dry run changes nothing, the commit gives the same catalogue", async () => {
    await page.goto(`${base}/admin/catalog/import`);
    await page.getByRole("heading", { level: 1, name: "Import products (Shopify CSV)" }).waitFor();
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export products CSV" }).click()]);
    const exported = fs.readFileSync((await download.path())!, "utf8");
    const handles = new Set(exported.split("\n").slice(1).filter(Boolean).map((line) => line.split(",")[0]));
    expect(handles.size).toBeGreaterThan(20);

    await page.getByLabel(/Shopify product CSV/).setInputFiles({ name: "glacial.csv", mimeType: "text/csv", buffer: Buffer.from(exported) });
    await page.getByRole("button", { name: "Check file (dry run)" }).click();
    const summary = page.getByTestId("import-summary");
    await summary.waitFor({ timeout: 10_000 });
    expect(await summary.textContent()).toBe(`To create: 0 · To update: ${handles.size} · Rejected: 0`);
    await expectAccessible(page);
    expect(await exportCsv()).toBe(exported);

    await page.getByRole("button", { name: "Commit import" }).click();
    await page.getByRole("heading", { name: "Imported glacial.csv" }).waitFor({ timeout: 20_000 });
    expect(await summary.textContent()).toBe(`Created: 0 · Updated: ${handles.size} · Rejected: 0`);
    expect(await exportCsv()).toBe(exported);
  });

  it("rejects a bad row with its reason in the report, and creates nothing in the dry run", async () => {
    const csv = [
      "Handle,Title,Body (HTML),Vendor,Tags,Published,Option1 Name,Option1 Value,Variant SKU,Variant Inventory Qty,Variant Price,Variant Compare At Price,Status",
      "monsoon-flask,Monsoon Flask,<p>New</p>,GLACIAL,new-arrival,TRUE,Color,Teal,MONS-TEA,4,1299,,active",
      "leaky-flask,Leaky Flask,,GLACIAL,,TRUE,Color,Red,LEAK-RED,1,free,,active",
    ].join("\n");
    await page.goto(`${base}/admin/catalog/import`);
    await page.getByLabel(/Shopify product CSV/).setInputFiles({ name: "mixed.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await page.getByRole("button", { name: "Check file (dry run)" }).click();
    const summary = page.getByTestId("import-summary");
    await summary.waitFor({ timeout: 10_000 });
    expect(await summary.textContent()).toBe("To create: 1 · To update: 0 · Rejected: 1");
    const rejected = page.getByRole("row", { name: /leaky-flask/ });
    expect((await rejected.getByRole("cell").allTextContents()).map((t) => t.trim())).toEqual(["3", "Rejected", "line 3 price: Enter a price in rupees"]);
    expect(await exportCsv()).not.toContain("monsoon-flask");
  });
});
