import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Module } from "~/modules/staff/permissions";
import type { Role } from "~/modules/staff/roles";
import { startAdminServer, type AdminServer } from "../support/admin-server";
import { signInOverHttp } from "../support/staff-http";
import { SPEC_PERMISSIONS } from "../support/spec-permissions";

// The permission matrix and the security headers through HTTP, against a running production server.
const PASSWORD = "a long test passphrase";
const ROLE_USERS: Record<Role, string> = {
  super_admin: "super@glacial.in",
  admin: "admin@glacial.in",
  support: "support@glacial.in",
  viewer: "viewer@glacial.in",
};

// Every admin page of the spec, with the module and action its guard must ask for.
const PAGES: [string, Module, "v" | "c" | "e"][] = [
  ["/admin/dashboard", "dashboard", "v"],
  ["/admin/catalog", "catalog", "v"],
  ["/admin/catalog/add", "catalog", "c"],
  ["/admin/catalog/edit/{product}", "catalog", "e"],
  ["/admin/catalog/import", "catalog", "c"],
  ["/admin/catalog/export", "catalog", "v"],
  ["/admin/collections", "collections", "v"],
  ["/admin/collections/{collection}", "collections", "e"],
  ["/admin/hero-carousel", "merchandising", "v"],
  ["/admin/merchandising", "merchandising", "v"],
  ["/admin/google-feed", "google_feed", "v"],
  ["/admin/sales", "sales", "v"],
  ["/admin/orders/3f0b8a57-5d2a-4f63-9a53-9a1f0e3f4b21", "sales", "v"],
  ["/admin/discounts", "discounts", "v"],
  ["/admin/customers", "customers", "v"],
  ["/admin/support", "support", "v"],
  ["/admin/support/canned-replies", "support", "v"],
  ["/admin/content", "content", "v"],
  ["/admin/content/menu", "content", "v"],
  ["/admin/content/pages", "content", "v"],
  ["/admin/content/pages/return-policy", "content", "v"],
  ["/admin/content/faq", "content", "v"],
  ["/admin/marketing", "marketing", "v"],
  ["/admin/reports", "reports", "v"],
  ["/admin/settings", "settings", "v"],
  ["/admin/email-templates", "email_templates", "v"],
  ["/admin/user-management", "user_management", "v"],
  ["/admin/user-management/activity", "user_management", "v"],
];

