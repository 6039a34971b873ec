import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "~/db/database.server";
import { notifyCatalogChanged } from "~/modules/catalog/catalog-events.server";
import { products } from "~/modules/catalog/schema";
import { publishSettingChanged, setSetting } from "~/modules/settings/settings.server";
import { createEventBus, type EventBus } from "~/modules/events/event-bus.server";
import { launchBrowser } from "../support/browser";
import { fixturesHash, mediaDirFor } from "../support/fixtures";
import prepareSnapshots from "../support/integration-setup";
import { startServer, type RunningServer } from "../support/server-process";
import { hydrated, openStorefront } from "../support/storefront";
import { createSeededPostgresDatabase } from "../support/test-database";

// On PostgreSQL the test can change the catalog while the server runs, and its NOTIFY reaches
// the server's event bus exactly as a back-office process would.
describe.runIf(process.env.TEST_DATABASE_URL)("live home page in Chromium (PostgreSQL)", () => {
  let browser: Browser;
  let server: RunningServer;
  let pg: { url: string; drop(): Promise<void> };
  let database: Database;
  let bus: EventBus;
  let dataDir: string;
  beforeAll(async () => {
    await prepareSnapshots();
    pg = await createSeededPostgresDatabase();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "glacial-live-"));
    fs.cpSync(mediaDirFor(fixturesHash()), path.join(dataDir, "media"), { recursive: true });
    database = await openDatabase({ kind: "postgres", url: pg.url, poolSize: 2 });
    await database.migrate();
    bus = await createEventBus(database);
    server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: pg.url, SEED_DEMO: "never", LOG_LEVEL: "warn" });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await bus?.close();
    await database?.close();
    await pg?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("shows a product change on an open home page without reloading it", async () => {
    const { context, page } = await openStorefront(browser);
    await page.goto(server.url);
    await hydrated(page);
    await page.waitForFunction(() => document.documentElement.dataset.liveStorefront === "connected");
    // Survives only if the page is not reloaded.
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 42));
    const section = page.getByRole("region", { name: "Best Seller" });
    const firstName = (await section.getByRole("listitem").first().getByRole("link").nth(1).textContent())!.trim();
    const [row] = await database.db.select({ id: products.id }).from(products).where(eq(products.title, firstName));

    await database.db.update(products).set({ title: "Glacier Classic Bottle, Monsoon Edition" }).where(eq(products.id, row!.id));
    await notifyCatalogChanged(bus, row!.id);
    await expect.poll(() => section.getByText("Glacier Classic Bottle, Monsoon Edition").count(), { timeout: 10_000 }).toBeGreaterThan(0);

    await database.db.update(products).set({ status: "archived" }).where(eq(products.id, row!.id));
    await notifyCatalogChanged(bus, row!.id);
    await expect.poll(() => section.getByText("Glacier Classic Bottle, Monsoon Edition").count(), { timeout: 10_000 }).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(42);
    await context.close();
  });

  it("follows a store-details edit on an open home page (its structured data names the new phone) without reloading it", async () => {
    const { context, page } = await openStorefront(browser);
    await page.goto(server.url);
    await hydrated(page);
    await page.waitForFunction(() => document.documentElement.dataset.liveStorefront === "connected");
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 7));
    const structuredData = () => page.evaluate(() => document.querySelector('script[type="application/ld+json"]')?.textContent ?? "");

    // What the Settings screen's store-details save does: the setting, then settings.changed.
    await setSetting(database.db, "store_contact", { store_name: "GLACIAL", phone: "+91 80 4000 1234", email: "care@glacial.in" });
    await publishSettingChanged(bus, "store_contact");
    await expect.poll(structuredData, { timeout: 10_000 }).toContain("+91 80 4000 1234");
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(7);
    await context.close();
  });
});
