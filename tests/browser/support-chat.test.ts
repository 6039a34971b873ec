import os from "node:os";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BOT_TEXT } from "~/modules/support/bot.server";
import { EMAIL_INVALID, PHONE_INVALID } from "~/modules/support/chat-input";
import { startAdminServer } from "../support/admin-server";
import { expectAccessible, holdRequests, launchBrowser } from "../support/browser";
import { freePort, type RunningServer } from "../support/server-process";
import { openStorefront } from "../support/storefront";

// The chat end to end in Chromium, on a server of its own: a support user is created in its
// demo store before it starts (the shared server holds its store's lock).
const STAFF = { email: "priya@glacial.in", password: "a long support passphrase" };

describe("support chat in Chromium", () => {
  let browser: Browser;
  let server: RunningServer;
  let url: string;
  let firstConversationId: string | undefined;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    const port = await freePort();
    server = await startAdminServer([{ ...STAFF, roles: ["support"] }], { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` });
    url = server.url;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    await browser?.close();
    await server?.stop("SIGTERM");
  });

  // The marketing popup is kept away (its own tests show it): a modal over the chat would take
  // the typing meant for the chat box.
  const newPage = async (): Promise<Page> => {
    const { context } = await openStorefront(browser);
    contexts.push(context);
    return context.newPage();
  };

  const openWidget = async (page: Page) => {
    await page.getByRole("button", { name: "Open support chat" }).click();
    return page.getByRole("dialog", { name: "GLACIAL Support" });
  };

  const startChat = async (page: Page, name: string) => {
    const panel = await openWidget(page);
    await panel.getByLabel("Name").fill(name);
    await panel.getByRole("button", { name: "Start Chat" }).click();
    await expect.poll(() => panel.getByText("Start a conversation with our support team.").isVisible()).toBe(true);
    return panel;
  };

  const say = async (panel: ReturnType<Page["getByRole"]>, text: string) => {
    const box = panel.getByLabel("Type your message");
    await box.fill(text);
    await box.press("Enter");
  };

  it("visitor chats with the bot, asks for a human; staff see it live, reply, and the visitor sees the reply live", async () => {
    const staff = await newPage();
    await staff.goto(`${url}/admin/login`);
    await staff.getByLabel("Email").fill(STAFF.email);
    await staff.getByLabel("Password").fill(STAFF.password);
    await staff.getByRole("button", { name: "Sign in" }).click();
    await staff.waitForURL(`${url}/admin/dashboard`);
    await staff.goto(`${url}/admin/support`);
    await expect.poll(() => staff.getByRole("heading", { level: 1 }).textContent()).toBe("Support");
    await expect.poll(() => staff.getByText("Live", { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => staff.getByText("No conversations match.").isVisible()).toBe(true);

    const visitor = await newPage();
    await visitor.goto(`${url}/`);
    const panel = await startChat(visitor, "Asha");
    const button = visitor.getByRole("button", { name: "Close support chat" }).first();
    expect(await button.getAttribute("aria-expanded")).toBe("true");

    // Hold the send until the typing indicator has been seen (a fixed hold raced a busy machine).
    const send = await holdRequests(visitor, "**/api/support/chat");
    await say(panel, "How long do bottles keep drinks cold?");
    const thread = panel.getByRole("log", { name: "Chat messages" });
    await expect.poll(() => thread.getByText("How long do bottles keep drinks cold?").isVisible()).toBe(true);
    await expect.poll(() => panel.getByText("AI is typing").isVisible()).toBe(true);
    send.release();
    await expect.poll(() => thread.getByText(/keeps drinks cold for up to 24 hours and hot for up to 12 hours/).isVisible()).toBe(true);
    await expect.poll(() => panel.getByText("AI is typing").count()).toBe(0);
    await visitor.unroute("**/api/support/chat");
    const faqLink = thread.getByRole("link", { name: "/faq" });
    expect(await faqLink.getAttribute("href")).toBe("/faq");
    const bot = thread.getByRole("listitem").filter({ hasText: "keeps drinks cold" });
    expect(await bot.getAttribute("data-sender")).toBe("ai");
    expect(await bot.textContent()).toContain("GLACIAL Assistant (AI)");
    const mine = thread.getByRole("listitem").filter({ hasText: "How long do bottles" });
    expect(await mine.getAttribute("data-sender")).toBe("visitor");
    expect(await mine.evaluate((el) => getComputedStyle(el).alignItems)).toBe("flex-end");
    expect(await bot.evaluate((el) => getComputedStyle(el).alignItems)).toBe("flex-start");

    // The new conversation appears in the open inbox without a reload, with a toast.
    await expect.poll(() => staff.getByText("New support chat from Asha").isVisible()).toBe(true);
    const row = staff.getByRole("link", { name: /Asha/ });
    await expect.poll(() => row.isVisible()).toBe(true);

    await say(panel, "talk to a human");
    await expect.poll(() => thread.getByText(BOT_TEXT.handoverAsked).isVisible()).toBe(true);
    await expect.poll(() => row.textContent()).toContain("Waiting for staff");
    await expect.poll(() => staff.getByText("Asha is waiting for a reply").isVisible()).toBe(true);

    await row.click();
    await expect.poll(() => staff.getByRole("heading", { name: "Asha", level: 2 }).isVisible()).toBe(true);
    await expect.poll(() => staff.getByRole("list", { name: "Messages" }).getByText("talk to a human").isVisible()).toBe(true);
    await expectAccessible(staff);
    await staff.getByLabel("Reply to Asha").fill("Hi Asha, Priya here. How can I help?");
    await staff.getByRole("button", { name: "Send reply" }).click();

    // The visitor sees the reply live, from a staff member, styled as staff.
    const reply = thread.getByRole("listitem").filter({ hasText: "Priya here" });
    await expect.poll(() => reply.isVisible()).toBe(true);
    expect(await reply.getAttribute("data-sender")).toBe("staff");
    expect(await reply.textContent()).toContain("priya (GLACIAL team)");
    await expectAccessible(visitor);

    // The bot stays silent now; the conversation survives a reload.
    const stored = await visitor.evaluate(() => JSON.parse(localStorage.getItem("support_chat") ?? "null"));
    expect(stored).toMatchObject({ visitor: { name: "Asha" }, conversationId: expect.any(String), token: expect.any(String) });
    firstConversationId = stored.conversationId;
    await visitor.reload();
    const again = await openWidget(visitor);
    await expect.poll(() => again.getByText("Hi Asha, Priya here. How can I help?").isVisible()).toBe(true);
    expect(await again.getByRole("log").getByRole("listitem").count()).toBe(5);
  });

  it("intake: a blank name gives the 'Name Required' notice; a bad phone or email is explained; nothing starts", async () => {
    const page = await newPage();
    await page.goto(`${url}/`);
    const chatButton = await page.getByRole("button", { name: "Open support chat" }).boundingBox();
    expect(chatButton!.x).toBeLessThan(40);
    expect(chatButton!.width).toBe(chatButton!.height);
    const panel = await openWidget(page);
    // The panel may be the early-tap script's stand-in for a moment before React's own takes its
    // place (during the swap the dialog has no box): both are 380 x 600, so the size is read once
    // one is shown.
    await expect.poll(async () => {
      const box = await panel.boundingBox();
      return box && [box.width, box.height];
    }).toEqual([380, 600]);
    await panel.getByLabel("Name").fill("   ");
    await panel.getByRole("button", { name: "Start Chat" }).click();
    await expect.poll(() => page.getByText("Name Required").isVisible()).toBe(true);
    await expect.poll(() => page.getByText("Please provide your name to start chat").isVisible()).toBe(true);

    await panel.getByLabel("Name").fill("Ravi");
    await panel.getByLabel(/Email/).fill("ravi@");
    await panel.getByLabel(/Phone/).fill("12345");
    await panel.getByRole("button", { name: "Start Chat" }).click();
    await expect.poll(() => panel.getByText(PHONE_INVALID).isVisible()).toBe(true);
    expect(await panel.getByText(EMAIL_INVALID).isVisible()).toBe(true);
    expect(await panel.getByLabel(/Phone/).getAttribute("aria-invalid")).toBe("true");
    expect(await page.evaluate(() => localStorage.getItem("support_chat"))).toBeNull();
    await expectAccessible(page);

    await panel.getByLabel(/Email/).fill("");
    await panel.getByLabel(/Phone/).fill("+91 98765 43210");
    await panel.getByRole("button", { name: "Start Chat" }).click();
    await expect.poll(() => panel.getByText("Start a conversation with our support team.").isVisible()).toBe(true);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem("support_chat")!).visitor)).toEqual({ name: "Ravi", phone: "+919876543210" });
    // Escape closes the panel and gives focus back to the chat button.
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Open support chat");

    // Below 480 px the panel takes the whole screen.
    await page.setViewportSize({ width: 400, height: 700 });
    const small = await openWidget(page);
    expect(await small.boundingBox()).toEqual({ x: 0, y: 0, width: 400, height: 700 });
    await page.screenshot({ path: path.join(os.tmpdir(), "glacial-support-chat-mobile.png") });
  });

  it("a failed send removes the temporary message and says 'Error' / 'Failed to send message. Please try again.'", async () => {
    const page = await newPage();
    await page.goto(`${url}/`);
    const panel = await startChat(page, "Kiran");
    // The send fails, once the temporary message has been seen.
    const send = await holdRequests(page, "**/api/support/chat", "abort");
    await say(panel, "Hello there");
    const thread = panel.getByRole("log");
    await expect.poll(() => thread.getByText("Hello there").isVisible()).toBe(true);
    send.release();
    await expect.poll(() => page.getByText("Failed to send message. Please try again.").isVisible()).toBe(true);
    expect(await page.getByText("Error", { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => thread.getByText("Hello there").count()).toBe(0);
    expect(await panel.getByText("Start a conversation with our support team.").isVisible()).toBe(true);
    // The text stays in the box to try again, and Shift+Enter adds a line instead of sending.
    const box = panel.getByLabel("Type your message");
    expect(await box.inputValue()).toBe("Hello there");
    await box.press("Shift+Enter");
    expect(await box.inputValue()).toBe("Hello there\n");
  });

  it("a message typed while the last is still on its way is sent after it, in order, in the same conversation", async () => {
    const page = await newPage();
    await page.goto(`${url}/`);
    const panel = await startChat(page, "Meera");
    // The first send (which creates the conversation) is held on its way; the shopper types on.
    const send = await holdRequests(page, "**/api/support/chat");
    await say(panel, "First question");
    await say(panel, "Second question");
    const visitorLines = () => panel.getByRole("log").locator('li[data-sender="visitor"]').allTextContents();
    await expect.poll(async () => (await visitorLines()).join(" | ")).toMatch(/First question.*\| .*Second question/);
    // Neither was dropped nor sent out of turn: the second waits for the first's answer.
    send.release();
    await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem("support_chat") ?? "{}").conversationId ?? null)).not.toBeNull();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("support_chat") ?? "{}") as { conversationId: string; token: string });
    const visitorMessages = async () => {
      const res = await page.request.get(`${url}/api/support/conversations/${stored.conversationId}/messages`, { headers: { "X-Visitor-Token": stored.token } });
      const body = (await res.json()) as { messages: { senderType: string; message: string }[] };
      return body.messages.filter((m) => m.senderType === "visitor").map((m) => m.message);
    };
    await expect.poll(visitorMessages).toEqual(["First question", "Second question"]);
    await expect.poll(async () => (await visitorLines()).length).toBe(2);
    expect(await panel.getByLabel("Type your message").inputValue()).toBe("");
  });

  it("a second visitor cannot read the first visitor's conversation by its id", async () => {
    expect(firstConversationId).toBeDefined();
    const page = await newPage();
    await page.addInitScript((id) => {
      if (!sessionStorage.getItem("seeded")) {
        localStorage.setItem("support_chat", JSON.stringify({ visitor: { name: "Eve" }, conversationId: id, token: "guessed-token" }));
        sessionStorage.setItem("seeded", "1");
      }
    }, firstConversationId!);
    await page.goto(`${url}/`);
    const direct = await page.request.get(`${url}/api/support/conversations/${firstConversationId}/messages`, { headers: { "X-Visitor-Token": "guessed-token" } });
    expect(direct.status()).toBe(404);
    expect(await page.request.get(`${url}/api/support/conversations/${firstConversationId}/stream`, { headers: { "X-Visitor-Token": "guessed-token" } }).then((r) => r.status())).toBe(404);
    const panel = await openWidget(page);
    // The widget drops the conversation it may not read and starts afresh.
    await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem("support_chat") ?? "{}").conversationId ?? null), { timeout: 10_000 }).toBeNull();
    await expect.poll(() => panel.getByText("Start a conversation with our support team.").isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await panel.getByText("Priya here").count()).toBe(0);
  });
});
