import { Hono } from "hono";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEventBus } from "~/modules/events/event-bus.server";
import { TOPICS } from "~/modules/events/topics";
import { readBypassCookie, serializeBypassCookie } from "~/modules/settings/maintenance-cookie.server";
import {
  createBypassToken,
  getMaintenanceState,
  hashBypassToken,
  listBypassTokens,
  revokeBypassToken,
  setMaintenance,
  verifyBypassToken,
} from "~/modules/settings/maintenance.server";
import { maintenanceBypassTokens } from "~/modules/settings/schema";
import { createAuth } from "~/modules/staff/auth.server";
import { upsertStaffUser } from "~/modules/staff/staff-users.server";
import { maintenanceGate } from "../../server/maintenance-gate";
import { DRIVERS, openTestDatabase, type TestDatabase } from "../support/test-database";
import { inProcessEvents } from "../support/test-services";

const NOW = new Date("2026-11-22T10:00:00Z");
const HOUR = 3600_000;

describe.each(DRIVERS)("maintenance state and bypass tokens on %s", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database?.close());

  it("is off by default, switches on with a message and off again, announcing each change", async () => {
    expect(await getMaintenanceState(database.db)).toEqual({ enabled: false, message: "" });
    const bus = await createEventBus(database);
    const seen: unknown[] = [];
    bus.subscribe(TOPICS.settingChanged, (p) => seen.push(p));
    await setMaintenance(database.db, { enabled: true, message: "  Back at 6 pm IST.  " }, bus);
    expect(await getMaintenanceState(database.db)).toEqual({ enabled: true, message: "Back at 6 pm IST." });
    await setMaintenance(database.db, { enabled: false, message: "" }, bus);
    expect(await getMaintenanceState(database.db)).toEqual({ enabled: false, message: "" });
    await expect.poll(() => seen.length).toBe(2);
    expect(seen[0]).toEqual({ key: "maintenance" });
    await bus.close();
  });

  it("refuses a message that is too long, leaving the state unchanged", async () => {
    await expect(setMaintenance(database.db, { enabled: true, message: "x".repeat(2001) }, inProcessEvents())).rejects.toThrow(/at most 2000/);
    expect((await getMaintenanceState(database.db)).enabled).toBe(false);
  });

  it("creates a token shown once and stores only its hash", async () => {
    const created = await createBypassToken(database.db, { label: "Photographer", expiresAt: new Date(NOW.getTime() + 24 * HOUR) }, NOW);
    expect(created.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await database.db.select().from(maintenanceBypassTokens);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(hashBypassToken(created.token));
    expect(JSON.stringify(rows)).not.toContain(created.token);
    expect(await verifyBypassToken(database.db, created.token, NOW)).toEqual({ id: created.id, expiresAt: created.expiresAt });
  });

  it("rejects an expired, revoked, unknown or malformed token", async () => {
    const t = await createBypassToken(database.db, { label: "Agency", expiresAt: new Date(NOW.getTime() + 2 * HOUR) }, NOW);
    expect(await verifyBypassToken(database.db, t.token, new Date(NOW.getTime() + 2 * HOUR))).toBeNull();
    expect(await verifyBypassToken(database.db, t.token, new Date(NOW.getTime() + HOUR))).not.toBeNull();
    expect(await revokeBypassToken(database.db, t.id, NOW)).toBe(true);
    expect(await revokeBypassToken(database.db, t.id, NOW)).toBe(false);
    expect(await verifyBypassToken(database.db, t.token, NOW)).toBeNull();
    expect(await verifyBypassToken(database.db, "A".repeat(43), NOW)).toBeNull();
    expect(await verifyBypassToken(database.db, "short", NOW)).toBeNull();
    expect(await verifyBypassToken(database.db, undefined, NOW)).toBeNull();
    const list = await listBypassTokens(database.db);
    expect(list.find((x) => x.id === t.id)?.revokedAt?.toISOString()).toBe(NOW.toISOString());
  });

  it("refuses a blank label, a past expiry and one beyond 90 days", async () => {
    await expect(createBypassToken(database.db, { label: "  ", expiresAt: new Date(NOW.getTime() + HOUR) }, NOW)).rejects.toThrow(/label is required/);
    await expect(createBypassToken(database.db, { label: "x", expiresAt: new Date(NOW.getTime() - 1) }, NOW)).rejects.toThrow(/in the future/);
    await expect(createBypassToken(database.db, { label: "x", expiresAt: new Date(NOW.getTime() + 91 * 24 * HOUR) }, NOW)).rejects.toThrow(/90 days/);
  });

  it("round-trips the token through its HttpOnly cookie", async () => {
    const header = await serializeBypassCookie("tok_en", new Date(NOW.getTime() + HOUR), true);
    expect(header).toMatch(/HttpOnly/);
    expect(header).toMatch(/Secure/);
    expect(header).toMatch(/SameSite=Lax/);
    const pair = header.split(";")[0]!;
    expect(await readBypassCookie(pair)).toBe("tok_en");
    expect(await readBypassCookie("other=1")).toBeNull();
    expect(await readBypassCookie(null)).toBeNull();
  });
});

