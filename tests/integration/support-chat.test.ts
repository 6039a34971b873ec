import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TOPICS } from "~/modules/events/topics";
import { BOT_TEXT } from "~/modules/support/bot.server";
import { MESSAGE_TOO_LONG, type ChatMessage } from "~/modules/support/chat-input";
import { hashSecret, insertMessage, lockConversation, publishMessage, type MessageEvent, type StoredMessage } from "~/modules/support/conversations.server";
import { supportDeps } from "~/modules/support/deps.server";
import { TOO_MANY_MESSAGES } from "~/modules/support/errors";
import {
  assignConversation,
  createCannedReply,
  deleteCannedReply,
  getConversationDetail,
  listCannedReplies,
  listInbox,
  markSeen,
  replyAsStaff,
  setConversationStatus,
  supportBadgeCount,
  updateCannedReply,
} from "~/modules/support/inbox.server";
import { supportConversations } from "~/modules/support/schema";
import { streamHubFor } from "~/modules/support/stream-hub.server";
import { upsertStaffUser } from "~/modules/staff/staff-users.server";
import type { AppServices } from "~/services.server";
import { supportApi } from "../../server/support-api";
import { sseReader } from "../support/sse";
import { openTestServices } from "../support/support-services";
import { DRIVERS } from "../support/test-database";

type SendBody = { conversationId: string; visitorToken?: string; messages: ChatMessage[]; error?: string };

