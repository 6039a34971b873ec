// A shop's busy hour, on two server processes sharing one PostgreSQL: BROWSERS shoppers browsing
// (home, product, collection, search, the best-sellers API), BUYERS shoppers placing orders through
// the real checkout, and STREAMS support-chat streams open, with visitors writing in, all for
// SECONDS seconds. Every request goes to one of the two processes in turn, as a proxy would send
// it. Prints p50/p99 per endpoint, errors, chat delivery times across processes, and each process's
// memory, with the machine's load (figures from a busy machine are not comparable to a quiet one).
//
//   node scripts/bench-mixed.js             a scratch database on BENCH_PG_URL (default: this machine's server)
//   BROWSERS=200 BUYERS=50 STREAMS=500 SECONDS=60 (defaults)
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort, openStream, percentile, pgQuery, rssMiB } from "./bench-kit.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const BROWSERS = Number(process.env.BROWSERS ?? 200);
const BUYERS = Number(process.env.BUYERS ?? 50);
const STREAMS = Number(process.env.STREAMS ?? 500);
const SECONDS = Number(process.env.SECONDS ?? 60);
const CONVERSATIONS = 10;
const ADMIN_URL = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const admin = (sql, url = ADMIN_URL) => pgQuery(url, sql);




const round = (n) => (n === null ? null : Math.round(n));

