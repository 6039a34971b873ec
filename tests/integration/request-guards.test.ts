import fs from "node:fs";
import type http from "node:http";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setMaintenance } from "~/modules/settings/maintenance.server";
import { getSetting, setSetting } from "~/modules/settings/settings.server";
import { prepareDemoStore, seedStaff } from "../support/admin-server";
import { signInOverHttp } from "../support/staff-http";
import { startServer, type RunningServer } from "../support/server-process";
import { inProcessEvents } from "../support/test-services";

// Hostile input against a real server process: bodies far over any limit, declared or streamed;
// control characters; the client address behind a trusted proxy; the chat during maintenance.

const MB = 1024 * 1024;
const ADMIN = { email: "owner@glacial.in", password: "a long owner passphrase", roles: ["super_admin" as const] };

type Sent = { status: number; headers: http.IncomingHttpHeaders; body: string; bytesWritten: number };

/**
 * POSTs `totalBytes` of filler to `path` in 1 MB chunks, declared with Content-Length or sent
 * chunked, without ever holding the whole body in memory; stops writing once the server answers.
 * A raw socket, so that the answer is read even when the server closes while we still write.
 */
function postHuge(base: string, path: string, totalBytes: number, opts: { chunked?: boolean; headers?: Record<string, string>; contentType?: string } = {}): Promise<Sent> {
  const url = new URL(path, base);
  const chunk = Buffer.alloc(MB, "a");
  return new Promise((resolve, reject) => {
    let written = 0;
    let answered = false;
    let received = Buffer.alloc(0);
    const socket = net.connect(Number(url.port), url.hostname);
    const headers: Record<string, string> = {
      Host: url.host,
      "Content-Type": opts.contentType ?? "application/json",
      Origin: base,
      ...(opts.chunked ? { "Transfer-Encoding": "chunked" } : { "Content-Length": String(totalBytes) }),
      ...opts.headers,
    };
    const head = `POST ${url.pathname}${url.search} HTTP/1.1\r\n${Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join("")}\r\n`;
    let done = false;
    // Resolves once one whole answer is in (by Content-Length, the chunked terminator, or 204).
    const tryFinish = (final: boolean) => {
      if (done) return;
      const split = received.indexOf("\r\n\r\n");
      if (split < 0) {
        if (final) reject(new Error(`no answer from ${path} after ${written} bytes`));
        return;
      }
      const [statusLine, ...lines] = received.subarray(0, split).toString("latin1").split("\r\n");
      const parsed: http.IncomingHttpHeaders = {};
      for (const line of lines) {
        const i = line.indexOf(":");
        parsed[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
      }
      const status = Number(statusLine!.split(" ")[1]);
      const raw = received.subarray(split + 4);
      let body: string | null = null;
      if (status === 204 || status === 304) body = "";
      else if (parsed["content-length"] !== undefined) {
        if (raw.length >= Number(parsed["content-length"])) body = raw.subarray(0, Number(parsed["content-length"])).toString("utf8");
      } else if (parsed["transfer-encoding"] === "chunked") {
        const text = raw.toString("utf8");
        if (text.endsWith("0\r\n\r\n")) body = text.replace(/^[0-9a-f]+\r\n/i, "").replace(/\r\n0\r\n\r\n$/, "");
      } else if (final) body = raw.toString("utf8");
      if (body === null) {
        if (final) reject(new Error(`incomplete answer from ${path}`));
        return;
      }
      done = true;
      socket.destroy();
      resolve({ status, headers: parsed, body, bytesWritten: written });
    };
    socket.on("data", (d) => {
      received = Buffer.concat([received, d]);
      answered = true;
      tryFinish(false);
    });
    socket.on("close", () => tryFinish(true));
    // Writing into a connection the server has closed fails; the answer already read still counts.
    socket.on("error", () => {});
    socket.setTimeout(30_000, () => socket.destroy());
    const pump = () => {
      while (!answered && !socket.destroyed && written < totalBytes) {
        written += chunk.length;
        const data = opts.chunked ? Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from("\r\n")]) : chunk;
        if (!socket.write(data)) return void socket.once("drain", pump);
      }
      if (!answered && !socket.destroyed && opts.chunked) socket.write("0\r\n\r\n");
    };
    socket.once("connect", () => {
      socket.write(head);
      pump();
    });
  });
}

function rssMiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

describe("request guards on a running shop (trusted proxy on)", () => {
  let server: RunningServer;
  let productId: string;

  beforeAll(async () => {
    const dataDir = await prepareDemoStore(async (database) => {
      await seedStaff(database, [ADMIN]);
      // A low flood ceiling per address, so one address can be seen reaching it (the shop's own is
      // far higher: thousands of shoppers share a mobile network's public address).
      const limits = await getSetting(database.db, "support_limits");
      await setSetting(database.db, "support_limits", { ...limits, conversations_per_ip_per_hour: 5 });
      const result = await database.db.execute("select id from products where status = 'active' order by sort_order limit 1");
      productId = (result as unknown as { rows: { id: string }[] }).rows[0]!.id;
    }, "glacial-guards-");
    server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: "warn", TRUST_PROXY: "true" });
  });
  afterAll(async () => {
    await server?.stop("SIGKILL");
  });

  it("refuses 100 MB bodies to every public API and to staff actions with 413, without the process growing, and keeps serving", async () => {
    // Warm up the routes first so that their code is loaded before the baseline is read.
    for (const path of ["/", "/api/popup", "/login"]) await fetch(`${server.url}${path}`);
    const before = rssMiB(server.proc.pid!);
    const targets = [
      ["/api/support/chat", "application/json"],
      ["/api/cart/verify", "application/json"],
      ["/api/newsletter", "application/x-www-form-urlencoded"],
      ["/login", "application/x-www-form-urlencoded"],
      ["/register", "application/x-www-form-urlencoded"],
      ["/admin/login", "application/x-www-form-urlencoded"],
      ["/admin/settings", "application/x-www-form-urlencoded"],
      ["/admin/catalog/import", "multipart/form-data; boundary=x"],
    ] as const;
    for (const [path, contentType] of targets) {
      const sent = await postHuge(server.url, path, 100 * MB, { contentType });
      expect(sent.status, path).toBe(413);
      // Refused from the declared size: far less than the body was ever sent.
      expect(sent.bytesWritten, path).toBeLessThan(100 * MB);
    }
    // Streamed without a declared size: cut off once past the limit.
    const chunked = await postHuge(server.url, "/api/support/chat", 100 * MB, { chunked: true });
    expect(chunked.status).toBe(413);
    expect(chunked.bytesWritten).toBeLessThan(100 * MB);

    const after = rssMiB(server.proc.pid!);
    expect(after - before).toBeLessThan(24);
    expect((await fetch(`${server.url}/`)).status).toBe(200);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });

  it("refuses an anonymous 50 MB post to any staff route before reading it: declared (413) or streamed (401)", async () => {
    const adminPaths = [
      "/admin",
      "/admin/dashboard",
      "/admin/catalog",
      "/admin/catalog/add",
      `/admin/catalog/edit/${productId}`,
      `/admin/catalog/edit/${productId}/media?intent=upload`,
      "/admin/catalog/import",
      "/admin/collections",
      "/admin/hero-carousel",
      "/admin/merchandising",
      "/admin/content/menu",
      "/admin/content/faq",
      "/admin/marketing",
      "/admin/settings",
      "/admin/support",
      "/admin/user-management",
      "/admin/account",
      "/admin/sales",
      "/admin/orders/00000000-0000-4000-8000-000000000000/notes",
      "/admin/discounts?do=create",
      "/admin/customers",
      `/admin/customers/u-00000000-0000-4000-8000-000000000000?do=note`,
      `/admin/customers/u-00000000-0000-4000-8000-000000000000/export.json`,
      "/admin/reports",
      "/admin/google-feed",
      "/admin/email-templates",
      "/admin/settings.data",
    ];
    for (const path of adminPaths) {
      const declared = await postHuge(server.url, path, 50 * MB, { contentType: "application/x-www-form-urlencoded" });
      expect(declared.status, path).toBe(413);
      const streamed = await postHuge(server.url, path, 50 * MB, { chunked: true, contentType: "application/x-www-form-urlencoded" });
      if (path.endsWith(".data")) expect([streamed.status, streamed.headers["x-remix-redirect"]], path).toEqual([204, "/admin/login"]);
      else expect(streamed.status, path).toBe(401);
      expect(streamed.bytesWritten, path).toBeLessThan(50 * MB);
      // The refusal says the connection ends, so no client sends its next request on it.
      if (!path.endsWith(".data")) expect(streamed.headers.connection, path).toBe("close");
    }
  });

  it("lets a client that reuses connections go on after a refused post (the refusal says Connection: close)", async () => {
    // fetch pools connections: were the refused one ended without saying so, the next request
    // sent on it would fail with "other side closed".
    for (let i = 0; i < 5; i++) {
      const refused = await fetch(`${server.url}/admin/settings`, { method: "POST", headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" }, body: "x=1" });
      expect(refused.status).toBe(401);
      expect(refused.headers.get("connection")).toBe("close");
      await refused.text();
      const next = await fetch(`${server.url}/api/cart/verify`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ lines: [] }) });
      expect(next.status).toBeLessThan(500);
      await next.text();
    }
  });

  it("refuses a streamed upload over the limit from a signed-in admin", async () => {
    const cookie = await signInOverHttp(server.url, ADMIN.email, ADMIN.password);
    const sent = await postHuge(server.url, `/admin/catalog/edit/${productId}/media?intent=upload`, 30 * MB, {
      chunked: true,
      contentType: "multipart/form-data; boundary=----x",
      headers: { Cookie: cookie },
    });
    expect(sent.status).toBe(413);
    expect(JSON.parse(sent.body)).toEqual({ ok: false, error: "File too large. Maximum size is 10MB." });
    expect(sent.bytesWritten).toBeLessThan(30 * MB);
  });

  it("answers 400, never 500, to NUL and other control characters in a path, a query, a chat message or a sign-in email", async () => {
    const get = (path: string) => fetch(`${server.url}${path}`).then((r) => r.status);
    expect(await get("/product/glacier%00classic")).toBe(400);
    expect(await get("/search?q=bottle%00")).toBe(400);
    expect(await get("/%E0%A4%A")).toBe(400);
    const form = (path: string, fields: Record<string, string>) =>
      fetch(`${server.url}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields),
      }).then((r) => r.status);
    expect(await form("/admin/login", { intent: "password", email: "owner@glacial.in\u0000", password: "x" })).toBe(400);
    expect(await form("/login", { email: "a\u0000@b.in", password: "x" })).toBe(400);
    expect(await form("/register", { email: "new\u0000@b.in", password: "a long new passphrase" })).toBe(400);
    const chat = await fetch(`${server.url}/api/support/chat`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": "192.0.2.200" },
      body: JSON.stringify({ conversationId: null, message: "hi\u0000there", visitorInfo: { name: "Asha" } }),
    });
    expect(chat.status).toBe(400);
    expect((await chat.json()).error).toMatch(/control characters/);
    // Line breaks and tabs in text are ordinary and pass.
    const ok = await fetch(`${server.url}/api/support/chat`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": "192.0.2.201" },
      body: JSON.stringify({ conversationId: null, message: "line one\nline\ttwo", visitorInfo: { name: "Asha" } }),
    });
    expect(ok.status).toBe(200);
  });

  it("counts limits per client address from the trusted proxy's X-Forwarded-For, and says when to retry", async () => {
    const start = (ip: string) =>
      fetch(`${server.url}/api/support/chat`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": `10.0.0.9, ${ip}` },
        body: JSON.stringify({ conversationId: null, message: "Hello", visitorInfo: { name: "Ravi" } }),
      });
    // Six shoppers behind the proxy, six addresses: none limited by the others.
    for (let i = 1; i <= 6; i++) expect((await start(`198.51.100.${i}`)).status).toBe(200);
    // One address past its hourly ceiling: 429 with Retry-After.
    const statuses: number[] = [];
    let limited: Response | null = null;
    for (let i = 0; i < 6; i++) {
      const res = await start("203.0.113.77");
      statuses.push(res.status);
      if (res.status === 429) limited = res;
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(limited).not.toBeNull();
    expect(Number(limited!.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("rebuilds the request's origin from the trusted proxy, so an action from the https page is accepted", async () => {
    // What a TLS-terminating proxy forwards for https://shop.example.in (the browser test drives a real one).
    const res = await fetch(`${server.url}/admin/login`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "X-Forwarded-Host": "shop.example.in",
        Origin: "https://shop.example.in",
        "X-Forwarded-Proto": "https",
        "X-Forwarded-For": "198.51.100.50",
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ intent: "password", email: ADMIN.email, password: "a wrong password, deliberately" }),
    });
    // A wrong password is answered by the sign-in action itself: not React Router's 400 origin refusal.
    expect(res.status).toBe(401);
    expect(await res.text()).toContain("Invalid email or password");
  });
  it("says when to retry on every sign-in lockout (429 with Retry-After), staff and shopper", async () => {
    const attempt = (path: string, email: string) =>
      fetch(`${server.url}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": "198.51.100.77" },
        body: new URLSearchParams({ intent: "password", email, password: "not the password" }),
      });
    for (const [path, email] of [["/admin/login", "nobody-staff@glacial.in"], ["/login", "nobody-shopper@glacial.in"]] as const) {
      let last: Response | null = null;
      for (let i = 0; i < 6; i++) last = await attempt(path, email);
      expect(last!.status, path).toBe(429);
      expect(Number(last!.headers.get("retry-after")), path).toBeGreaterThan(60);
    }
  });
});

