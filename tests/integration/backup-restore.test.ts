import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { asc } from "drizzle-orm";
import { openDatabase, type OpenDatabaseOptions } from "~/db/database.server";
import { productVariants, products } from "~/modules/catalog/schema";
import { orders } from "~/modules/orders/schema";
import { CART_COOKIE } from "~/lib/cart/cart-cookie";
import { fixturesHash, mediaDirFor } from "../support/fixtures";
import { prepareDemoStore } from "../support/admin-server";
import { runScript } from "../support/run-script";
import { startServer, type RunningServer } from "../support/server-process";
import { createProduct, CHECKOUT_DETAILS } from "../support/shoppers";
import { createEmptyPostgresDatabase, createSeededPostgresDatabase } from "../support/test-database";

// npm run backup and npm run restore, end to end: a store with an order, backed up while its
// shop runs, restored into a new place, and a shop started there has every product, the order and
// the images. Then the refusals: over existing data without --force, and onto a running shop.
// Slow by nature (two to three spawned shops, six tool runs through tsx, two database loads): up
// to about two minutes on a busy 2-core machine, hence the generous timeouts.

const SHOPPER = CHECKOUT_DETAILS;

const servers: RunningServer[] = [];
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const s of servers) await s.stop("SIGKILL");
  for (const c of cleanups.reverse()) await c();
});

const tempDir = (prefix: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
};

/** A cash-on-delivery order placed through checkout as a shopper does; its number and thank-you link. */
async function placeOrder(base: string, variantId: string) {
  const cart = `${CART_COOKIE}=${encodeURIComponent(JSON.stringify([[variantId, 2]]))}`;
  const page = await (await fetch(`${base}/checkout`, { headers: { cookie: cart } })).text();
  const hidden = (name: string) => new RegExp(`<input\\b[^>]*\\bname="${name}"[^>]*\\bvalue="([^"]*)"`).exec(page)?.[1] ?? "";
  const res = await fetch(`${base}/checkout`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded", cookie: cart },
    body: new URLSearchParams({ ...SHOPPER, idempotencyKey: hidden("idempotencyKey"), quoteDigest: hidden("quoteDigest") }),
  });
  expect(res.status).toBe(302);
  const thankYou = res.headers.get("location")!;
  return { number: new URL(thankYou, base).searchParams.get("order")!, thankYou };
}

/** Every product page the shop lists in its sitemap. */
async function productPaths(base: string): Promise<string[]> {
  const xml = await (await fetch(`${base}/sitemap.xml`)).text();
  return [...xml.matchAll(/<loc>[^<]*?(\/product\/[^<]+)<\/loc>/g)].map((m) => m[1]!).sort();
}