async function startProcess(dbUrl, dataDir) {
  const port = await freePort();
  const proc = spawn(process.execPath, [path.join(root, "server/main.js")], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, DATABASE_URL: dbUrl, SEED_DEMO: "always", LOG_LEVEL: "warn", NODE_ENV: "production" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (i > 900) throw new Error("a server did not start");
    if (await fetch(`${url}/healthz`).then((r) => r.ok, () => false)) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return { url, proc };
}


const name = `glacial_bench_mixed_${crypto.randomBytes(4).toString("hex")}`;
await admin(`create database ${name}`);
const dbUrl = new URL(ADMIN_URL);
dbUrl.pathname = `/${name}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "glacial-bench-mixed-"));
const servers = [];
const timings = new Map(); // endpoint -> ms[]
const errors = new Map(); // endpoint -> count
const note = (endpoint, ms, ok) => {
  if (ok) (timings.get(endpoint) ?? timings.set(endpoint, []).get(endpoint)).push(ms);
  else errors.set(endpoint, (errors.get(endpoint) ?? 0) + 1);
};
let turn = 0;
const nextServer = () => servers[turn++ % servers.length];

try {
  // One after the other: the first migrates and seeds, the second finds it done.
  servers.push(await startProcess(dbUrl.toString(), dataDir));
  servers.push(await startProcess(dbUrl.toString(), dataDir));
  const base = servers[0].url;
  const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  const products = paths.filter((p) => p.startsWith("/product/"));
  const collections = paths.filter((p) => p.startsWith("/collections/") || p.startsWith("/collection/"));
  if (!products.length || !collections.length) throw new Error(`the sitemap lists ${products.length} products and ${collections.length} collections`);
  const { cards } = await (await fetch(`${base}/api/best-sellers?limit=1`)).json();
  const variantId = cards[0].variantId;
  await admin(`update product_variants set stock_quantity = 1000000 where id = '${variantId}'`, dbUrl.toString());
  const cartCookie = `glacial_cart=${encodeURIComponent(JSON.stringify([[variantId, 1]]))}`;
  const rssIdle = servers.map((s) => Math.round(rssMiB(s.proc.pid)));

  // Chat: conversations opened through process A; each stream on A or B in turn.
  const conversations = [];
  for (let i = 0; i < CONVERSATIONS; i++) {
    const created = await fetch(`${base}/api/support/chat`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": `10.77.0.${i + 1}` },
      body: JSON.stringify({ conversationId: null, message: `Busy hour ${i}`, visitorInfo: { name: `Visitor ${i}` } }),
    });
    if (!created.ok) throw new Error(`creating a conversation failed: ${created.status} ${await created.text()}`);
    const { conversationId, visitorToken, messages } = await created.json();
    conversations.push({ id: conversationId, token: visitorToken, after: messages.at(-1).seq });
  }
  const sentAt = new Map(); // text -> send start (each reaches the STREAMS / CONVERSATIONS streams of its conversation)
  const deliveries = [];
  const streams = [];
  for (let i = 0; i < STREAMS; i++) {
    const c = conversations[i % CONVERSATIONS];
    const server = servers[i % servers.length];
    streams.push(
      await openStream(`${server.url}/api/support/conversations/${c.id}/stream?after=${c.after}`, c.token, (message, at) => {
        const t0 = message.senderType === "visitor" ? sentAt.get(message.message) : undefined;
        if (t0 !== undefined) deliveries.push(at - t0);
      }),
    );
  }

  const memory = servers.map(() => []);
  const sampler = setInterval(() => servers.forEach((s, i) => memory[i].push(rssMiB(s.proc.pid))), 1000);
  const load0 = os.loadavg()[0];
  const deadline = performance.now() + SECONDS * 1000;
  const timed = async (endpoint, run) => {
    const t0 = performance.now();
    try {
      const ok = await run();
      note(endpoint, performance.now() - t0, ok);
    } catch {
      note(endpoint, performance.now() - t0, false);
    }
  };
  const pick = (list) => list[Math.floor(Math.random() * list.length)];
  const get = (url, opts) => fetch(url, opts).then(async (r) => (await r.arrayBuffer(), r.ok));

  const browsing = Array.from({ length: BROWSERS }, async (_, shopper) => {
    const pages = [
      ["home", () => "/"],
      ["product", () => pick(products)],
      ["collection", () => pick(collections)],
      ["search", () => `/search?q=${pick(["bottle", "tumbler", "steel", "flask", "1 litre"])}`],
      ["api best-sellers", () => "/api/best-sellers?limit=6"],
    ];
    for (let n = shopper; performance.now() < deadline; n++) {
      const [endpoint, target] = pages[n % pages.length];
      await timed(endpoint, () => get(`${nextServer().url}${target()}`));
      await new Promise((r) => setTimeout(r, 200 + Math.random() * 300));
    }
  });

  const buying = Array.from({ length: BUYERS }, async (_, buyer) => {
    while (performance.now() < deadline) {
      const server = nextServer();
      let key;
      let digest;
      await timed("checkout page", async () => {
        const res = await fetch(`${server.url}/checkout`, { headers: { Cookie: cartCookie } });
        const page = await res.text();
        key = /name="idempotencyKey" value="([^"]+)"/.exec(page)?.[1];
        digest = /<input\b[^>]*\bname="quoteDigest"[^>]*>/.exec(page)?.[0]?.match(/\bvalue="([^"]+)"/)?.[1];
        return res.ok && Boolean(key && digest);
      });
      if (!key || !digest) continue;
      const form = new URLSearchParams({ email: `buyer${buyer}@example.in`, phone: "9876543210", shipName: "Bench Buyer", shipLine1: "12, 4th Cross", shipCity: "Bengaluru", shipState: "29", shipPin: "560038", billingSame: "on", paymentMethod: "cod", idempotencyKey: key, quoteDigest: digest });
      await timed("place order", async () => {
        const res = await fetch(`${server.url}/checkout`, { method: "POST", redirect: "manual", headers: { Cookie: cartCookie, Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" }, body: form });
        await res.arrayBuffer();
        return res.status === 302 && /\/thank-you\?order=GL-/.test(res.headers.get("location") ?? "");
      });
      await new Promise((r) => setTimeout(r, 500 + Math.random() * 500));
    }
  });

  // Visitors write: one message every 2 s somewhere, through either process.
  const chatting = (async () => {
    for (let n = 0; performance.now() < deadline; n++) {
      const c = conversations[n % CONVERSATIONS];
      const text = `mixed load ${n} ${crypto.randomBytes(3).toString("hex")}`;
      sentAt.set(text, performance.now());
      await timed("chat message", async () => {
        const res = await fetch(`${nextServer().url}/api/support/chat`, {
          method: "POST",
          headers: { "Content-Type": "application/json", "X-Visitor-Token": c.token },
          body: JSON.stringify({ conversationId: c.id, message: text }),
        });
        await res.arrayBuffer();
        return res.ok;
      });
      await new Promise((r) => setTimeout(r, 2000));
    }
  })();

  await Promise.all([...browsing, ...buying, chatting]);
  await new Promise((r) => setTimeout(r, 1500)); // the last messages' deliveries
  clearInterval(sampler);
  for (const s of streams) s.destroy();

  const endpoints = {};
  for (const endpoint of [...new Set([...timings.keys(), ...errors.keys()])].sort()) {
    const sorted = (timings.get(endpoint) ?? []).sort((a, b) => a - b);
    endpoints[endpoint] = { requests: sorted.length + (errors.get(endpoint) ?? 0), p50: round(percentile(sorted, 50)), p99: round(percentile(sorted, 99)), errors: errors.get(endpoint) ?? 0 };
  }
  const delivered = deliveries.sort((a, b) => a - b);
  const placed = Number((await admin("select count(*)::int as n from orders", dbUrl.toString())).rows[0].n);
  const result = {
    processes: servers.length,
    database: "postgres",
    seconds: SECONDS,
    browsers: BROWSERS,
    buyers: BUYERS,
    streams: STREAMS,
    ordersPlaced: placed,
    endpoints,
    errors: [...errors.values()].reduce((a, b) => a + b, 0),
    chatDeliveryMs: { expected: sentAt.size * (STREAMS / CONVERSATIONS), deliveries: delivered.length, p50: round(percentile(delivered, 50)), p99: round(percentile(delivered, 99)) },
    memoryMiB: servers.map((_, i) => ({ idle: rssIdle[i], max: Math.round(Math.max(...memory[i].filter(Number.isFinite))), end: Math.round(memory[i].at(-1) ?? NaN) })),
    loadAverage: { start: Math.round(load0 * 10) / 10, end: Math.round(os.loadavg()[0] * 10) / 10, cores: os.cpus().length },
  };
  console.log(JSON.stringify(result, null, 2));
  if (result.errors > 0 || result.chatDeliveryMs.deliveries < result.chatDeliveryMs.expected) process.exitCode = 1;
} finally {
  for (const s of servers) s.proc.kill("SIGTERM");
  await Promise.all(servers.map((s) => new Promise((r) => (s.proc.exitCode !== null ? r() : s.proc.once("exit", r)))));
  await admin(`drop database if exists ${name} with (force)`);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
