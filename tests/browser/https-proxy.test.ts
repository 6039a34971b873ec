import fs from "node:fs";
import { chromium, type Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAdminServer, type AdminServer } from "../support/admin-server";
import { CHROMIUM_ARGS } from "../support/browser";
import { freePort } from "../support/server-process";
import { hydrated } from "../support/storefront";
import { startTlsProxy, type TlsProxy } from "../support/tls-proxy";

// The shop as it is deployed: behind a TLS-terminating reverse proxy (nginx), configured as the
// README says (TRUST_PROXY=true, PUBLIC_URL the https address). The browser only ever speaks
// https to the proxy; the shop sees plain http from 127.0.0.1.
const OWNER = { email: "owner@glacial.in", password: "a long owner passphrase", roles: ["super_admin" as const] };

describe("behind a TLS-terminating reverse proxy", () => {
  let server: AdminServer;
  let proxy: TlsProxy;
  let browser: Browser;

  beforeAll(async () => {
    const proxyPort = await freePort();
    server = await startAdminServer([OWNER], { TRUST_PROXY: "true", PUBLIC_URL: `https://localhost:${proxyPort}` });
    proxy = await startTlsProxy(proxyPort, server.port);
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      // The proxy's certificate is a throwaway one made for this test.
      args: [...CHROMIUM_ARGS, "--ignore-certificate-errors"],
    });
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await proxy?.stop();
    await server?.stop();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  it("signs staff in, saves an admin form and carries a chat message, all over https", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();

    await page.goto(`${proxy.url}/admin/login`);
    await page.getByLabel("Email").fill(OWNER.email);
    await page.getByLabel("Password").fill(OWNER.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${proxy.url}/admin/dashboard`);
    // The session cookie is marked Secure, as it must be on an https shop.
    const session = (await context.cookies()).find((c) => /session_token/.test(c.name));
    expect(session?.secure).toBe(true);

    await page.goto(`${proxy.url}/admin/settings`);
    await page.getByLabel("Contact phone").fill("+91 98765 43210");
    await page.getByRole("button", { name: "Save store details" }).click();
    await expect.poll(() => page.getByRole("status").filter({ hasText: "Store details saved." }).count(), { timeout: 15_000 }).toBe(1);
    await page.reload();
    expect(await page.getByLabel("Contact phone").inputValue()).toBe("+91 98765 43210");

    const visitor = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await visitor.goto(`${proxy.url}/`);
    await hydrated(visitor);
    await visitor.getByRole("button", { name: "Open support chat" }).click();
    const panel = visitor.getByRole("dialog", { name: "GLACIAL Support" });
    await panel.getByLabel("Name").fill("Asha");
    await panel.getByRole("button", { name: "Start Chat" }).click();
    const box = panel.getByLabel("Type your message");
    await box.fill("How long do bottles keep drinks cold?");
    await box.press("Enter");
    const thread = panel.getByRole("log", { name: "Chat messages" });
    await expect.poll(() => thread.getByRole("listitem").filter({ hasText: "How long do bottles keep drinks cold?" }).count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => thread.getByRole("listitem").filter({ hasText: "keeps drinks cold" }).count(), { timeout: 15_000 }).toBeGreaterThan(0);

    // The staff inbox, over the same proxy, shows the conversation.
    await page.goto(`${proxy.url}/admin/support`);
    await expect.poll(() => page.getByRole("link", { name: /Asha/ }).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await context.close();
  });
});
