import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "~/db/database.server";
import type { DatabaseKind } from "~/db/types";
import { CART_COOKIE } from "~/lib/cart/cart-cookie";
import { gstinCheckCharacter } from "~/lib/india";
import { createAuth } from "~/modules/staff/auth.server";
import { prepareDemoStore, seedStaff } from "../support/admin-server";
import { signInOverHttp } from "../support/staff-http";
import { startServer, type RunningServer } from "../support/server-process";
import { createProduct, createShopper, signInShopperOverHttp } from "../support/shoppers";
import { createSeededPostgresDatabase, DRIVERS } from "../support/test-database";

// Checkout's bad-input proof and the account pages' privacy, through the real HTTP actions of a
// built server process: every wrong field gets its own message beside it (and nothing typed is
// lost); a tampered price, quantity, variant or order id is refused and changes nothing; no input
// makes a 500. "Changes nothing" is read back over HTTP too: the staff CSV export counts the
// orders, and checkout itself tells how many units are left.

const OWNER = { email: "owner@glacial.in", password: "a long owner passphrase", roles: ["super_admin" as const] };
const VIEWER = { email: "viewer@glacial.in", password: "a long viewer passphrase", roles: ["viewer" as const] };
const ASHA = { email: "asha@example.in", password: "a long shopper passphrase" };
const RAVI = { email: "ravi@example.in", password: "another shopper passphrase" };

const VALID = {
  email: "asha@example.in",
  phone: "98765 43210",
  shipName: "Asha Rao",
  shipLine1: "12, 4th Cross, Indiranagar",
  shipLine2: "",
  shipCity: "Bengaluru",
  shipState: "29",
  shipPin: "560038",
  shipLandmark: "",
  billingSame: "on",
  billName: "",
  billLine1: "",
  billLine2: "",
  billCity: "",
  billState: "",
  billPin: "",
  billLandmark: "",
  gstin: "",
  paymentMethod: "cod",
};

const decode = (s: string) => s.replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");

/** The control named `name` (input or select) in server-rendered HTML. */
function control(html: string, name: string): string | null {
  return new RegExp(`<(?:input|select)\\b[^>]*\\bname="${name}"[^>]*>`).exec(html)?.[0] ?? null;
}

/** The error message shown beside a field: the element its aria-describedby names with "-error". */
function messageBeside(html: string, name: string): string | null {
  const tag = control(html, name);
  const ids = /aria-describedby="([^"]+)"/.exec(tag ?? "")?.[1]?.split(" ") ?? [];
  const errorId = ids.find((id) => id.endsWith("-error"));
  if (!errorId) return null;
  const escaped = errorId.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const text = new RegExp(`<p id="${escaped}"[^>]*>([^<]*)</p>`).exec(html)?.[1];
  return text === undefined ? null : decode(text);
}

/** Names of the fields marked invalid. */
function invalidFields(html: string): string[] {
  return [...html.matchAll(/<(?:input|select)\b[^>]*>/g)].filter((m) => m[0].includes('aria-invalid="true"')).map((m) => /\bname="([^"]+)"/.exec(m[0])![1]!);
}

function valueOf(html: string, name: string): string | null {
  const v = /\bvalue="([^"]*)"/.exec(control(html, name) ?? "")?.[1];
  return v === undefined ? null : decode(v);
}

