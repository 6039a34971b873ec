import fs from "node:fs";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "~/lib/logger.server";
import { createMailer, listOutbox } from "~/modules/mail/mail.server";
import { sendCartReminder } from "~/modules/orders/cart-reminders.server";
import type { OrderDeps } from "~/modules/orders/order-deps.server";
import { checkoutReminders } from "~/modules/orders/schema";
import { prepareDemoStore, type AdminServer } from "../support/admin-server";
import { expectAccessible, launchBrowser } from "../support/browser";
import { startServer } from "../support/server-process";
import { createProduct, idempotencyKey } from "../support/shoppers";

// A cart reminder read on another device: its link brings the left checkout's lines back into an
// empty browser and lands on checkout; its stop link asks, then stops.

const SEED_URL = "http://seed.invalid";

describe("cart reminders in Chromium", () => {
  let browser: Browser;
  let server: AdminServer;
  let base: string;
  /** Path of each reminder's links, by address. */
  const links = new Map<string, { restore: string; stop: string }>();

  beforeAll(async () => {
    const dataDir = await prepareDemoStore(async (database) => {
      const flask = await createProduct(database.db, "reminder-flask", { pricePaise: 99_900, stock: 20 });
      const tumbler = await createProduct(database.db, "reminder-tumbler", { pricePaise: 69_900, stock: 20 });
      const deps = { db: database.db, mailer: createMailer(database.db, { from: "GLACIAL <no-reply@glacial.in>", log: createLogger("silent"), publicUrl: SEED_URL }), config: { publicUrl: SEED_URL } } as unknown as OrderDeps;
      for (const email of ["left.it@example.in", "one.click@example.in"]) {
        // A checkout left an hour ago, its reminder due now (what the checkout page's report and the delay make).
        const key = idempotencyKey();
        const lines = [{ variantId: flask.variantId, quantity: 2 }, { variantId: tumbler.variantId, quantity: 1, engraving: "ASHA" }];
        await database.db.insert(checkoutReminders).values({ checkoutKey: key, email, name: "Asha", lines, remindAt: new Date(Date.now() - 60_000) });
        expect(await sendCartReminder(deps, key)).toBe("sent");
        const mail = (await listOutbox(database.db)).find((m) => m.to === email)!;
        const path = (name: string) => new RegExp(`${SEED_URL}(/${name}/[0-9a-f-]{36})`).exec(mail.text ?? "")![1]!;
        links.set(email, { restore: path("cart/restore"), stop: path("unsubscribe/cart-reminders") });
      }
    }, "glacial-reminders-");
    server = Object.assign(await startServer({ DATA_DIR: dataDir, LOG_LEVEL: "warn" }), { dataDir });
    base = server.url;
    browser = await launchBrowser();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  it("the reminder's link, opened in a browser that never saw the cart, lands on checkout with the cart's lines", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${base}${links.get("left.it@example.in")!.restore}`);
    await page.waitForURL(`${base}/checkout`);
    const summary = page.getByRole("region", { name: "Order summary" });
    await expect.poll(() => summary.getByText("reminder flask × 2").count()).toBe(1);
    expect(await summary.getByText("reminder tumbler × 1").count()).toBe(1);
    expect(await summary.getByText("Engraving: “ASHA”").count()).toBe(1);
    // The browser's own cart holds them too (the header's cart button counts them), so they stay after a reload.
    await expect.poll(() => page.getByRole("button", { name: /^Cart/ }).first().getAttribute("aria-label")).toMatch(/3 items/);
    await expectAccessible(page);
    await page.reload();
    await expect.poll(() => summary.getByText("reminder flask × 2").count()).toBe(1);
    await context.close();
  });

  it("the stop link asks, then stops; a mail app's one-click post is taken from another site", async () => {
    // What Gmail's "Unsubscribe" does: a POST from its servers, no Origin, the RFC 8058 body.
    const oneClick = await fetch(`${base}${links.get("one.click@example.in")!.stop}`, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click" });
    expect(oneClick.status).toBe(200);
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${base}${links.get("one.click@example.in")!.stop}`);
    expect(await page.getByRole("heading", { name: "Cart reminders stopped" }).count()).toBe(1);

    await page.goto(`${base}${links.get("left.it@example.in")!.stop}`);
    expect(await page.getByRole("heading", { name: "Stop cart reminders?" }).count()).toBe(1);
    await expectAccessible(page);
    await page.getByRole("button", { name: "Stop cart reminders" }).click();
    await expect.poll(() => page.getByRole("heading", { name: "Cart reminders stopped" }).count()).toBe(1);
    expect(await page.getByText(/no more cart reminders to le\*+@example\.in/).count()).toBe(1);
    await context.close();
  });
});
