import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAdminServer, type AdminServer } from "../support/admin-server";
import { expectAccessible, launchBrowser } from "../support/browser";

const PASSWORD = "a long test passphrase";

describe("admin sign-in, sign-out, password reset and lock-out in Chromium", () => {
  let browser: Browser;
  let server: AdminServer;
  let base: string;

  beforeAll(async () => {
    server = await startAdminServer([
      { email: "owner@glacial.in", password: PASSWORD, roles: ["super_admin"] },
      { email: "asha@glacial.in", password: PASSWORD, roles: ["admin"] },
      { email: "forgetful@glacial.in", password: PASSWORD, roles: ["support"] },
      { email: "target@glacial.in", password: PASSWORD, roles: ["viewer"] },
    ]);
    base = server.url;
    browser = await launchBrowser();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function signIn(page: Page, email: string, password: string) {
    await page.goto(`${base}/admin/login`);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
  }

  it("signs in to the dashboard, signs out to the login page, and the session is gone", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const first = await page.goto(`${base}/admin/dashboard`);
    expect(first?.url()).toBe(`${base}/admin/login`);
    await expect.poll(() => page.title()).toBe("Sign in | GLACIAL Admin");
    await expectAccessible(page);

    await signIn(page, "asha@glacial.in", PASSWORD);
    await page.waitForURL(`${base}/admin/dashboard`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Dashboard");
    expect(await page.getByText(/^Good (morning|afternoon|evening), asha\.$/).count()).toBe(1);

    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Log out" }).click();
    await page.waitForURL(`${base}/admin/login`);
    await page.goto(`${base}/admin/dashboard`);
    expect(page.url()).toBe(`${base}/admin/login`);
    await context.close();
  });

  it("answers an unknown email and a wrong password with the same message", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, "nobody@glacial.in", "not the password");
    const alert = page.getByRole("alert");
    await expect.poll(() => alert.textContent()).toBe("Invalid email or password.");
    await signIn(page, "asha@glacial.in", "not the password");
    await expect.poll(() => alert.textContent()).toBe("Invalid email or password.");
    await context.close();
  });

  it("resets a forgotten password through the link in the outbox, then signs in with the new one", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${base}/admin/login`);
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await page.waitForURL(`${base}/admin/forgot-password`);
    await expectAccessible(page);
    await page.getByLabel("Email").fill("forgetful@glacial.in");
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect.poll(() => page.getByRole("status").textContent()).toBe("If that email exists, a link is on its way.");
    // An unknown address gets exactly the same answer.
    await page.getByLabel("Email").fill("nobody@glacial.in");
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect.poll(() => page.getByRole("status").textContent()).toBe("If that email exists, a link is on its way.");

    // The owner reads the outbox (no SMTP configured) and finds the link.
    const ownerContext = await browser.newContext();
    const owner = await ownerContext.newPage();
    await signIn(owner, "owner@glacial.in", PASSWORD);
    await owner.waitForURL(`${base}/admin/dashboard`);
    await owner.goto(`${base}/admin/email-templates`);
    const mail = owner.getByRole("listitem").filter({ hasText: "To: forgetful@glacial.in" }).first();
    await mail.getByText("Show message").click();
    const href = await mail.getByRole("link").getAttribute("href");
    expect(href).toMatch(/\/admin\/reset-password\?token=/);
    await ownerContext.close();

    await page.goto(href!.replace(/^https?:\/\/[^/]+/, base));
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Reset password");
    await page.getByLabel("New password", { exact: true }).fill("qwertyuiop");
    await page.getByLabel("Repeat the new password").fill("qwertyuiop");
    await page.getByRole("button", { name: "Save password and sign in" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toMatch(/too common/);
    await page.getByLabel("New password", { exact: true }).fill("my new long passphrase");
    await page.getByLabel("Repeat the new password").fill("my new long passphrase");
    await page.getByRole("button", { name: "Save password and sign in" }).click();
    await page.waitForURL(`${base}/admin/dashboard`);

    const fresh = await browser.newContext();
    const check = await fresh.newPage();
    await signIn(check, "forgetful@glacial.in", PASSWORD);
    await expect.poll(() => check.getByRole("alert").textContent()).toBe("Invalid email or password.");
    await signIn(check, "forgetful@glacial.in", "my new long passphrase");
    await check.waitForURL(`${base}/admin/dashboard`);
    await fresh.close();
    await context.close();
  });

  it("locks the account out after 5 failed sign-ins, even for the right password", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    for (let i = 1; i <= 5; i++) {
      await signIn(page, "target@glacial.in", `wrong password ${i}`);
      await expect.poll(() => page.getByRole("alert").textContent()).toBe(i < 5 ? "Invalid email or password." : "Too many failed sign-in attempts. Try again in 15 minutes.");
    }
    await signIn(page, "target@glacial.in", PASSWORD);
    await expect.poll(() => page.getByRole("alert").textContent()).toMatch(/^Too many failed sign-in attempts\. Try again in 1[45] minutes\.$/);
    expect(page.url()).toBe(`${base}/admin/login`);
    await context.close();
  });
});