describe.each(DRIVERS)("support chat on %s", (kind) => {
  let services: AppServices;
  let app: Hono;
  let ipCounter = 0;

  beforeAll(async () => {
    services = await openTestServices(kind);
    app = new Hono().route(
      "/api/support",
      // No socket here: the address every limit counts (clientIpOf) is the last X-Forwarded-For hop.
      supportApi(services, { keepAliveMs: 100 }),
    );
  });
  afterAll(async () => {
    await services?.close();
  });

  const freshIp = () => `198.51.100.${++ipCounter}`;

  async function send(body: Record<string, unknown>, opts: { token?: string; ip?: string } = {}) {
    const res = await app.request("/api/support/chat", {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": opts.ip ?? freshIp(), ...(opts.token ? { "X-Visitor-Token": opts.token } : {}) },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as SendBody };
  }

  async function start(message = "Hello!", visitorInfo: Record<string, string> = { name: "Asha" }) {
    const r = await send({ conversationId: null, message, visitorInfo, page: "/" });
    expect(r.status).toBe(200);
    return { id: r.body.conversationId, token: r.body.visitorToken!, messages: r.body.messages };
  }

  const next = (id: string, token: string, text: string) => send({ conversationId: id, message: text }, { token });

  async function history(id: string, token: string | undefined) {
    const res = await app.request(`/api/support/conversations/${id}/messages`, { headers: token ? { "X-Visitor-Token": token } : {} });
    return { status: res.status, body: (await res.json()) as { messages: ChatMessage[]; error?: string } };
  }

  it("creates a conversation on the first message, keeps only the token's hash, and returns the history in order", async () => {
    const r = await send({
      conversationId: null,
      message: "  Hello!  ",
      visitorInfo: { name: " Asha Rao ", email: "asha@example.in", phone: "98765 43210" },
      page: "/product/chai-tumbler",
    });
    expect(r.status).toBe(200);
    const { conversationId, visitorToken, messages } = r.body;
    expect(visitorToken).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(messages[0]).toMatchObject({ senderType: "visitor", senderName: "Asha Rao", message: "Hello!" });
    expect(messages[1]).toMatchObject({ senderType: "ai", senderName: "GLACIAL Assistant" });
    expect(messages[1]!.message).toContain("Hi Asha Rao!");

    const [row] = await services.db.select().from(supportConversations).where(eq(supportConversations.id, conversationId));
    expect(row).toMatchObject({ visitorName: "Asha Rao", visitorEmail: "asha@example.in", visitorPhone: "+919876543210", status: "open" });
    expect(row!.visitorTokenHash).toBe(hashSecret(visitorToken!));
    expect(JSON.stringify(row)).not.toContain(visitorToken);
    expect(row!.pagesVisited).toEqual(["/product/chai-tumbler"]);

    await next(conversationId, visitorToken!, "Thanks");
    const h = await history(conversationId, visitorToken);
    expect(h.status).toBe(200);
    expect(h.body.messages.map((m) => m.message)).toEqual(["Hello!", messages[1]!.message, "Thanks", BOT_TEXT.thanks]);
    const times = h.body.messages.map((m) => Date.parse(m.createdAt));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it("refuses bad input with a specific message and stores nothing", async () => {
    const before = await services.db.select().from(supportConversations);
    const blankName = await send({ conversationId: null, message: "Hi", visitorInfo: { name: "   " } });
    expect(blankName).toMatchObject({ status: 400, body: { error: "Please provide your name to start chat" } });
    const badPhone = await send({ conversationId: null, message: "Hi", visitorInfo: { name: "A", phone: "12345" } });
    expect(badPhone.status).toBe(400);
    expect(badPhone.body.error).toMatch(/Indian mobile number/);
    const blank = await send({ conversationId: null, message: " \n ", visitorInfo: { name: "A" } });
    expect(blank.status).toBe(400);
    const notJson = await app.request("/api/support/chat", { method: "POST", body: "hello" });
    expect(notJson.status).toBe(400);
    expect(await services.db.select().from(supportConversations)).toHaveLength(before.length);
  });

  it("a second visitor cannot read, send to or stream the first visitor's conversation", async () => {
    const first = await start("First visitor's private question");
    const second = await start("Second visitor");
    expect((await history(first.id, second.token)).status).toBe(404);
    expect((await history(first.id, undefined)).status).toBe(404);
    expect((await history(first.id, "not-a-token")).body.error).toBe("Conversation not found.");
    expect((await next(first.id, second.token, "let me in")).status).toBe(404);
    const stream = await app.request(`/api/support/conversations/${first.id}/stream`, { headers: { "X-Visitor-Token": second.token } });
    expect(stream.status).toBe(404);
    // Nothing was added to the first conversation.
    const own = await history(first.id, first.token);
    expect(own.body.messages.filter((m) => m.senderType === "visitor").map((m) => m.message)).toEqual(["First visitor's private question"]);
  });

  it("refuses a message over 2,000 characters with a clear notice, and accepts exactly 2,000", async () => {
    const c = await start();
    const tooLong = await next(c.id, c.token, "x".repeat(2001));
    expect(tooLong).toMatchObject({ status: 400, body: { error: MESSAGE_TOO_LONG } });
    const exact = await next(c.id, c.token, "y".repeat(2000));
    expect(exact.status).toBe(200);
    expect(exact.body.messages[0]!.message).toHaveLength(2000);
  });

  it("allows 10 messages a minute per conversation", async () => {
    const c = await start("Hi");
    for (let i = 2; i <= 10; i++) expect((await next(c.id, c.token, `message ${i}`)).status).toBe(200);
    const eleventh = await next(c.id, c.token, "message 11");
    expect(eleventh).toMatchObject({ status: 429, body: { error: TOO_MANY_MESSAGES } });
    expect((await history(c.id, c.token)).body.messages.filter((m) => m.senderType === "visitor")).toHaveLength(10);
  });

  it("the bot answers a FAQ question with the right passage and its page, and a product question with price, stock and link", async () => {
    const c = await start();
    const faq = await next(c.id, c.token, "How long do bottles keep drinks cold?");
    const reply = faq.body.messages[1]!;
    expect(reply.senderType).toBe("ai");
    expect(reply.message).toContain("keeps drinks cold for up to 24 hours and hot for up to 12 hours");
    expect(reply.message).toContain("/faq");

    const dishwasher = await next(c.id, c.token, "Can I put it in the dishwasher?");
    expect(dishwasher.body.messages[1]!.message).toContain("do not put your bottle in the dishwasher");

    const shipping = await next(c.id, c.token, "Is shipping free?");
    expect(shipping.body.messages[1]!.message).toMatch(/free on orders over ₹4,999/i);

    const product = await next(c.id, c.token, "How much is the Chai Tumbler?");
    const answer = product.body.messages[1]!.message;
    expect(answer).toContain("Chai Tumbler: ₹999");
    expect(answer).toMatch(/In stock|out of stock/);
    expect(answer).toContain("/product/chai-tumbler");
  });

  it("says honestly when it has no answer, and hands over after the second unanswered question", async () => {
    const c = await start();
    const first = await next(c.id, c.token, "What is the capital of Peru?");
    expect(first.body.messages[1]!.message).toBe(BOT_TEXT.noMatch);
    const second = await next(c.id, c.token, "Do you repair bicycles?");
    expect(second.body.messages[1]!.message).toBe(BOT_TEXT.handoverUnmatched);
    const [row] = await services.db.select().from(supportConversations).where(eq(supportConversations.id, c.id));
    expect(row!.status).toBe("waiting_for_staff");
  });

  it("hands over on 'talk to a human', and stays silent once staff replied", async () => {
    const c = await start();
    const ask = await next(c.id, c.token, "I want to talk to a human");
    expect(ask.body.messages[1]).toMatchObject({ senderType: "ai", message: BOT_TEXT.handoverAsked });
    let detail = await getConversationDetail(services.db, c.id);
    expect(detail!.status).toBe("waiting_for_staff");

    const { id: staffId } = await upsertStaffUser(services.db, services.auth, { email: "priya@glacial.in", password: "a long support passphrase", roles: ["support"] });
    const reply = await replyAsStaff(supportDeps(services), { id: staffId, name: "priya", roles: ["support"] }, c.id, "Hi, Priya here. How can I help?");
    expect(reply).toMatchObject({ senderType: "support", senderName: "priya" });
    detail = await getConversationDetail(services.db, c.id);
    expect(detail).toMatchObject({ status: "open", assignedTo: staffId, assigneeName: "priya" });

    const after = await next(c.id, c.token, "How long do bottles keep drinks cold?");
    expect(after.body.messages).toHaveLength(1);
    const agent = await next(c.id, c.token, "agent");
    expect(agent.body.messages).toHaveLength(1);
    detail = await getConversationDetail(services.db, c.id);
    expect(detail!.status).toBe("waiting_for_staff");
    expect(detail!.messages.map((m) => m.senderType)).toEqual(["visitor", "ai", "visitor", "ai", "support", "visitor", "visitor"]);
  });

  it("streams new messages and resumes after Last-Event-ID without losing or repeating one; closes cleanly", async () => {
    const c = await start("Hello!");
    const hub = streamHubFor(supportDeps(services));
    const openStream = async (headers: Record<string, string> = {}, after?: number) => {
      const res = await app.request(`/api/support/conversations/${c.id}/stream${after !== undefined ? `?after=${after}` : ""}`, {
        headers: { "X-Visitor-Token": c.token, ...headers },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toContain("text/event-stream");
      return sseReader(res.body!);
    };

    const lastSeq = c.messages.at(-1)!.seq;
    const a = await openStream({}, lastSeq);
    await next(c.id, c.token, "Thanks");
    const e1 = await a.next();
    const e2 = await a.next();
    expect([JSON.parse(e1.data).message, JSON.parse(e2.data).message]).toEqual(["Thanks", BOT_TEXT.thanks]);
    expect(e1.id).toBe(String(JSON.parse(e1.data).seq));
    await a.waitForComment("keep-alive", 2000);
    await a.cancel();
    await expect.poll(() => hub.size()).toBe(0);

    // While disconnected: more messages, including a staff reply written at the same time.
    const ravi = await upsertStaffUser(services.db, services.auth, { email: "ravi@glacial.in", password: "a long support passphrase", roles: ["admin"] });
    const [visitorSend, staffReply] = await Promise.all([
      next(c.id, c.token, "Is the lid BPA-free?"),
      replyAsStaff(supportDeps(services), { id: ravi.id, name: "ravi", roles: ["admin"] }, c.id, "Ravi here."),
    ]);
    expect(visitorSend.status).toBe(200);
    expect(staffReply.senderType).toBe("admin");
    await next(c.id, c.token, "Great");

    const b = await openStream({ "Last-Event-ID": e2.id! }, lastSeq);
    const resumed = await b.drain(800);
    const all = (await history(c.id, c.token)).body.messages;
    const expected = all.filter((m) => m.seq > Number(e2.id));
    expect(resumed.map((e) => JSON.parse(e.data).id)).toEqual(expected.map((m) => m.id));
    expect(new Set(resumed.map((e) => e.id)).size).toBe(resumed.length);
    expect(expected.length).toBeGreaterThanOrEqual(3);
    await b.cancel();
    await expect.poll(() => hub.size()).toBe(0);
  });

  it("delivers every message once and in order when events arrive out of order, a stream is behind, or a message is too long to travel inline", async () => {
    const c = await start("Hello!");
    const deps = supportDeps(services);
    const lastSeq = c.messages.at(-1)!.seq;
    const open = async (after: number) => {
      const res = await app.request(`/api/support/conversations/${c.id}/stream?after=${after}`, { headers: { "X-Visitor-Token": c.token } });
      expect(res.status).toBe(200);
      return sseReader(res.body!);
    };
    const current = await open(lastSeq);
    const behind = await open(0);
    const seen: MessageEvent[] = [];
    const off = services.events.subscribe(TOPICS.supportMessage, (p) => seen.push(p as MessageEvent));

    const write = (text: string) =>
      services.db.transaction(async (tx): Promise<StoredMessage> => {
        await lockConversation(tx, c.id);
        return insertMessage(tx, c.id, { senderType: "admin", senderName: "Ravi", message: text });
      });
    const first = await write("First of two");
    const second = await write("Second of two");
    // Control characters are escaped six bytes each: over NOTIFY's 8000-byte limit as JSON.
    const long = await write("\u0001".repeat(2000));
    expect(second.prevSeq).toBe(first.message.seq);
    expect(first.prevSeq).toBe(lastSeq);
    // Another process's NOTIFY can overtake: publish the later message first.
    await publishMessage(deps, second);
    await publishMessage(deps, first);
    await publishMessage(deps, long);

    const expectedNew = [first.message.id, second.message.id, long.message.id];
    const got = await current.drain(1000);
    expect(got.map((e) => JSON.parse(e.data).id)).toEqual(expectedNew);
    const all = (await history(c.id, c.token)).body.messages.map((m) => m.id);
    const caughtUp = await behind.drain(500);
    expect(caughtUp.map((e) => JSON.parse(e.data).id)).toEqual(all);
    expect(all.slice(-3)).toEqual(expectedNew);

    // Short messages travel inline with their predecessor's seq; the long one as ids only. On
    // PostgreSQL the events of the conversation's first messages (sent before this subscription)
    // can still be arriving through LISTEN: count only the three published here, each once.
    const ours = () => seen.filter((e) => expectedNew.includes(e.messageId));
    await expect.poll(() => ours().length, { timeout: 5000 }).toBe(3);
    expect(new Set(ours().map((e) => e.messageId)).size).toBe(3);
    const byId = new Map(ours().map((e) => [e.messageId, e]));
    expect(byId.get(first.message.id)).toMatchObject({ prevSeq: lastSeq, message: { message: "First of two" } });
    expect(byId.get(long.message.id)?.message).toBeUndefined();
    expect(byId.get(long.message.id)?.prevSeq).toBe(second.message.seq);
    off();
    await current.cancel();
    await behind.cancel();
  });

  it("gives staff the inbox: list with unread, search and filters, seen, assign, close and reopen, badge, canned replies", async () => {
    const c = await start("Hello, I need help with a gift order", { name: "Meera Iyer", email: "meera@example.in" });
    const staff = await upsertStaffUser(services.db, services.auth, { email: "lead@glacial.in", password: "a long support passphrase", roles: ["admin"] });
    const deps = supportDeps(services);

    let rows = await listInbox(services.db, { q: "meera" }, staff.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ visitorName: "Meera Iyer", status: "open", unread: 1, isNew: true, assigneeName: null });
    expect(rows[0]).toMatchObject({ lastSender: "GLACIAL Assistant", lastMessage: BOT_TEXT.noMatch });
    expect(await listInbox(services.db, { q: "gift order" }, staff.id)).toHaveLength(1);
    expect(await listInbox(services.db, { q: "meera", status: "closed" }, staff.id)).toHaveLength(0);
    const badgeBefore = await supportBadgeCount(services.db);
    expect(badgeBefore).toBeGreaterThanOrEqual(1);

    await markSeen(deps, c.id);
    rows = await listInbox(services.db, { q: "meera" }, staff.id);
    expect(rows[0]).toMatchObject({ unread: 0, isNew: false });
    expect(await supportBadgeCount(services.db)).toBe(badgeBefore - 1);

    await assignConversation(deps, c.id, staff.id);
    expect((await listInbox(services.db, { assigned: "me" }, staff.id)).map((r) => r.id)).toContain(c.id);
    await expect(assignConversation(deps, c.id, crypto.randomUUID())).rejects.toThrow(/cannot be assigned/);
    await setConversationStatus(deps, c.id, "closed");
    expect((await listInbox(services.db, { status: "closed" }, staff.id)).map((r) => r.id)).toContain(c.id);
    await setConversationStatus(deps, c.id, "open");
    expect((await getConversationDetail(services.db, c.id))!.status).toBe("open");

    const created = await createCannedReply(services.db, { title: "Shipping times", body: "Orders ship in 1-2 working days." });
    await updateCannedReply(services.db, created.id, { title: "Shipping times", body: "Orders ship within 1-2 working days." });
    expect(await listCannedReplies(services.db)).toEqual([{ id: created.id, title: "Shipping times", body: "Orders ship within 1-2 working days." }]);
    await expect(createCannedReply(services.db, { title: " ", body: "x" })).rejects.toThrow(/title/);
    await deleteCannedReply(services.db, created.id);
    expect(await listCannedReplies(services.db)).toEqual([]);
  });
});
