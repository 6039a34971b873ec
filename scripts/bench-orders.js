// Place-order latency under load: BUYERS shoppers at once, each placing ORDERS orders through the
// real checkout (GET /checkout for its key and quote, then POST the form), on PostgreSQL.
// Prints p50/p99/max of the POST that places the order, errors, and orders per second.
//
//   node scripts/bench-orders.js            a scratch database on BENCH_PG_URL (default: this machine's server)
//   BUYERS=50 ORDERS=6 (defaults)
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort, pgQuery } from "./bench-kit.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const BUYERS = Number(process.env.BUYERS ?? 50);
const ORDERS = Number(process.env.ORDERS ?? 6);
const ADMIN_URL = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const admin = (sql, url = ADMIN_URL) => pgQuery(url, sql);



const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

const name = `glacial_bench_orders_${crypto.randomBytes(4).toString("hex")}`;
await admin(`create database ${name}`);
const dbUrl = new URL(ADMIN_URL);
dbUrl.pathname = `/${name}`;
const port = await freePort();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "glacial-bench-orders-"));
const proc = spawn(process.execPath, [path.join(root, "server/main.js")], {
  cwd: root,
  env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, DATABASE_URL: dbUrl.toString(), SEED_DEMO: "always", LOG_LEVEL: "warn", NODE_ENV: "production" },
  stdio: ["ignore", "inherit", "inherit"],
});
const base = `http://127.0.0.1:${port}`;
try {
  for (let i = 0; ; i++) {
    if (i > 900) throw new Error("the server did not start");
    if (await fetch(`${base}/healthz`).then((r) => r.ok, () => false)) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const { cards } = await (await fetch(`${base}/api/best-sellers?limit=1`)).json();
  const variantId = cards[0].variantId;
  // Enough stock for every order: this measures placing orders, not selling out.
  await admin(`update product_variants set stock_quantity = 1000000 where id = '${variantId}'`, dbUrl.toString());
  const cookie = `glacial_cart=${encodeURIComponent(JSON.stringify([[variantId, 1]]))}`;

  const latencies = [];
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: BUYERS }, async (_, buyer) => {
      for (let n = 0; n < ORDERS; n++) {
        const page = await (await fetch(`${base}/checkout`, { headers: { Cookie: cookie } })).text();
        const key = /name="idempotencyKey" value="([^"]+)"/.exec(page)?.[1];
        const digest = /name="quoteDigest" value="([^"]+)"/.exec(page)?.[1];
        if (!key || !digest) {
          errors++;
          continue;
        }
        const form = new URLSearchParams({
          email: `buyer${buyer}@example.in`,
          phone: "9876543210",
          shipName: "Bench Buyer",
          shipLine1: "12, 4th Cross",
          shipCity: "Bengaluru",
          shipState: "29",
          shipPin: "560038",
          billingSame: "on",
          paymentMethod: "cod",
          idempotencyKey: key,
          quoteDigest: digest,
        });
        const t0 = performance.now();
        const res = await fetch(`${base}/checkout`, { method: "POST", redirect: "manual", headers: { Cookie: cookie, Origin: base, "Content-Type": "application/x-www-form-urlencoded" }, body: form });
        await res.arrayBuffer();
        const ms = performance.now() - t0;
        if (res.status === 302 && /\/thank-you\?order=GL-/.test(res.headers.get("location") ?? "")) latencies.push(ms);
        else errors++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const sorted = latencies.sort((a, b) => a - b);
  const placed = Number((await admin("select count(*)::int as n from orders", dbUrl.toString())).rows[0].n);
  const result = {
    database: "postgres",
    buyers: BUYERS,
    ordersEach: ORDERS,
    placed,
    errors,
    placeOrderMs: { p50: Math.round(percentile(sorted, 50)), p99: Math.round(percentile(sorted, 99)), max: Math.round(sorted.at(-1) ?? 0) },
    ordersPerSecond: Math.round((latencies.length / seconds) * 10) / 10,
  };
  console.log(JSON.stringify(result, null, 2));
  if (errors > 0 || placed !== BUYERS * ORDERS) process.exitCode = 1;
} finally {
  proc.kill("SIGTERM");
  await new Promise((r) => (proc.exitCode !== null ? r() : proc.once("exit", r)));
  await admin(`drop database if exists ${name} with (force)`);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
