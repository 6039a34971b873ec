import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "~/db/database.server";
import { CART_COOKIE } from "~/lib/cart/cart-cookie";
import { createLogger } from "~/lib/logger.server";
import { editorValues, loadProductForEditor } from "~/modules/catalog/catalog.server";
import { productVariants, products } from "~/modules/catalog/schema";
import { openJobQueue, type JobQueue } from "~/modules/jobs/jobs.server";
import { orderEvents, orders } from "~/modules/orders/schema";
import { setSetting } from "~/modules/settings/site-settings.server";
import type { ChatMessage } from "~/modules/support/chat-input";
import { seedStaff } from "../support/admin-server";
import { signInOverHttp } from "../support/staff-http";
import { startFakeRazorpay, type FakeRazorpay } from "../support/fake-razorpay";
import { asSearchParams, productEditorFields } from "../support/product-editor-form";
import { startServer, type RunningServer } from "../support/server-process";
import { sseReader } from "../support/sse";
import { createProduct, CHECKOUT_DETAILS } from "../support/shoppers";
import { createSeededPostgresDatabase } from "../support/test-database";

// Several server processes on one PostgreSQL (WEB_CONCURRENCY), proven on one real pair of
// built server processes, A and B, sharing a DATABASE_URL: what one process changes or stores
// reaches the other at once (LISTEN/NOTIFY: live chat, the maintenance gate, the page cache),
// a session made on one works on the other, background jobs run on both without doing anything
// twice, and a visitor whose process dies resumes on the other without losing or doubling a message.
// The embedded database serves one process by design, so this file needs TEST_DATABASE_URL.

const OWNER = { email: "owner@glacial.in", password: "a long owner passphrase", roles: ["super_admin" as const] };
const SHOPPER = { ...CHECKOUT_DETAILS, paymentMethod: "razorpay" };
/** Online orders placed at the start, whose one-minute holds run out while the other tests run. */
const HELD_ORDERS = 4;
const HELD_QUANTITY = 2;

