import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Role } from "~/modules/staff/roles";
import { startAdminServer, type AdminServer } from "../support/admin-server";
import { expectAccessible, launchBrowser, signedInContext } from "../support/browser";
import { SPEC_SIDEBAR } from "../support/spec-permissions";

const PASSWORD = "a long test passphrase";
const USERS: Record<Role, string> = {
  super_admin: "super@glacial.in",
  admin: "asha@glacial.in",
  support: "support@glacial.in",
  viewer: "viewer@glacial.in",
};

describe("the admin shell in Chromium", () => {
  let browser: Browser;
  let server: AdminServer;
  let base: string;

  beforeAll(async () => {
    server = await startAdminServer([
      ...Object.entries(USERS).map(([role, email]) => ({ email, password: PASSWORD, roles: [role as Role] })),
      { email: "newbie@glacial.in", password: PASSWORD, roles: [] as Role[] },
    ].filter((u) => u.roles.length > 0));
    base = server.url;
    browser = await launchBrowser();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function signedIn(email: string, options: Parameters<Browser["newContext"]>[0] = {}): Promise<{ context: BrowserContext; page: Page }> {
    const context = await signedInContext(browser, base, { email, password: PASSWORD }, { viewport: { width: 1280, height: 800 }, ...options });
    const page = await context.newPage();
    await page.goto(`${base}/admin/dashboard`);
    await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
    return { context, page };
  }

  it.each(Object.keys(USERS) as Role[])("shows %s exactly the sidebar entries of the spec, in order", async (role) => {
    const { context, page } = await signedIn(USERS[role]);
    const nav = page.getByRole("navigation", { name: "Admin Panel" });
    expect(await page.getByText("Admin Panel", { exact: true }).isVisible()).toBe(true);
    expect(await nav.getByRole("link").allTextContents()).toEqual(SPEC_SIDEBAR[role]);
    await context.close();
  });

  it("sends a viewer from /admin/discounts to /admin/dashboard", async () => {
    const { context, page } = await signedIn(USERS.viewer);
    await page.goto(`${base}/admin/discounts`);
    expect(page.url()).toBe(`${base}/admin/dashboard`);
    await context.close();
  });

  it("dashboard: greeting and the counts, with no serious accessibility problem in light and dark", async () => {
    const { context, page } = await signedIn(USERS.admin);
    const counts = await page.locator('dl[aria-label="Shop"] > div').allTextContents();
    expect(counts).toEqual(["Open support conversations0Open the inbox", expect.stringMatching(/^Low-stock variants\d+Fewer than 5 in stock$/), "Products30", "Active products26", "Collections7"]);
    expect(await page.locator('dl[aria-label="Sales"] dt').allTextContents()).toEqual(["Gross sales", "Net sales", "Orders", "Average order value", "Orders to ship"]);
    await expectAccessible(page);
    await page.getByRole("button", { name: "Switch to dark theme" }).click();
    await expectAccessible(page);
    await context.close();
  });

  it("Ctrl+K opens the search; it finds products by title and SKU and pages by name, keyboard only", async () => {
    const { context, page } = await signedIn(USERS.admin);
    // Hovering an option selects it: keep the pointer off the list.
    await page.mouse.move(0, 0);
    await page.keyboard.press("Control+k");
    const box = page.getByRole("combobox", { name: "Search products and pages" });
    await box.waitFor();
    await box.fill("tumbler");
    const options = page.getByRole("option");
    // The list first shows every page (the empty query's answer) until the typed query's comes back.
    await expect
      .poll(() => options.allTextContents(), { timeout: 10_000 })
      .toEqual(expect.arrayContaining([expect.stringMatching(/^Chai Tumbler/), expect.stringMatching(/^.+Tumbler/)]));
    expect(await options.count()).toBeGreaterThan(2);
    await box.fill("CHT-BRO");
    await expect.poll(() => options.allTextContents()).toEqual([expect.stringMatching(/^Chai TumblerSKU CHT-BRO-350/)]);
    await box.fill("orders");
    await expect.poll(() => options.allTextContents()).toEqual(["OrdersPage"]);
    await box.fill("e");
    await expect.poll(() => options.count()).toBeGreaterThan(3);
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => options.nth(1).getAttribute("aria-selected")).toBe("true");
    await page.keyboard.press("ArrowUp");
    await expect.poll(() => options.nth(0).getAttribute("aria-selected")).toBe("true");
    await box.fill("orders");
    await expect.poll(() => options.allTextContents()).toEqual(["OrdersPage"]);
    await page.keyboard.press("Enter");
    await page.waitForURL(`${base}/admin/sales`);
    // The search dialog closed (the Orders page has comboboxes of its own: its filters).
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
    // Cmd/Ctrl+K toggles the dialog closed again.
    await page.keyboard.press("Control+k");
    await box.waitFor();
    await page.keyboard.press("Control+k");
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
    await context.close();
  });

  it("View Site opens the storefront in a new tab", async () => {
    const { context, page } = await signedIn(USERS.viewer);
    const link = page.getByRole("link", { name: "View Site" });
    expect(await link.getAttribute("target")).toBe("_blank");
    const [tab] = await Promise.all([context.waitForEvent("page"), link.click()]);
    await tab.waitForLoadState();
    expect(tab.url()).toBe(`${base}/`);
    await context.close();
  });

  it("the theme follows the system until chosen, then remembers the choice across loads", async () => {
    const { context, page } = await signedIn(USERS.viewer, { colorScheme: "dark" });
    const isDark = () => page.evaluate(() => document.documentElement.classList.contains("dark"));
    await expect.poll(isDark).toBe(true);
    await page.reload({ waitUntil: "domcontentloaded" });
    expect(await isDark()).toBe(true);
    await page.waitForLoadState("networkidle");
    await page.getByRole("button", { name: "Switch to light theme" }).click();
    await expect.poll(isDark).toBe(false);
    await page.reload({ waitUntil: "domcontentloaded" });
    expect(await isDark()).toBe(false);
    await page.waitForLoadState("networkidle");
    await page.getByRole("button", { name: "Switch to dark theme" }).click();
    await expect.poll(isDark).toBe(true);
    // The choice is applied by an inline script before the first paint: already set at DOMContentLoaded.
    await page.goto(`${base}/admin/dashboard`, { waitUntil: "domcontentloaded" });
    expect(await isDark()).toBe(true);
    await context.close();
  });

  it("the account menu shows the initial, the email, the roles and Log out", async () => {
    const { context, page } = await signedIn(USERS.support);
    const trigger = page.getByRole("button", { name: "Account menu" });
    expect(await trigger.textContent()).toBe("S");
    await trigger.click();
    const menu = page.getByRole("menu");
    expect(await menu.getByTestId("account-email").textContent()).toBe("support@glacial.in");
    expect(await menu.getByTestId("account-roles").textContent()).toBe("support");
    expect(await menu.getByRole("menuitem", { name: "Log out" }).isVisible()).toBe(true);
    await context.close();
  });

  it("collapses the sidebar to icons, and becomes a drawer on a narrow screen", async () => {
    const { context, page } = await signedIn(USERS.viewer);
    await page.getByRole("button", { name: "Collapse sidebar" }).click();
    const nav = page.getByRole("navigation", { name: "Admin Panel" });
    expect(await nav.getByRole("link", { name: "Orders" }).isVisible()).toBe(true);
    expect(await nav.getByText("Orders").count()).toBe(0);
    const width = await page.locator("aside").evaluate((el) => el.getBoundingClientRect().width);
    expect(width).toBe(64);
    await page.getByRole("button", { name: "Expand sidebar" }).click();
    expect(await page.locator("aside").evaluate((el) => el.getBoundingClientRect().width)).toBe(256);

    await page.setViewportSize({ width: 390, height: 800 });
    expect(await page.locator("aside").isVisible()).toBe(false);
    await page.getByRole("button", { name: "Open menu" }).click();
    const drawer = page.getByRole("dialog", { name: "Admin Panel" });
    expect(await drawer.getByRole("link").allTextContents()).toEqual(SPEC_SIDEBAR.viewer);
    await drawer.getByRole("link", { name: "Orders" }).click();
    await page.waitForURL(`${base}/admin/sales`);
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
    // The address changes before the new screen has rendered: its heading is waited for.
    await expect.poll(() => page.getByRole("heading", { name: "Orders", level: 1 }).isVisible()).toBe(true);
    await context.close();
  });
});