/** What a restored shop must show: every product page, the order, and a product's image. */
async function expectSameShop(original: RunningServer, restored: RunningServer, order: { number: string; thankYou: string }) {
  const products = await productPaths(original.url);
  expect(products.length).toBeGreaterThanOrEqual(20);
  expect(products).toContain("/product/backup-steel-bottle");
  expect(await productPaths(restored.url)).toEqual(products);
  for (const p of products) expect((await fetch(`${restored.url}${p}`)).status, p).toBe(200);

  const thanks = await fetch(`${restored.url}${order.thankYou}`);
  expect(thanks.status).toBe(200);
  const html = await thanks.text();
  expect(html).toContain(order.number);
  expect(html).toContain("Asha Rao");

  // An image a product page shows is served from the restored media.
  const page = await (await fetch(`${restored.url}/product/${products[0]!.split("/").pop()}`)).text();
  const image = /\/images\/[^"\s?]+\.(?:webp|avif|jpe?g|png)[^"\s]*/.exec(page)?.[0];
  expect(image).toBeTruthy();
  const served = await fetch(`${restored.url}${image!.replace(/&amp;/g, "&")}`);
  expect(served.status).toBe(200);
  expect(served.headers.get("content-type")).toMatch(/^image\//);
}

/** Every product (drafts and archived too), variant and order, as stored. */
async function storedRows(options: OpenDatabaseOptions) {
  const database = await openDatabase(options);
  try {
    return {
      products: await database.db.select().from(products).orderBy(asc(products.id)),
      variants: await database.db.select().from(productVariants).orderBy(asc(productVariants.id)),
      orders: await database.db.select().from(orders).orderBy(asc(orders.id)),
    };
  } finally {
    await database.close();
  }
}

describe("npm run backup and restore on the embedded database", { timeout: 360_000 }, () => {
  it("backs up while the shop runs, restores into a new DATA_DIR where a shop finds every product, the order and the images; refuses to overwrite or to restore under a running shop", async () => {
    let variantId = "";
    const dataDir = await prepareDemoStore(async (database) => {
      variantId = (await createProduct(database.db, "backup-steel-bottle", { pricePaise: 129_900, stock: 20 })).variantId;
    }, "glacial-backup-src-");
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const original = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: "info" });
    servers.push(original);
    const order = await placeOrder(original.url, variantId);

    const out = path.join(tempDir("glacial-backups-"), "nightly");
    const backup = await runScript("backup.ts", ["--out", out], { DATA_DIR: dataDir });
    expect(backup.stderr).toBe("");
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(/^backed up the embedded database and \d+ media files into /m);
    // The running shop made the dump: it holds the data folder.
    expect(original.output()).toContain('"command":"backup"');
    const manifest = JSON.parse(fs.readFileSync(path.join(out, "manifest.json"), "utf8")) as { database: { kind: string; file: string }; media: { included: boolean; files: number }; authSecret: boolean };
    expect(manifest).toMatchObject({ database: { kind: "pglite", file: "database.tar.gz" }, media: { included: true }, authSecret: true });
    expect(manifest.media.files).toBe(fs.readdirSync(path.join(dataDir, "media"), { recursive: true }).filter((f) => fs.statSync(path.join(dataDir, "media", String(f))).isFile()).length);
    // Not over an earlier backup.
    const again = await runScript("backup.ts", ["--out", out], { DATA_DIR: dataDir });
    expect(again.code).toBe(1);
    expect(again.stderr.trim()).toBe(`backup: ${out} is not empty: choose a new folder for the backup`);

    const fresh = tempDir("glacial-restored-");
    const restore = await runScript("restore.ts", [out], { DATA_DIR: fresh });
    expect(restore.stderr).toBe("");
    expect(restore.code).toBe(0);
    expect(restore.stdout).toContain(`into ${fresh}`);
    expect(fs.readFileSync(path.join(fresh, "auth-secret"), "utf8")).toBe(fs.readFileSync(path.join(dataDir, "auth-secret"), "utf8"));

    // Refusals: over data without --force, and onto the folder of a running shop even with it.
    const over = await runScript("restore.ts", [out], { DATA_DIR: fresh });
    expect(over.code).toBe(1);
    expect(over.stderr).toMatch(/^restore: the target holds data already \(.*pglite.*\): add --force to replace it$/m);
    const underShop = await runScript("restore.ts", [out, "--force"], { DATA_DIR: dataDir });
    expect(underShop.code).toBe(1);
    expect(underShop.stderr.trim()).toBe(`restore: a shop is running on ${dataDir}: stop it before restoring`);
    const forced = await runScript("restore.ts", [out, "--force"], { DATA_DIR: fresh });
    expect(forced.code).toBe(0);

    const restored = await startServer({ DATA_DIR: fresh, LOG_LEVEL: "warn" });
    servers.push(restored);
    await expectSameShop(original, restored, order);

    // Row for row, drafts and archived products too: both shops stopped, each database opened.
    expect(await restored.stop("SIGTERM")).toBe(0);
    expect(await original.stop("SIGTERM")).toBe(0);
    const before = await storedRows({ kind: "pglite", dataDir });
    expect(before.orders.map((o) => o.number)).toEqual([order.number]);
    expect(await storedRows({ kind: "pglite", dataDir: fresh })).toEqual(before);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("npm run backup and restore on PostgreSQL", { timeout: 360_000 }, () => {
  it("pg_dump while the shop runs, pg_restore into a fresh database where a shop finds every product, the order and the images; refuses a database a shop is connected to", async () => {
    const source = await createSeededPostgresDatabase();
    cleanups.push(source.drop);
    const database = await openDatabase({ kind: "postgres", url: source.url, poolSize: 1 });
    const { variantId } = await createProduct(database.db, "backup-steel-bottle", { pricePaise: 129_900, stock: 20 });
    await database.close();
    const dataDir = tempDir("glacial-backup-pg-");
    fs.cpSync(mediaDirFor(fixturesHash()), path.join(dataDir, "media"), { recursive: true });
    const env = { DATABASE_URL: source.url, DATA_DIR: dataDir, AUTH_SECRET: "a-shared-secret-of-at-least-32-characters" };
    const original = await startServer({ ...env, LOG_LEVEL: "warn" });
    servers.push(original);
    const order = await placeOrder(original.url, variantId);

    const out = path.join(tempDir("glacial-backups-pg-"), "nightly");
    const backup = await runScript("backup.ts", ["--out", out], env);
    expect(backup.stderr).toBe("");
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(/^backed up the PostgreSQL database and \d+ media files into /m);
    const manifest = JSON.parse(fs.readFileSync(path.join(out, "manifest.json"), "utf8")) as unknown;
    // AUTH_SECRET is set: no secret file to keep (the operator keeps the variable).
    expect(manifest).toMatchObject({ database: { kind: "postgres", file: "database.pgdump" }, media: { included: true }, authSecret: false });

    // Onto the database the running shop uses: refused, even with --force.
    const underShop = await runScript("restore.ts", [out, "--force"], { ...env, DATA_DIR: tempDir("glacial-restored-pg-") });
    expect(underShop.code).toBe(1);
    expect(underShop.stderr).toMatch(/^restore: \d+ other connection\(s\) are open to this database \(a running shop\?\): stop every shop on it before restoring$/m);

    const target = await createEmptyPostgresDatabase();
    cleanups.push(target.drop);
    const fresh = tempDir("glacial-restored-pg-");
    const targetEnv = { ...env, DATABASE_URL: target.url, DATA_DIR: fresh };
    const restore = await runScript("restore.ts", [out], targetEnv);
    expect(restore.stderr).toBe("");
    expect(restore.code).toBe(0);
    const over = await runScript("restore.ts", [out], targetEnv);
    expect(over.code).toBe(1);
    expect(over.stderr).toMatch(/^restore: the target holds data already \(.*public.*\): add --force to replace it$/m);
    const forced = await runScript("restore.ts", [out, "--force"], targetEnv);
    expect(forced.stderr).toBe("");
    expect(forced.code).toBe(0);

    const restored = await startServer({ ...targetEnv, LOG_LEVEL: "warn" });
    servers.push(restored);
    await expectSameShop(original, restored, order);

    // Row for row, drafts and archived products too.
    const before = await storedRows({ kind: "postgres", url: source.url, poolSize: 1 });
    expect(before.orders.map((o) => o.number)).toEqual([order.number]);
    expect(await storedRows({ kind: "postgres", url: target.url, poolSize: 1 })).toEqual(before);
  });
});