describe.runIf(process.env.TEST_DATABASE_URL)("two server processes on one PostgreSQL", { timeout: 240_000 }, () => {
  let a: RunningServer;
  let b: RunningServer;
  let database: Database;
  let fake: FakeRazorpay;
  let drop: (() => Promise<void>) | undefined;
  let databaseUrl: string;
  let tmp: string;
  let owner: string; // the staff session's Cookie header, made on A
  let heldVariant: string;
  let stockBeforeHolds: number;
  const held: { id: string; number: string; placedOn: string }[] = [];

  const stockOf = async (variantId: string) => (await database.db.select({ s: productVariants.stockQuantity }).from(productVariants).where(eq(productVariants.id, variantId)))[0]!.s;

  async function post(base: string, pathname: string, fields: Record<string, string> | URLSearchParams, cookie?: string) {
    const res = await fetch(`${base}${pathname}`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) },
      body: fields instanceof URLSearchParams ? fields : new URLSearchParams(fields),
    });
    return { status: res.status, location: res.headers.get("location"), body: await res.text() };
  }

  /** Checkout as a shopper does it on `base`: open the page (its key and quote digest), then pay online. */
  async function placeOnlineOrder(base: string, variantId: string, quantity: number) {
    const cart = `${CART_COOKIE}=${encodeURIComponent(JSON.stringify([[variantId, quantity]]))}`;
    const page = await (await fetch(`${base}/checkout`, { headers: { cookie: cart } })).text();
    const hidden = (name: string) => new RegExp(`<input\\b[^>]*\\bname="${name}"[^>]*\\bvalue="([^"]*)"`).exec(page)?.[1] ?? "";
    const placed = await post(base, "/checkout", { ...SHOPPER, idempotencyKey: hidden("idempotencyKey"), quoteDigest: hidden("quoteDigest") }, cart);
    expect(placed.status, placed.body.slice(0, 500)).toBe(302);
    const number = new URL(placed.location!, base).searchParams.get("order")!;
    const [row] = await database.db.select().from(orders).where(eq(orders.number, number));
    return row!;
  }

  beforeAll(async () => {
    fake = await startFakeRazorpay();
    // The demo store, migrated and seeded once (the suite's cached template), plus what these tests need.
    const target = await createSeededPostgresDatabase();
    drop = target.drop;
    databaseUrl = target.url;
    database = await openDatabase({ kind: "postgres", url: target.url, poolSize: 2 });
    await seedStaff(database, [OWNER]);
    await setSetting(database.db, "payment_hold", { minutes: 1 });
    heldVariant = (await createProduct(database.db, "two-process-flask", { pricePaise: 49_900, stock: 50 })).variantId;

    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "glacial-two-"));
    const env = {
      DATABASE_URL: target.url,
      AUTH_SECRET: "a-shared-secret-of-at-least-32-characters",
      LOG_LEVEL: "warn",
      RAZORPAY_KEY_ID: fake.config.keyId,
      RAZORPAY_KEY_SECRET: fake.config.keySecret,
      RAZORPAY_WEBHOOK_SECRET: fake.config.webhookSecret,
      RAZORPAY_API_URL: fake.url,
      RAZORPAY_CHECKOUT_URL: fake.config.checkoutUrl,
    };
    [a, b] = await Promise.all([startServer({ ...env, DATA_DIR: path.join(tmp, "a") }), startServer({ ...env, DATA_DIR: path.join(tmp, "b") })]);

    // The holds' clock starts now, so their minute runs while the tests before theirs do.
    stockBeforeHolds = await stockOf(heldVariant);
    for (let i = 0; i < HELD_ORDERS; i++) {
      const base = i % 2 === 0 ? a.url : b.url;
      const row = await placeOnlineOrder(base, heldVariant, HELD_QUANTITY);
      held.push({ id: row.id, number: row.number, placedOn: base });
    }
    owner = await signInOverHttp(a.url, OWNER.email, OWNER.password);
  }, 240_000);

  afterAll(async () => {
    for (const s of [a, b]) await s?.stop("SIGKILL");
    await database?.close();
    await fake?.close();
    await drop?.();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  it("a staff session signed in on A is a session on B", async () => {
    for (const server of [a, b]) {
      const page = await fetch(`${server.url}/admin/settings`, { redirect: "manual", headers: { cookie: owner } });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("Maintenance");
    }
    // Without it, B sends the visitor to sign in.
    const anonymous = await fetch(`${b.url}/admin/settings`, { redirect: "manual" });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toMatch(/^\/admin\/login/);
  });

  it("a message sent through process A reaches an SSE stream open on process B", async () => {
    const created = await fetch(`${a.url}/api/support/chat`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ conversationId: null, message: "Hello!", visitorInfo: { name: "Neha" } }),
    });
    expect(created.status).toBe(200);
    const { conversationId, visitorToken, messages } = (await created.json()) as { conversationId: string; visitorToken: string; messages: ChatMessage[] };

    const controller = new AbortController();
    const stream = await fetch(`${b.url}/api/support/conversations/${conversationId}/stream?after=${messages.at(-1)!.seq}`, {
      headers: { "X-Visitor-Token": visitorToken },
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    const events = sseReader(stream.body!);

    const sent = await fetch(`${a.url}/api/support/chat`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Visitor-Token": visitorToken },
      body: JSON.stringify({ conversationId, message: "What sizes are available?" }),
    });
    expect(sent.status).toBe(200);
    const first = JSON.parse((await events.next(5000)).data) as ChatMessage;
    const second = JSON.parse((await events.next(5000)).data) as ChatMessage;
    expect(first).toMatchObject({ conversationId, senderType: "visitor", message: "What sizes are available?" });
    expect(second).toMatchObject({ senderType: "ai" });
    expect(second.message).toContain("350ml to 1000ml");
    controller.abort();
  });

  it("maintenance switched on through A closes B's storefront within a second, and switched off opens it again", async () => {
    const maintenanceVersion = async () =>
      ((await database.db.execute(sql`select coalesce((select version from site_settings where key = 'maintenance'), 0)::int as v`)) as unknown as { rows: { v: number }[] }).rows[0]!.v;
    const home = async () => {
      const res = await fetch(`${b.url}/`, { redirect: "manual" });
      await res.body?.cancel();
      return res.status === 302 ? `302 ${res.headers.get("location")}` : String(res.status);
    };
    // B has served (and cached) its home page before.
    expect(await home()).toBe("200");
    await expect.poll(async () => (await fetch(`${b.url}/`)).headers.get("x-page-cache"), { timeout: 5000 }).toBe("hit");

    const on = await post(a.url, "/admin/settings?do=maintenance", { enabled: "on", message: "Back at 6 pm IST.", version: String(await maintenanceVersion()) }, owner);
    expect(on.status).toBe(200);
    expect(on.body).toContain("Maintenance mode is on");
    const switchedOn = Date.now();
    await expect.poll(home, { timeout: 1000, interval: 25 }).toBe("302 /maintenance");
    const closedAfter = Date.now() - switchedOn;
    const page = await fetch(`${b.url}/maintenance`);
    expect(page.status).toBe(503);
    expect(await page.text()).toContain("Back at 6 pm IST.");
    // Staff still pass on B (with the session made on A).
    expect((await fetch(`${b.url}/`, { redirect: "manual", headers: { cookie: owner } })).status).toBe(200);

    const off = await post(a.url, "/admin/settings?do=maintenance", { message: "", version: String(await maintenanceVersion()) }, owner);
    expect(off.status).toBe(200);
    expect(off.body).toContain("Maintenance mode is off");
    const switchedOff = Date.now();
    await expect.poll(home, { timeout: 1000, interval: 25 }).toBe("200");
    console.info(`maintenance reached B in ${closedAfter} ms (on) and ${Date.now() - switchedOff} ms (off)`);
  });

  it("a product saved through A's staff editor is on B's cached product page within a second", async () => {
    const [product] = await database.db.select().from(products).where(eq(products.status, "active")).orderBy(products.slug).limit(1);
    const values = editorValues((await loadProductForEditor(database.db, product!.id))!);
    const pageOnB = async () => {
      const res = await fetch(`${b.url}/product/${product!.slug}`);
      return { status: res.status, cache: res.headers.get("x-page-cache"), html: await res.text() };
    };
    // Warm B's page cache and prove the page now comes from it.
    expect((await pageOnB()).status).toBe(200);
    await expect.poll(async () => (await pageOnB()).cache, { timeout: 5000 }).toBe("hit");
    const newTitle = `${values.title} Two-Process Edition`;
    expect((await pageOnB()).html).not.toContain(newTitle);

    // The editor's form, as the browser submits it, with the title changed.
    const form = asSearchParams(productEditorFields(values, { title: newTitle }));
    const saved = await post(a.url, `/admin/catalog/edit/${product!.id}?do=save`, form, owner);
    expect(saved.status, saved.body.slice(0, 500)).toBe(200);
    const savedAt = Date.now();
    await expect.poll(async () => (await pageOnB()).html.includes(newTitle), { timeout: 1000, interval: 25 }).toBe(true);
    console.info(`the product edit reached B's page cache in ${Date.now() - savedAt} ms`);
    // It was really saved (one new version), and B caches the new page again.
    expect((await loadProductForEditor(database.db, product!.id))!.product).toMatchObject({ title: newTitle, version: values.version! + 1 });
    await expect.poll(async () => (await pageOnB()).cache, { timeout: 5000 }).toBe("hit");
  });

  it("releases each unpaid order's stock hold exactly once when it runs out, with both processes' job workers running", async () => {
    expect(held).toHaveLength(HELD_ORDERS);
    const rows = await Promise.all(held.map(async (h) => (await database.db.select().from(orders).where(eq(orders.id, h.id)))[0]!));
    for (const row of rows) {
      // Still waiting (the tests before take seconds), stock held for one minute (the payment_hold setting).
      expect(row).toMatchObject({ status: "pending_payment", paymentStatus: "pending" });
      expect(Math.abs(row.holdExpiresAt!.getTime() - row.createdAt.getTime() - 60_000)).toBeLessThan(1000);
    }
    expect(await stockOf(heldVariant)).toBe(stockBeforeHolds - HELD_ORDERS * HELD_QUANTITY);
    // The minute passes: the holds, and the releases checkout queued for them, end now rather than
    // a minute after the orders (the suite does not sit out the setting's smallest hold).
    const ids = held.map((h) => h.id);
    const idList = sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    );
    const due = new Date();
    await database.db.execute(sql`update orders set hold_expires_at = ${due} where id in (${idList})`);
    const queued = (await database.db.execute(
      sql`update pgboss.job set start_after = ${due} where name = 'order-hold-release' and state = 'created' and data->>'orderId' in (${idList}) returning id`,
    )) as unknown as { rows: unknown[] };
    expect(queued.rows).toHaveLength(HELD_ORDERS);
    // The same release queued once more per order for each process, as if both had sent it:
    // the workers of A and B now compete for every one.
    const jobsDatabase = await openDatabase({ kind: "postgres", url: databaseUrl, poolSize: 2 });
    let jobs: JobQueue | undefined;
    try {
      jobs = await openJobQueue(jobsDatabase, { log: createLogger("silent") });
      for (const row of rows) {
        for (let i = 0; i < 2; i++) await jobs.send("order-hold-release", { orderId: row.id }, { startAfter: due });
      }
    } finally {
      await jobs?.stop();
      await jobsDatabase.close();
    }

    const cancelled = async () => (await Promise.all(held.map(async (h) => (await database.db.select({ s: orders.status }).from(orders).where(eq(orders.id, h.id)))[0]!.s))).filter((s) => s === "cancelled").length;
    await expect.poll(cancelled, { timeout: 60_000, interval: 500 }).toBe(HELD_ORDERS);
    // Every release job of these orders finished (none waiting, running or to be retried), then count.
    await expect
      .poll(
        async () =>
          ((await database.db.execute(
            sql`select count(*)::int as n from pgboss.job where name = 'order-hold-release' and data->>'orderId' in (${idList}) and state in ('created', 'retry', 'active')`,
          )) as unknown as { rows: { n: number }[] }).rows[0]!.n,
        { timeout: 30_000, interval: 500 },
      )
      .toBe(0);
    for (const h of held) {
      expect(await database.db.select().from(orderEvents).where(and(eq(orderEvents.orderId, h.id), eq(orderEvents.kind, "hold_released")))).toHaveLength(1);
    }
    expect(await stockOf(heldVariant)).toBe(stockBeforeHolds);
  });

  it("a visitor whose process is killed mid-chat resumes on the other with Last-Event-ID and gets every message exactly once", async () => {
    const chat = async (base: string, body: Record<string, unknown>, token?: string) => {
      const res = await fetch(`${base}/api/support/chat`, {
        method: "POST",
        headers: { "Content-Type": "application/json", ...(token ? { "X-Visitor-Token": token } : {}) },
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(200);
      return (await res.json()) as { conversationId: string; visitorToken?: string; messages: ChatMessage[] };
    };
    const open = async (base: string, conversationId: string, token: string, lastEventId: string) => {
      const res = await fetch(`${base}/api/support/conversations/${conversationId}/stream`, { headers: { "X-Visitor-Token": token, "Last-Event-ID": lastEventId } });
      expect(res.status).toBe(200);
      return sseReader(res.body!);
    };

    const started = await chat(a.url, { conversationId: null, message: "Hi, a question about bottles", visitorInfo: { name: "Kiran" } });
    const { conversationId } = started;
    const token = started.visitorToken!;
    // The visitor streams from B and sees a reply live there.
    const onB = await open(b.url, conversationId, token, String(started.messages.at(-1)!.seq));
    const live = await chat(a.url, { conversationId, message: "What sizes are available?" }, token);
    const seenOnB: ChatMessage[] = [];
    for (let i = 0; i < live.messages.length; i++) seenOnB.push(JSON.parse((await onB.next(5000)).data) as ChatMessage);
    expect(seenOnB.map((m) => m.seq)).toEqual(live.messages.map((m) => m.seq));
    const lastEventId = String(seenOnB.at(-1)!.seq);

    // B dies without a word; while the visitor is cut off, messages keep arriving through A.
    const exit = await b.stop("SIGKILL");
    expect(exit).toBeNull();
    await expect(onB.next(5000)).rejects.toThrow();
    const meanwhile: ChatMessage[] = [];
    for (const message of ["Do you ship to Pune?", "How long is the warranty?"]) meanwhile.push(...(await chat(a.url, { conversationId, message }, token)).messages);
    expect(meanwhile.length).toBeGreaterThanOrEqual(2);

    // The browser reconnects (here: to A, the process left) naming the last event it saw.
    const onA = await open(a.url, conversationId, token, lastEventId);
    const resumed: ChatMessage[] = [];
    for (let i = 0; i < meanwhile.length; i++) resumed.push(JSON.parse((await onA.next(5000)).data) as ChatMessage);
    expect(resumed.map((m) => m.seq)).toEqual(meanwhile.map((m) => m.seq));
    expect(resumed.map((m) => m.message)).toEqual(meanwhile.map((m) => m.message));
    // Nothing doubled after the catch-up either: the next event is the next new message, once.
    const after = await chat(a.url, { conversationId, message: "Thanks!" }, token);
    const next: ChatMessage[] = [];
    for (let i = 0; i < after.messages.length; i++) next.push(JSON.parse((await onA.next(5000)).data) as ChatMessage);
    expect(next.map((m) => m.seq)).toEqual(after.messages.map((m) => m.seq));

    // The whole conversation as stored: every message the visitor saw, each exactly once, in order.
    const history = (await (await fetch(`${a.url}/api/support/conversations/${conversationId}/messages`, { headers: { "X-Visitor-Token": token } })).json()) as { messages: ChatMessage[] };
    const seen = [...started.messages, ...seenOnB, ...resumed, ...next].map((m) => m.seq);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(history.messages.map((m) => m.seq));
    await onA.cancel();
  });
});
