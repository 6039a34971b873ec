import fs from "node:fs";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { displaySetupCode, setupCodeFor } from "~/modules/staff/first-run.server";
import { startAdminServer, type AdminServer } from "../support/admin-server";
import { expectAccessible, launchBrowser } from "../support/browser";

// A new shop's owner opens /admin, types the setup code from the server's log and becomes the
// first super admin; the screen then no longer exists.
describe("the first-run setup screen in Chromium", () => {
  let browser: Browser;
  let server: AdminServer;

  beforeAll(async () => {
    server = await startAdminServer([], { LOG_LEVEL: "info" });
    browser = await launchBrowser();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("refuses a wrong code beside its field, creates the owner with the logged code, then is gone", async () => {
    const secret = fs.readFileSync(path.join(server.dataDir, "auth-secret"), "utf8").trim();
    const code = displaySetupCode(setupCodeFor(secret));
    expect(server.output()).toContain(code);

    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/admin`);
    expect(page.url()).toBe(`${server.url}/admin/setup`);
    await expect.poll(() => page.title()).toBe("Set up your shop | GLACIAL Admin");
    await expectAccessible(page);

    await page.getByLabel("Setup code").fill("AAAA-BBBB-CCCC");
    await page.getByLabel("Your email").fill("owner@glacial.in");
    await page.getByLabel("Password", { exact: true }).fill("a long owner passphrase");
    await page.getByLabel("Repeat the password").fill("a long owner passphrase");
    await page.getByRole("button", { name: "Create the owner's account" }).click();
    const codeField = page.getByLabel("Setup code");
    await expect.poll(() => codeField.getAttribute("aria-invalid")).toBe("true");
    // The field's error is what its description points at, so a screen reader reads it with the field.
    const described = (await codeField.getAttribute("aria-describedby"))!.split(" ");
    const said = await Promise.all(described.map((id) => page.locator(`[id="${id}"]`).textContent()));
    expect(said).toContain("That is not this shop's setup code. Copy it from the server's log.");
    expect(await page.getByRole("alert").textContent()).toBe("Correct the field marked below.");
    // What was typed stays; the passwords are typed again.
    expect(await page.getByLabel("Your email").inputValue()).toBe("owner@glacial.in");
    await expectAccessible(page);

    // Typed the way people copy codes: lower case, without dashes.
    await codeField.fill(code.toLowerCase().replaceAll("-", ""));
    await page.getByLabel("Password", { exact: true }).fill("a long owner passphrase");
    await page.getByLabel("Repeat the password").fill("a long owner passphrase");
    await page.getByRole("button", { name: "Create the owner's account" }).click();
    await page.waitForURL(`${server.url}/admin/dashboard`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Dashboard");

    // Gone for good: the owner, and anyone else, gets a 404 there; sign-in is the way in.
    const again = await page.goto(`${server.url}/admin/setup`);
    expect(again?.status()).toBe(404);
    const stranger = await browser.newContext();
    const other = await stranger.newPage();
    expect((await other.goto(`${server.url}/admin/setup`))?.status()).toBe(404);
    await other.goto(`${server.url}/admin`);
    expect(other.url()).toBe(`${server.url}/admin/login`);
    await stranger.close();
    await context.close();
  });
});