describe.each(DRIVERS)("checkout and the account over HTTP on %s", (kind: DatabaseKind) => {
  let server: RunningServer;
  let base: string;
  let dataDir: string;
  let dropDatabase: (() => Promise<void>) | undefined;
  let bottle: string; // ₹1,299, 30 in stock
  let flask: string; // ₹499, 3 in stock
  let draft: string; // a draft product's variant
  let owner: string;
  let viewer: string;
  let asha: string;
  let ravi: string;

  async function prepare(database: Database) {
    await seedStaff(database, [OWNER, VIEWER]);
    const auth = createAuth(database.db, { secret: "seed-secret-seed-secret-seed-secret", baseURL: "http://localhost" });
    await createShopper(auth, ASHA.email, ASHA.password);
    await createShopper(auth, RAVI.email, RAVI.password);
    bottle = (await createProduct(database.db, "http-steel-bottle", { pricePaise: 129_900, stock: 30 })).variantId;
    flask = (await createProduct(database.db, "http-mini-flask", { pricePaise: 49_900, stock: 3 })).variantId;
    draft = (await createProduct(database.db, "http-secret-prototype", { pricePaise: 99_900, stock: 10, status: "draft" })).variantId;
  }

  beforeAll(async () => {
    if (kind === "pglite") {
      dataDir = await prepareDemoStore(prepare, "glacial-checkout-http-");
      server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: "warn" });
    } else {
      const scratch = await createSeededPostgresDatabase();
      dropDatabase = scratch.drop;
      const database = await openDatabase({ kind: "postgres", url: scratch.url, poolSize: 2 });
      try {
        await prepare(database);
      } finally {
        await database.close();
      }
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "glacial-checkout-http-"));
      server = await startServer({ DATABASE_URL: scratch.url, DATA_DIR: dataDir, LOG_LEVEL: "warn" });
    }
    base = server.url;
    owner = await signInOverHttp(base, OWNER.email, OWNER.password);
    viewer = await signInOverHttp(base, VIEWER.email, VIEWER.password);
    asha = await signInShopperOverHttp(base, ASHA.email, ASHA.password);
    ravi = await signInShopperOverHttp(base, RAVI.email, RAVI.password);
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    await dropDatabase?.();
  });

  const cart = (lines: unknown[]) => `${CART_COOKIE}=${encodeURIComponent(JSON.stringify(lines))}`;
  const withCookies = (...cookies: (string | undefined)[]) => cookies.filter(Boolean).join("; ");

  async function get(pathname: string, cookie?: string) {
    const res = await fetch(`${base}${pathname}`, { redirect: "manual", headers: cookie ? { cookie } : {} });
    return { status: res.status, headers: res.headers, body: await res.text() };
  }

  /** Opens checkout as a shopper does: the page's key and the digest of the quote it shows. */
  async function openCheckout(cookie: string) {
    const page = await get("/checkout", cookie);
    expect(page.status).toBe(200);
    return { idempotencyKey: valueOf(page.body, "idempotencyKey")!, quoteDigest: valueOf(page.body, "quoteDigest")!, html: page.body };
  }

  async function post(pathname: string, fields: Record<string, string | undefined>, cookie?: string, extra: RequestInit = {}) {
    const body = new URLSearchParams(Object.entries(fields).filter((e): e is [string, string] => e[1] !== undefined));
    const res = await fetch(`${base}${pathname}`, {
      method: "POST",
      redirect: "manual",
      body,
      ...extra,
      headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}), ...(extra.headers as Record<string, string> | undefined) },
    });
    return { status: res.status, location: res.headers.get("location"), body: await res.text() };
  }

  /** How many orders exist: the staff export, one row per order. */
  async function orderCount(): Promise<number> {
    const res = await get("/admin/sales/orders.csv", owner);
    expect(res.status).toBe(200);
    return (parse(res.body, { bom: true }) as string[][]).length - 1;
  }

  /** Units left of a variant (below 50): checkout names them for a line of 50. */
  async function unitsLeft(variantId: string): Promise<number> {
    const page = await get("/checkout", cart([[variantId, 50]]));
    const left = /Only (\d+) left/.exec(page.body)?.[1];
    return left ? Number(left) : page.body.includes("Sold out") ? 0 : Number.NaN;
  }

  it("gives every wrong checkout field its own message beside it, keeps what was typed, answers 400 and places nothing", async () => {
    const before = { orders: await orderCount(), bottle: await unitsLeft(bottle) };
    const lines = cart([[bottle, 1]]);
    const page = await openCheckout(lines);
    const mh = `27AAPFU0939F1Z${gstinCheckCharacter("27AAPFU0939F1Z")}`;
    const ka = `29AAPFU0939F1Z${gstinCheckCharacter("29AAPFU0939F1Z")}`;
    const wrongCheck = `29AAPFU0939F1Z${gstinCheckCharacter("29AAPFU0939F1Z") === "A" ? "B" : "A"}`;
    const unknownState = `99AAPFU0939F1Z${gstinCheckCharacter("99AAPFU0939F1Z")}`;
    const separateBilling = { billingSame: undefined, billName: "Rao Traders", billLine1: "MG Road", billCity: "Bengaluru", billState: "29", billPin: "560001" };
    const cases: [field: string, overrides: Record<string, string | undefined>, message: string][] = [
      ["email", { email: "asha@" }, "Enter a valid email address, like name@example.com."],
      ["email", { email: "" }, "Enter a valid email address, like name@example.com."],
      ["phone", { phone: "12345" }, "Enter a 10-digit Indian mobile number starting with 6, 7, 8 or 9 (+91 optional)."],
      ["phone", { phone: "+91 58765 43210" }, "Enter a 10-digit Indian mobile number starting with 6, 7, 8 or 9 (+91 optional)."],
      ["shipName", { shipName: "  " }, "Enter the recipient's name."],
      ["shipName", { shipName: "x".repeat(101) }, "The recipient's name can be at most 100 characters."],
      ["shipLine1", { shipLine1: "" }, "Enter the address (house, street)."],
      ["shipLine2", { shipLine2: "y".repeat(201) }, "Address line 2 can be at most 200 characters."],
      ["shipCity", { shipCity: "" }, "Enter the city."],
      ["shipState", { shipState: "99" }, "Choose a state or union territory from the list."],
      ["shipState", { shipState: "" }, "Choose a state or union territory from the list."],
      ["shipPin", { shipPin: "012345" }, "Enter a 6-digit PIN code that does not start with 0."],
      ["shipPin", { shipPin: "56003" }, "Enter a 6-digit PIN code that does not start with 0."],
      ["shipLandmark", { shipLandmark: "n".repeat(121) }, "Landmark can be at most 120 characters."],
      ["gstin", { gstin: wrongCheck }, "This GSTIN is not valid: check it for a typing mistake."],
      ["gstin", { gstin: "29ABC" }, "A GSTIN has 15 characters, like 29ABCDE1234F1Z5."],
      ["gstin", { gstin: unknownState }, "This GSTIN does not start with a known state code."],
      ["gstin", { gstin: mh }, "This GSTIN is registered in Maharashtra; the billing address must be in the same state."],
      ["billName", { ...separateBilling, billName: "" }, "Enter the billing name."],
      ["billLine1", { ...separateBilling, billLine1: "" }, "Enter the address (house, street)."],
      ["billCity", { ...separateBilling, billCity: " " }, "Enter the city."],
      ["billState", { ...separateBilling, billState: "" }, "Choose a state or union territory from the list."],
      ["billPin", { ...separateBilling, billPin: "1234567" }, "Enter a 6-digit PIN code that does not start with 0."],
      ["gstin", { ...separateBilling, billState: "27", billPin: "411001", billCity: "Pune", gstin: ka }, "This GSTIN is registered in Karnataka; the billing address must be in the same state."],
    ];
    for (const [field, overrides, message] of cases) {
      const answer = await post("/checkout", { ...VALID, ...overrides, idempotencyKey: page.idempotencyKey, quoteDigest: page.quoteDigest }, lines);
      const label = `${field} = ${JSON.stringify(overrides[field])}`;
      expect(answer.status, label).toBe(400);
      expect(messageBeside(answer.body, field), label).toBe(message);
      expect(invalidFields(answer.body), label).toEqual([field]);
      expect(answer.body, label).toContain("Please correct the highlighted fields.");
      // Nothing typed is lost: the other fields come back as they were sent.
      if (field !== "shipName") expect(valueOf(answer.body, "shipName"), label).toBe("Asha Rao");
      if (field !== "phone") expect(valueOf(answer.body, "phone"), label).toBe("98765 43210");
      if (field.startsWith("bill")) expect(valueOf(answer.body, "billLine1"), label).toBe(overrides.billLine1);
    }
    // A separate, valid billing address with its own state's GSTIN is accepted (the table's base is sound).
    const good = await post("/checkout", { ...VALID, ...separateBilling, gstin: ka, idempotencyKey: page.idempotencyKey, quoteDigest: page.quoteDigest }, lines);
    expect(good.status).toBe(302);
    expect(good.location).toMatch(/^\/thank-you\?order=GL-\d{6}&key=/);
    expect(await orderCount()).toBe(before.orders + 1);
    expect(await unitsLeft(bottle)).toBe(before.bottle - 1);
  });

  it("prices from the database whatever price the form claims, and refuses a tampered quote", async () => {
    const lines = cart([[bottle, 2]]);
    const page = await openCheckout(lines);
    const shownTotal = /data-testid="checkout-total">([^<]+)</.exec(page.html)![1]!;
    const before = { orders: await orderCount(), bottle: await unitsLeft(bottle) };

    const stale = await post("/checkout", { ...VALID, idempotencyKey: page.idempotencyKey, quoteDigest: "0".repeat(32) }, lines);
    expect(stale.status).toBe(409);
    expect(stale.body).toContain("Prices or availability changed since you opened checkout.");
    const garbled = await post("/checkout", { ...VALID, idempotencyKey: page.idempotencyKey, quoteDigest: "<script>" }, lines);
    expect(garbled.status).toBe(400);
    expect(garbled.body).toContain("This checkout form has expired. Please reload the page.");
    const noKey = await post("/checkout", { ...VALID, idempotencyKey: "short", quoteDigest: page.quoteDigest }, lines);
    expect(noKey.status).toBe(400);
    expect(noKey.body).toContain("This checkout form has expired. Please reload the page.");
    expect(await orderCount()).toBe(before.orders);
    expect(await unitsLeft(bottle)).toBe(before.bottle);

    // Prices, totals and fees sent with the form are not read: the order costs what the page showed.
    const placed = await post("/checkout", { ...VALID, idempotencyKey: page.idempotencyKey, quoteDigest: page.quoteDigest, unitPricePaise: "1", pricePaise: "1", totalPaise: "100", codFeePaise: "0", shippingPaise: "0" }, lines);
    expect(placed.status).toBe(302);
    const thanks = await get(placed.location!);
    expect(/data-testid="order-total">([^<]+)</.exec(thanks.body)?.[1]).toBe(shownTotal);
    expect(shownTotal).toBe("₹2,746");
    expect(await orderCount()).toBe(before.orders + 1);
    expect(await unitsLeft(bottle)).toBe(before.bottle - 2);
  });

  it("refuses a tampered quantity or variant id in the cart and changes nothing", async () => {
    const page = await openCheckout(cart([[flask, 1]]));
    const before = { orders: await orderCount(), bottle: await unitsLeft(bottle), flask: await unitsLeft(flask) };
    const send = (lines: unknown[]) => post("/checkout", { ...VALID, idempotencyKey: `co_${crypto.randomBytes(16).toString("base64url")}`, quoteDigest: page.quoteDigest }, cart(lines));
    // Not whole positive numbers: such lines are dropped, which leaves nothing to buy.
    for (const quantity of [0, -2, 1.5, "3", null]) {
      const answer = await send([[flask, quantity]]);
      expect(answer.status, String(quantity)).toBe(400);
      expect(answer.body).toContain("Your cart is empty.");
    }
    // More than one order may hold, more than there is, and made-up or unsellable variants.
    for (const quantity of [51, 1e308]) expect((await send([[flask, quantity]])).status, String(quantity)).toBe(409);
    const moreThanStock = await send([[flask, 4]]);
    expect(moreThanStock.status).toBe(409);
    expect(moreThanStock.body).toContain("has just sold out. Your order was not placed");
    for (const variant of [crypto.randomUUID(), "not-a-uuid", draft, "' or 1=1 --"]) {
      const answer = await send([[variant, 1]]);
      expect(answer.status, variant).toBe(409);
      expect(answer.body).toContain("Prices or availability changed since you opened checkout.");
    }
    // One good line beside a bad one does not sneak through either.
    expect((await send([[flask, 1], [draft, 1]])).status).toBe(409);
    expect(await orderCount()).toBe(before.orders);
    expect(await unitsLeft(flask)).toBe(before.flask);
    expect(await unitsLeft(bottle)).toBe(before.bottle);
  });

  it("refuses a tampered order id: another cart on a used key, a thank-you link without its secret, another shopper's order", async () => {
    const lines = cart([[bottle, 1]]);
    const page = await openCheckout(withCookies(lines, asha));
    const placed = await post("/checkout", { ...VALID, idempotencyKey: page.idempotencyKey, quoteDigest: page.quoteDigest }, withCookies(lines, asha));
    expect(placed.status).toBe(302);
    const number = /order=(GL-\d{6})/.exec(placed.location!)![1]!;
    const before = { orders: await orderCount(), bottle: await unitsLeft(bottle) };

    // The same key again: the same order, not a second one; with another cart: refused.
    const again = await post("/checkout", { ...VALID, idempotencyKey: page.idempotencyKey, quoteDigest: page.quoteDigest }, withCookies(lines, asha));
    expect(again.location).toBe(placed.location);
    const reused = await post("/checkout", { ...VALID, idempotencyKey: page.idempotencyKey, quoteDigest: page.quoteDigest }, cart([[bottle, 2]]));
    expect(reused.status).toBe(409);
    expect(reused.body).toContain("This checkout was already used for another cart.");

    const thanks = await get(`/thank-you?order=${number}&key=${"A".repeat(32)}`);
    expect(thanks.status).toBe(200);
    expect(thanks.body).toContain("We could not find that order from this link.");
    expect(thanks.body).not.toContain('data-testid="order-total"');

    // The owner sees it in the account; another shopper, or anyone signed out, does not.
    const mine = await get(`/account/orders/${number}`, asha);
    expect(mine.status).toBe(200);
    expect(mine.body).toContain(`Order ${number}`);
    expect(mine.headers.get("cache-control")).toBe("private, no-store");
    expect((await get("/account", asha)).body).toContain(`/account/orders/${number}`);
    for (const pathname of [`/account/orders/${number}`, `/account/orders/${number}/invoice.pdf`, `/account/orders/${number.toLowerCase()}`, "/account/orders/GL-999999", "/account/orders/..%2Fadmin"]) {
      const other = await get(pathname, ravi);
      expect(other.status, pathname).toBe(404);
      expect(other.body).not.toContain("Asha Rao");
    }
    expect((await get("/account", ravi)).body).not.toContain(number);
    const signedOut = await get(`/account/orders/${number}`);
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent(`/account/orders/${number}`)}`);
    // No invoice before the order ships: a clear 404 for the owner too.
    expect((await get(`/account/orders/${number}/invoice.pdf`, asha)).status).toBe(404);

    // Staff notes name the order by id: a made-up id is not found, a malformed one refused, and only sales editors may write.
    expect((await post(`/admin/orders/${crypto.randomUUID()}/notes`, { note: "Hello" }, owner)).status).toBe(404);
    expect((await post("/admin/orders/GL-000001/notes", { note: "Hello" }, owner)).status).toBe(400);
    expect(await orderCount()).toBe(before.orders);
    expect(await unitsLeft(bottle)).toBe(before.bottle);
  });

  it("never answers 500 to malformed requests, and they change nothing", async () => {
    const lines = cart([[bottle, 1]]);
    const page = await openCheckout(lines);
    const before = { orders: await orderCount(), bottle: await unitsLeft(bottle) };
    const keyed = { idempotencyKey: page.idempotencyKey, quoteDigest: page.quoteDigest };
    const statuses: [string, number][] = [];
    const record = async (label: string, answer: Promise<{ status: number }>) => statuses.push([label, (await answer).status]);
    await record("empty body", post("/checkout", {}, lines));
    await record("only the keys", post("/checkout", keyed, lines));
    await record("repeated fields", fetch(`${base}/checkout`, { method: "POST", redirect: "manual", headers: { Origin: base, cookie: lines, "Content-Type": "application/x-www-form-urlencoded" }, body: `email=a@b.in&email=c@d.in&${new URLSearchParams({ ...VALID, ...keyed, phone: "" })}` }));
    await record("JSON body", fetch(`${base}/checkout`, { method: "POST", redirect: "manual", headers: { Origin: base, cookie: lines, "Content-Type": "application/json" }, body: JSON.stringify({ ...VALID, ...keyed }) }));
    const multipart = new FormData();
    multipart.set("email", "asha@example.in");
    multipart.set("shipName", new Blob(["a file, not a name"]), "name.txt");
    await record("a file for a field", fetch(`${base}/checkout`, { method: "POST", redirect: "manual", headers: { Origin: base, cookie: lines }, body: multipart }));
    // Control characters are refused before any page sees the form (a person cannot type them).
    await record("NUL in fields", post("/checkout", { ...VALID, ...keyed, shipName: "Asha\u0000", email: "\u0000@x.in" }, lines));
    await record("a bell in the landmark", post("/checkout", { ...VALID, ...keyed, shipLandmark: "near\u0007temple" }, lines));
    await record("huge field", post("/checkout", { ...VALID, ...keyed, shipLine1: "x".repeat(40_000) }, lines));
    await record("unknown payment", post("/checkout", { ...VALID, ...keyed, paymentMethod: "razorpay" }, lines));
    await record("broken cart cookie", post("/checkout", { ...VALID, ...keyed }, `${CART_COOKIE}=%E0%A4%A`));
    await record("cart cookie not a list", post("/checkout", { ...VALID, ...keyed }, `${CART_COOKIE}=${encodeURIComponent('{"a":1}')}`));
    await record("overflowing cart", post("/checkout", { ...VALID, ...keyed }, `${CART_COOKIE}=overflow`));
    await record("foreign origin", post("/checkout", { ...VALID, ...keyed }, lines, { headers: { Origin: "https://evil.example" } }));
    await record("checkout page, broken cookie", get("/checkout", `${CART_COOKIE}=%%%`));
    await record("account address form junk", post("/account/addresses/new", { name: "\u0000", phone: "x", stateCode: "<>" }, asha));
    await record("account address of nobody", post(`/account/addresses/${crypto.randomUUID()}/edit`, { name: "A", phone: "9876543210", line1: "1 Road", city: "Pune", stateCode: "27", pin: "411001" }, asha));
    await record("account address action junk", post("/account/addresses", { intent: "explode", id: "1" }, asha));
    await record("account invoice of a junk number", get("/account/orders/%00/invoice.pdf", asha));
    await record("orders CSV with junk filters", get("/admin/sales/orders.csv?status=nope&from=yesterday&page=-1&q=%25%25", owner));
    await record("note without a note", post(`/admin/orders/${crypto.randomUUID()}/notes`, {}, owner));
    for (const [label, status] of statuses) expect(status, label).toBeLessThan(500);
    expect(Object.fromEntries(statuses)).toMatchObject({
      "empty body": 400,
      "only the keys": 400,
      "repeated fields": 400,
      "JSON body": 400,
      "NUL in fields": 400,
      "a bell in the landmark": 400,
      "unknown payment": 400,
      "broken cart cookie": 400,
      "cart cookie not a list": 400,
      "overflowing cart": 400,
      "foreign origin": 403,
      "checkout page, broken cookie": 200,
      "account address form junk": 400,
      "account address of nobody": 404,
      "account address action junk": 400,
      "note without a note": 400,
    });
    expect(await orderCount()).toBe(before.orders);
    expect(await unitsLeft(bottle)).toBe(before.bottle);
  });

  it("keeps account pages to their shopper: sign-in first, /login leads a signed-in shopper to the account, private caching", async () => {
    const signedOut = await get("/account");
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("location")).toBe("/login?redirectTo=%2Faccount");
    expect((await get("/account/addresses")).headers.get("location")).toBe("/login?redirectTo=%2Faccount%2Faddresses");
    const login = await get("/login", asha);
    expect(login.status).toBe(302);
    expect(login.headers.get("location")).toBe("/account");
    expect((await get("/login?redirectTo=%2Faccount%2Faddresses", asha)).headers.get("location")).toBe("/account/addresses");
    expect((await get("/login?redirectTo=%2F%2Fevil.example", asha)).headers.get("location")).toBe("/account");
    const account = await get("/account", asha);
    expect(account.status).toBe(200);
    expect(account.headers.get("cache-control")).toBe("private, no-store");
    expect(account.body).toContain('<meta name="robots" content="noindex"/>');
    expect(account.body).toContain(`<link rel="canonical" href="http://localhost:${new URL(base).port}/account"/>`);
  });

  it("lets staff who may see orders download the filtered list as CSV, and only sales editors add notes", async () => {
    expect((await get("/admin/sales/orders.csv")).status).toBe(401);
    expect((await get("/admin/sales/orders.csv", asha)).status).toBe(401);
    const csv = await get("/admin/sales/orders.csv?q=asha%40example.in", viewer);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toMatch(/^attachment; filename="glacial-orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = parse(csv.body, { bom: true }) as string[][];
    expect(rows[0]![0]).toBe("order_number");
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.slice(1).every((r) => r[6] === "asha@example.in")).toBe(true);
    expect((parse((await get("/admin/sales/orders.csv?status=delivered", viewer)).body, { bom: true }) as string[][]).length).toBe(1);

    const someOrder = /href="\/admin\/orders\/([0-9a-f-]{36})"/.exec((await get("/admin/sales", owner)).body)![1]!;
    expect((await post(`/admin/orders/${someOrder}/notes`, { note: "Viewer says hi" }, viewer)).status).toBe(403);
    expect((await post(`/admin/orders/${someOrder}/notes`, { note: "Shopper says hi" }, asha)).status).toBe(401);
    expect((await post(`/admin/orders/${someOrder}/notes`, { note: "" }, owner)).status).toBe(400);
    const added = await post(`/admin/orders/${someOrder}/notes`, { note: "Called the customer: deliver after 6 pm." }, owner);
    expect(added.status).toBe(200);
    const detail = await get(`/admin/orders/${someOrder}`, owner);
    expect(detail.body).toContain("Called the customer: deliver after 6 pm.");
    // The timeline names the note's author.
    expect(detail.body.replace(/<!-- -->/g, "")).toMatch(/Called the customer: deliver after 6 pm\.<\/span><span[^>]*> \(owner@glacial\.in\)/);
  });
});