describe.each(DRIVERS)("maintenance gate middleware on %s", (kind) => {
  let database: TestDatabase;
  let app: Hono;
  let auth: ReturnType<typeof createAuth>;
  const log = pino({ level: "silent" });
  // In-process: the gate's cached state follows setMaintenance's announcement at once.
  const events = inProcessEvents();
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    auth = createAuth(database.db, { secret: "test-secret-test-secret-test-secret!", baseURL: "http://localhost:3000" });
    app = new Hono();
    app.use("*", maintenanceGate({ db: database.db, auth, log, events }));
    app.all("*", (c) => c.text("page"));
  });
  afterAll(() => database?.close());

  const get = (path: string, init?: RequestInit) => app.request(`http://localhost:3000${path}`, init);
  async function signInAs(email: string, role: "admin" | "support" | "super_admin"): Promise<string> {
    await upsertStaffUser(database.db, auth, { email, password: "a long passphrase 1", roles: [role] });
    const res = await auth.api.signInEmail({ body: { email, password: "a long passphrase 1" }, asResponse: true });
    return res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  }

  it("lets everything through while maintenance is off", async () => {
    const res = await get("/cart");
    expect(res.status).toBe(200);
  });

  it("redirects pages, answers data requests with React Router's redirect headers and other writes with 503", async () => {
    await setMaintenance(database.db, { enabled: true, message: "Soon." }, events);
    const page = await get("/product/x");
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/maintenance");
    const home = await get("/");
    expect(home.headers.get("Location")).toBe("/maintenance");
    const dataReq = await get("/_root.data");
    expect(dataReq.status).toBe(204);
    expect(dataReq.headers.get("X-Remix-Redirect")).toBe("/maintenance");
    expect(dataReq.headers.get("X-Remix-Reload-Document")).toBe("true");
    const post = await get("/api/newsletter", { method: "POST", body: "email=a@b.in", headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    expect(post.status).toBe(503);
    expect(post.headers.get("Retry-After")).toBe("3600");
    // The Google feed is closed too, but told so in the status a fetcher reads (no redirect to a page).
    const feed = await get("/feeds/google.xml");
    expect(feed.status).toBe(503);
    expect(feed.headers.get("Retry-After")).toBe("3600");
    expect(feed.headers.get("Location")).toBeNull();
  });

  it("leaves /maintenance, /admin, auth, images, assets and health open", async () => {
    for (const path of ["/maintenance", "/maintenance.data", "/admin/login", "/api/auth/get-session", "/images/a.webp", "/assets/x.js", "/healthz", "/favicon.ico"]) {
      expect((await get(path)).status, path).toBe(200);
    }
  });

  it("lets a valid bypass cookie through, but not a revoked one", async () => {
    const { id, token, expiresAt } = await createBypassToken(database.db, { label: "QA", expiresAt: new Date(Date.now() + HOUR) });
    const cookie = (await serializeBypassCookie(token, expiresAt, false)).split(";")[0]!;
    expect((await get("/cart", { headers: { Cookie: cookie } })).status).toBe(200);
    await revokeBypassToken(database.db, id);
    expect((await get("/cart", { headers: { Cookie: cookie } })).status).toBe(302);
  });

  it("lets admins and super admins through, not other staff roles", async () => {
    expect((await get("/cart", { headers: { Cookie: await signInAs("admin@glacial.in", "admin") } })).status).toBe(200);
    expect((await get("/cart", { headers: { Cookie: await signInAs("owner@glacial.in", "super_admin") } })).status).toBe(200);
    expect((await get("/cart", { headers: { Cookie: await signInAs("agent@glacial.in", "support") } })).status).toBe(302);
  });

  it("lets the visitor through and logs when the status check fails", async () => {
    const logged: unknown[] = [];
    const failing = new Hono();
    const brokenDb = new Proxy(database.db, {
      get(target, prop) {
        if (prop === "select") return () => {
          throw new Error("database unavailable");
        };
        return Reflect.get(target, prop);
      },
    });
    const spyLog = { error: (obj: unknown, msg: string) => logged.push([obj, msg]) } as unknown as pino.Logger;
    failing.use("*", maintenanceGate({ db: brokenDb, auth, log: spyLog, events: inProcessEvents() }));
    failing.all("*", (c) => c.text("page"));
    const res = await failing.request("http://localhost:3000/cart");
    expect(res.status).toBe(200);
    expect(logged).toHaveLength(1);
    expect(String((logged[0] as unknown[])[1])).toMatch(/maintenance status check failed/);
  });
});