describe("the support chat during maintenance", () => {
  let server: RunningServer;
  beforeAll(async () => {
    const dataDir = await prepareDemoStore(
      (database) => setMaintenance(database.db, { enabled: true, message: "Back soon." }, inProcessEvents()).then(() => undefined),
      "glacial-maint-chat-",
    );
    server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: "warn" });
  });
  afterAll(async () => {
    await server?.stop("SIGKILL");
  });

  it("stays open on purpose: a new chat, a message, the history and the stream answer 200 while the storefront is closed", async () => {
    expect((await fetch(`${server.url}/`, { redirect: "manual" })).status).toBe(302);
    expect((await fetch(`${server.url}/api/newsletter`, { method: "POST", headers: { Origin: server.url } })).status).toBe(503);

    const created = await fetch(`${server.url}/api/support/chat`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ conversationId: null, message: "Is my order still coming?", visitorInfo: { name: "Meera" } }),
    });
    expect(created.status).toBe(200);
    const { conversationId, visitorToken } = (await created.json()) as { conversationId: string; visitorToken: string };
    const sent = await fetch(`${server.url}/api/support/chat`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Visitor-Token": visitorToken },
      body: JSON.stringify({ conversationId, message: "Thanks" }),
    });
    expect(sent.status).toBe(200);
    const history = await fetch(`${server.url}/api/support/conversations/${conversationId}/messages`, { headers: { "X-Visitor-Token": visitorToken } });
    expect(history.status).toBe(200);
    // The stream's token travels in the cookie the history answer set, not in the URL.
    const cookie = history.headers.getSetCookie().find((c) => c.startsWith("glacial_chat_stream="))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toContain(`Path=/api/support/conversations/${conversationId}/stream`);
    const controller = new AbortController();
    const stream = await fetch(`${server.url}/api/support/conversations/${conversationId}/stream`, {
      headers: { Cookie: cookie.split(";")[0]! },
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    controller.abort();
    // A token in the query string is no longer read.
    const byQuery = await fetch(`${server.url}/api/support/conversations/${conversationId}/stream?token=${visitorToken}`);
    expect(byQuery.status).toBe(404);
  });
});
