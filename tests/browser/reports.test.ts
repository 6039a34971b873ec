import fs from "node:fs";
import { parse } from "csv-parse/sync";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareDemoStore, seedStaff } from "../support/admin-server";
import { expectAccessible, launchBrowser } from "../support/browser";
import { seedBulkOrders } from "../support/bulk-orders";
import { startServer, type RunningServer } from "../support/server-process";

// The dashboard and a report in Chromium, on a demo store with a few hundred orders of the last
// 30 days: figures, a chart named by its summary, no serious accessibility problem, and a CSV
// download equal to the table on screen.

const ADMIN = { email: "asha@glacial.in", password: "a long test passphrase", roles: ["admin" as const] };

describe("dashboard and reports in Chromium", () => {
  let browser: Browser;
  let server: RunningServer;
  let dataDir: string;
  let page: Page;

  beforeAll(async () => {
    dataDir = await prepareDemoStore(async (database) => {
      await seedStaff(database, [ADMIN]);
      await seedBulkOrders(database.db, 400, 30);
    }, "glacial-reports-");
    server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: "warn" });
    browser = await launchBrowser();
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    page = await context.newPage();
    await page.goto(`${server.url}/admin/login`);
    await page.getByLabel("Email").fill(ADMIN.email);
    await page.getByLabel("Password").fill(ADMIN.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${server.url}/admin/dashboard`);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("the dashboard: the range's sales against the period before, a chart with its summary, top products, low stock", async () => {
    await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
    const sales = page.getByRole("definition").filter({ hasText: "₹" });
    expect(await sales.count()).toBeGreaterThan(2);
    expect(await page.getByText(/previous 7 days/).count()).toBeGreaterThan(0);
    await page.getByRole("combobox", { name: "Period" }).selectOption("30d");
    await page.getByRole("button", { name: "Show" }).click();
    await page.waitForURL(/range=30d/);
    await expect.poll(() => page.getByText(/previous 30 days/).count()).toBeGreaterThan(0);
    const chart = page.getByRole("img", { name: /^Sales per day, .*: gross ₹/ });
    await chart.waitFor();
    await expect.poll(() => chart.locator("svg").count()).toBeGreaterThan(0);
    expect(await page.getByRole("table", { name: /^Top products/ }).getByRole("row").count()).toBe(6);
    await page.getByRole("region", { name: "Low stock" }).waitFor();
    await expectAccessible(page);
  });

  it("a report: chart, table with totals, and its CSV download equal to the table", async () => {
    await page.goto(`${server.url}/admin/reports?report=states&range=30d`);
    await page.getByRole("heading", { level: 1, name: "Reports" }).waitFor();
    expect(await page.getByRole("link", { name: "Sales by state" }).getAttribute("aria-current")).toBe("page");
    const table = page.getByRole("table", { name: /^Sales per state \(place of supply\)/ });
    const rows = await table.getByRole("row").allInnerTexts();
    expect(rows.length).toBe(4); // header, Karnataka, Maharashtra, Total
    expect(rows.at(-1)).toMatch(/^Total/);
    await page.getByRole("img", { name: /^Sales per state/ }).locator("svg").first().waitFor();
    await expectAccessible(page);

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download CSV" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^glacial-states-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv: string[][] = parse(fs.readFileSync((await download.path())!, "utf8"));
    expect(csv).toHaveLength(rows.length);
    const headers = await table.getByRole("columnheader").allInnerTexts();
    expect(csv[0]).toEqual(headers);
    // Each row names the same state with the same order count as the screen.
    const screen = await Promise.all(
      (await table.getByRole("row").all()).slice(1).map(async (r) => (await r.locator("th, td").allInnerTexts()).map((c) => c.trim())),
    );
    csv.slice(1).forEach((line, i) => {
      expect(line[0]).toBe(screen[i]![0]);
      expect(line[2]).toBe(screen[i]![2]!.replace(/,/g, ""));
    });

    // Sales over time, per week.
    await page.getByRole("link", { name: "Sales over time" }).click();
    await page.getByRole("link", { name: "Week (from Monday)" }).click();
    await page.waitForURL(/unit=week/);
    await page.getByRole("table", { name: /^Sales per week/ }).waitFor();
  });
});
