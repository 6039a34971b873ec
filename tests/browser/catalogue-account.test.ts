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

  it("answers 429 with the lockout message once an email has failed 5 times, like the staff sign-in", async () => {
    const email = `guess-${Date.now()}@example.in`;
    const attempt = () =>
      fetch(`${baseUrl}/login`, {
        method: "POST",
        headers: { Origin: baseUrl, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ email, password: "not the password", redirectTo: "/" }),
      });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await attempt()).status);
    expect(statuses).toEqual([400, 400, 400, 400]);
    const fifth = await attempt();
    expect(fifth.status).toBe(429);
    expect(await fifth.text()).toContain("Too many failed sign-in attempts. Try again in 15 minutes.");
  });
});
