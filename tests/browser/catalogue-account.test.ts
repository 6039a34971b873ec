import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { expectAccessible, launchBrowser } from "../support/browser";

describe("shopper account pages in Chromium", () => {
  let browser: Browser;
  const baseUrl = inject("baseUrl");
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it("registers, lands on the site root signed in, logs out and signs in again", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const email = `shopper-${Date.now()}@example.in`;
    await page.goto(`${baseUrl}/register`);
    await expectAccessible(page);
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill("short");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect.poll(() => page.getByText("Password must be at least 10 characters.").count()).toBe(1);
    await page.getByLabel("Password", { exact: true }).fill("a long passphrase");
    await Promise.all([page.waitForURL(`${baseUrl}/`), page.getByRole("button", { name: "Create account" }).click()]);
    expect((await context.cookies()).some((c) => c.name.includes("session_token"))).toBe(true);

    await page.goto(`${baseUrl}/login`);
    expect(await page.getByText(`You are signed in as ${email}.`).count()).toBe(1);
    await Promise.all([page.waitForURL(`${baseUrl}/login`), page.getByRole("button", { name: "Log out" }).click()]);
    await expect.poll(() => page.getByRole("heading", { name: "Sign in" }).count()).toBe(1);

    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill("wrong password!");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toBe("Invalid email or password.");
    await page.getByLabel("Password", { exact: true }).fill("a long passphrase");
    await Promise.all([page.waitForURL(`${baseUrl}/`), page.getByRole("button", { name: "Sign in" }).click()]);
    await page.goto(`${baseUrl}/login`);
    expect(await page.getByText(`You are signed in as ${email}.`).count()).toBe(1);
    await context.close();
  });
});
