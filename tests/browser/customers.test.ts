import fs from "node:fs";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "~/modules/orders/schema";
import { prepareDemoStore, seedStaff } from "../support/admin-server";
import { expectAccessible, launchBrowser, signedInContext } from "../support/browser";
import { startServer, type RunningServer } from "../support/server-process";

// A customer's page in the back office: the super admin finds a guest buyer by phone, opens the
// detail (orders, lifetime value in en-IN rupees) and adds a staff note; both pages pass axe.
const OWNER = { email: "owner@glacial.in", password: "a long owner passphrase", roles: ["super_admin" as const] };

const charge = { totalPaise: 0, gstRatePercent: 18, taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 };
const address = { name: "Kavya Menon", line1: "9 MG Road", city: "Kochi", stateCode: "32", pin: "682016" };

describe("customers in Chromium", () => {
  let browser: Browser;
  let server: RunningServer;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await prepareDemoStore(async (database) => {
      await seedStaff(database, [OWNER]);
      // Two paid guest orders under one address written in two ways: ₹1,299 and ₹2,500.50 (₹3,799.50,
      // shown in whole rupees by the shop's one formatter: ₹3,800; average ₹1,899.75: ₹1,900).
      for (const [n, email, total] of [
        [1, "kavya@example.in", 129_900],
        [2, "Kavya@Example.in", 250_050],
      ] as const) {
        await database.db.insert(orders).values({
          number: `GL-90000${n}`,
          status: "delivered",
          paymentMethod: "cod",
          paymentStatus: "cod_collected",
          email,
          phone: "+919447012345",
          shippingAddress: address,
          billingAddress: address,
          supplierStateCode: "29",
          placeOfSupplyStateCode: "32",
          subtotalPaise: total,
          shipping: charge,
          codFee: charge,
          taxablePaise: Math.round(total / 1.18),
          cgstPaise: 0,
          sgstPaise: 0,
          igstPaise: total - Math.round(total / 1.18),
          roundOffPaise: 0,
          totalPaise: total,
          idempotencyKey: `k_browser_customer_${n}`,
          cartDigest: "digest",
          accessTokenHash: "hash",
        });
      }
    }, "glacial-customers-");
    server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: "warn" });
    browser = await launchBrowser();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("finds a guest buyer by phone, shows their orders and value, and takes a note", async () => {
    const base = server.url;
    const context = await signedInContext(browser, base, OWNER);
    const page = await context.newPage();
    await page.goto(`${base}/admin/customers`);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Customers");

    const search = page.getByRole("form", { name: "Find customers" });
    await search.getByLabel("Search").fill("94470 12345");
    await search.getByRole("button", { name: "Show" }).click();
    await page.waitForURL(/q=94470/);
    const row = page.getByRole("row", { name: /Kavya Menon/ });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain("₹3,800");
    await expectAccessible(page);

    await row.getByRole("link", { name: "Kavya Menon" }).click();
    await page.waitForURL(/\/admin\/customers\/g-[0-9a-f]{32}$/);
    // A client-side navigation: the address changes before the new page is drawn.
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Kavya Menon");
    const figures = page.getByRole("definition");
    expect(await figures.allTextContents()).toEqual(expect.arrayContaining(["₹3,800", "₹1,900"]));
    expect(await page.getByRole("link", { name: "GL-900001" }).getAttribute("href")).toMatch(/^\/admin\/orders\/[0-9a-f-]{36}$/);

    await page.getByLabel("New note").fill("Asked for gift wrapping on every order.");
    await page.getByRole("button", { name: "Add note" }).click();
    await expect.poll(() => page.getByText("Note added.").count()).toBe(1);
    expect(await page.getByText("Asked for gift wrapping on every order.").count()).toBe(1);
    expect(await page.getByLabel("New note").inputValue()).toBe("");

    // The erasure dialog: focus moves into it and back out on Cancel.
    await page.getByRole("button", { name: "Erase personal data" }).click();
    const dialog = page.getByRole("dialog");
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await context.close();
  });
});
