import fs from "node:fs";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBypassToken, setMaintenance } from "~/modules/settings/maintenance.server";
import { prepareDemoStore } from "../support/admin-server";
import { expectAccessible, launchBrowser } from "../support/browser";
import { startServer, type RunningServer } from "../support/server-process";
import { inProcessEvents } from "../support/test-services";
import { openStorefront } from "../support/storefront";

// Its own server: the store is prepared (seeded, maintenance on, a bypass token) before the
// server opens the embedded database, which it then holds exclusively.
describe("maintenance gate in Chromium", () => {
  let browser: Browser;
  let server: RunningServer;
  let dataDir: string;
  let token: string;
  beforeAll(async () => {
    dataDir = await prepareDemoStore(async (database) => {
      await setMaintenance(database.db, { enabled: true, message: "New colours are arriving. Back at 6 pm IST." }, inProcessEvents());
      ({ token } = await createBypassToken(database.db, { label: "Browser test", expiresAt: new Date(Date.now() + 3600_000) }));
    }, "glacial-maint-");
    server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: "warn" });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("sends visitors to /maintenance, which answers 503 with Retry-After and the message, without storefront chrome", async () => {
    const { context, page } = await openStorefront(browser);
    const response = await page.goto(`${server.url}/product/glacier-classic-bottle`);
    expect(page.url()).toBe(`${server.url}/maintenance`);
    expect(response?.status()).toBe(503);
    expect(response?.headers()["retry-after"]).toBe("3600");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("We'll be back soon");
    expect(await page.getByText("New colours are arriving. Back at 6 pm IST.").isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: /^Cart/ }).count()).toBe(0);
    await expectAccessible(page);
    const api = await fetch(`${server.url}/api/cart/verify`, { method: "POST", body: "{}", headers: { "Content-Type": "application/json" } });
    expect(api.status).toBe(503);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    await context.close();
  });

  it("refuses an unknown bypass link, and a valid one lets the visitor shop until the cookie is gone", async () => {
    const { context, page } = await openStorefront(browser);
    await page.goto(`${server.url}/maintenance?bypass=not-a-real-token`);
    expect(await page.getByRole("alert").textContent()).toBe("This preview link is invalid or has expired.");
    expect((await context.cookies()).length).toBe(0);

    const response = await page.goto(`${server.url}/maintenance?bypass=${token}`);
    expect(page.url()).toBe(`${server.url}/`);
    expect(response?.status()).toBe(200);
    const [cookie] = await context.cookies();
    expect(cookie).toMatchObject({ name: "glacial_maintenance_bypass", httpOnly: true, sameSite: "Lax" });
    expect(await page.getByRole("region", { name: "Best Seller" }).isVisible()).toBe(true);

    // Client-side navigation is gated too: without the cookie the next page load goes to /maintenance.
    await page.getByRole("link", { name: "GLACIAL home" }).waitFor();
    await context.clearCookies();
    await page.locator("footer").getByRole("link", { name: "Our Story" }).click();
    await page.waitForURL(`${server.url}/maintenance`);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("We'll be back soon");
    await context.close();
  });
});