describe("admin access over HTTP", () => {
  let server: AdminServer;
  let base: string;
  const cookies = new Map<Role, string>();
  let productId: string;
  let collectionId: string;
  let targetId: string;

  const get = (path: string, role?: Role) => fetch(`${base}${path}`, { redirect: "manual", headers: role ? { cookie: cookies.get(role)! } : {} });
  const post = (path: string, form: Record<string, string | string[]>, role?: Role, origin: string | null = base) => {
    const body = new URLSearchParams();
    for (const [k, v] of Object.entries(form)) for (const one of [v].flat()) body.append(k, one);
    const headers: Record<string, string> = { "Content-Type": "application/x-www-form-urlencoded" };
    if (origin) headers.Origin = origin;
    if (role) headers.cookie = cookies.get(role)!;
    return fetch(`${base}${path}`, { method: "POST", redirect: "manual", headers, body });
  };

  beforeAll(async () => {
    server = await startAdminServer([
      ...Object.entries(ROLE_USERS).map(([role, email]) => ({ email, password: PASSWORD, roles: [role as Role] })),
      { email: "target@glacial.in", password: PASSWORD, roles: ["viewer"] },
    ]);
    base = server.url;
    for (const [role, email] of Object.entries(ROLE_USERS)) cookies.set(role as Role, await signInOverHttp(base, email, PASSWORD));
    const search = (await (await get("/admin/search?q=tumbler", "super_admin")).json()) as { products: { id: string }[] };
    productId = search.products[0]!.id;
    const collectionsPage = await (await get("/admin/collections", "super_admin")).text();
    collectionId = collectionsPage.match(/href="\/admin\/collections\/([0-9a-f-]{36})"/)![1]!;
    const page = await (await get("/admin/user-management", "super_admin")).text();
    targetId = page.slice(page.indexOf(">target@glacial.in<")).match(/name="userId" value="([0-9a-f-]{36})"/)![1]!;
  }, 180_000);
  afterAll(() => server?.stop());

  it.each(Object.keys(ROLE_USERS) as Role[])("%s: every admin page answers 200 or sends to /admin/dashboard, as the permission matrix says", async (role) => {
    const wrong: string[] = [];
    for (const [pattern, module, letter] of PAGES) {
      const path = pattern.replace("{product}", productId).replace("{collection}", collectionId);
      const res = await get(path, role);
      const allowed = SPEC_PERMISSIONS[role][module].includes(letter);
      const got = res.status === 302 ? `302 ${res.headers.get("location")}` : String(res.status);
      // The order page names an order that does not exist: to those who may see orders, that is a 404.
      const shown = path.startsWith("/admin/orders/") ? "404" : "200";
      if (got !== (allowed ? shown : "302 /admin/dashboard")) wrong.push(`${path}: ${got}`);
    }
    expect(wrong).toEqual([]);
  });

  it("without a session every admin page sends to /admin/login and actions answer 401", async () => {
    for (const [pattern] of PAGES) {
      const res = await get(pattern.replace("{product}", productId));
      expect([pattern, res.status, res.headers.get("location")]).toEqual([pattern, 302, "/admin/login"]);
    }
    expect((await post("/admin/user-management?do=roles", { userId: targetId, roles: "admin" })).status).toBe(401);
    expect((await post("/admin/settings?do=security", { require_mfa: "on" })).status).toBe(401);
  });

  it("a viewer's forged POST to each mutation endpoint answers 403 and changes nothing", async () => {
    const staffTable = async () => (await (await get("/admin/user-management", "super_admin")).text()).match(/<tbody>[\s\S]*<\/tbody>/)![0];
    const mfaBox = async () => (await (await get("/admin/settings", "super_admin")).text()).match(/<input id="require-mfa"[^>]*>/)![0];
    const before = await staffTable();
    expect(before).toContain(">target@glacial.in<");
    expect(await mfaBox()).not.toContain("checked");
    // The operation is in the URL (?do=...): the body carries only its fields.
    const forged: [string, Record<string, string | string[]>][] = [
      ["/admin/user-management?do=invite", { email: "intruder@glacial.in", roles: "super_admin" }],
      ["/admin/user-management?do=roles", { userId: targetId, roles: ["super_admin"] }],
      ["/admin/user-management?do=deactivate", { userId: targetId }],
      ["/admin/user-management?do=reactivate", { userId: targetId }],
      ["/admin/user-management?do=reset", { userId: targetId }],
      ["/admin/settings?do=security", { require_mfa: "on" }],
    ];
    for (const [path, form] of forged) {
      for (const role of ["viewer", "support", "admin"] as Role[]) {
        expect([path, role, (await post(path, form, role)).status]).toEqual([path, role, 403]);
      }
    }
    expect(await staffTable()).toBe(before);
    expect(await mfaBox()).not.toContain("checked");
    const outbox = await (await get("/admin/email-templates", "super_admin")).text();
    expect(outbox).not.toContain("intruder@glacial.in");
    expect(outbox).not.toContain("To: <!-- -->target@glacial.in");
  });

  it("a non-UUID id answers 400 before anything else", async () => {
    expect((await post("/admin/user-management?do=roles", { userId: "1 or 1=1", roles: "admin" }, "super_admin")).status).toBe(400);
    expect((await post("/admin/user-management?do=deactivate", { userId: "../etc" }, "super_admin")).status).toBe(400);
    expect((await get("/admin/catalog/edit/not-a-uuid", "admin")).status).toBe(400);
    expect((await get("/admin/orders/12345", "viewer")).status).toBe(400);
  });

  it("sends the security headers, with a fresh script nonce that the page's scripts carry", async () => {
    const home = await get("/");
    const csp = home.headers.get("content-security-policy")!;
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(csp.match(/script-src[^;]*/)![0]).not.toContain("unsafe-inline");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(home.headers.get("x-content-type-options")).toBe("nosniff");
    expect(home.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");

    const login = await get("/admin/login");
    const adminCsp = login.headers.get("content-security-policy")!;
    expect(adminCsp).toContain("frame-ancestors 'none'");
    expect(login.headers.get("cache-control")).toBe("no-store");
    const nonce = adminCsp.match(/'nonce-([^']+)'/)![1]!;
    const html = await login.text();
    const scripts = html.match(/<script[^>]*>/g)!;
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    const again = (await get("/admin/login")).headers.get("content-security-policy")!;
    expect(again).not.toBe(adminCsp);
  });

  it("refuses a mutation from a foreign origin", async () => {
    const res = await post("/admin/login", { intent: "password", email: ROLE_USERS.admin, password: PASSWORD }, undefined, "http://evil.example");
    expect(res.status).toBe(403);
    const ok = await post("/admin/login", { intent: "password", email: ROLE_USERS.admin, password: PASSWORD });
    expect(ok.status).toBe(302);
  });
});
