// The JavaScript a storefront page costs a shopper on a first visit, as the browser received it:
// every script response's bytes on the wire (headers included, compressed as the server sent it),
// counted by Chromium itself (CDP Network.loadingFinished's encodedDataLength, the figure
// Lighthouse reports as "transferred"), and the number of script and other requests, until the
// network has been quiet for 2 s after the load event (the storefront loads its scripts after the
// load event and first paint: decision 0004). Home, a product page and a collection page, each in
// a fresh browser context (empty cache), no input.
//
//   node scripts/bench-script-bytes.js                         starts the built shop (build/) on a
//                                                               free port with a fresh data dir
//   node scripts/bench-script-bytes.js http://127.0.0.1:3901   against a running production server
//   BYTES_FILES=1 lists each script; BYTES_JSON=1 prints the result as JSON on stdout.
//
// It builds nothing: run `npx react-router build` first.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { CHROMIUM_FLAGS, freePort } from "./bench-kit.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const QUIET_MS = 2000;
const CAP_MS = 30_000;
const kb = (n) => +(n / 1024).toFixed(1);

async function waitFor(url) {
  for (let i = 0; i < 1200; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} never answered`);
}

/** Starts build/server through server/main.js on a free port with a fresh data dir (the demo shop is seeded on first start). */
async function startShop() {
  if (!fs.existsSync(path.join(root, "build/server/index.js"))) throw new Error("not built: run `npx react-router build` first");
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "glacial-bytes-"));
  const base = `http://127.0.0.1:${port}`;
  const proc = spawn(process.execPath, [path.join(root, "server/main.js")], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn", PUBLIC_URL: base },
    stdio: "ignore",
  });
  const stop = () =>
    new Promise((r) => {
      if (proc.exitCode !== null) return r();
      proc.once("exit", r);
      proc.kill("SIGTERM");
    }).then(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  try {
    await waitFor(`${base}/healthz`);
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, stop };
}

/** One first visit of `url`: the scripts and requests Chromium saw until the network was quiet. */
async function measurePage(browser, url) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    const requests = new Map();
    let last = Date.now();
    cdp.on("Network.requestWillBeSent", (e) => {
      requests.set(e.requestId, { url: e.request.url, type: e.type ?? "Other", bytes: 0, done: false });
      last = Date.now();
    });
    cdp.on("Network.responseReceived", (e) => {
      const r = requests.get(e.requestId);
      if (!r) return;
      r.type = e.type ?? r.type;
      r.encoding = e.response.headers["content-encoding"] ?? e.response.headers["Content-Encoding"] ?? "none";
    });
    cdp.on("Network.loadingFinished", (e) => {
      const r = requests.get(e.requestId);
      if (r) Object.assign(r, { bytes: e.encodedDataLength, done: true });
      last = Date.now();
    });
    cdp.on("Network.loadingFailed", (e) => {
      const r = requests.get(e.requestId);
      if (r) r.failed = e.errorText;
      last = Date.now();
    });
    const started = Date.now();
    await page.goto(url, { waitUntil: "load" });
    last = Date.now();
    while (Date.now() - last < QUIET_MS && Date.now() - started < CAP_MS) await new Promise((r) => setTimeout(r, 100));
    const all = [...requests.values()];
    const scripts = all.filter((r) => r.type === "Script");
    const doc = all.find((r) => r.type === "Document");
    return {
      scriptKB: kb(scripts.reduce((n, r) => n + r.bytes, 0)),
      scriptRequests: scripts.length,
      scriptEncodings: [...new Set(scripts.map((r) => r.encoding))],
      documentKB: doc ? kb(doc.bytes) : null,
      requests: all.length,
      files: scripts.map((r) => ({ path: new URL(r.url).pathname, bytes: r.bytes })).sort((a, b) => b.bytes - a.bytes),
    };
  } finally {
    await context.close();
  }
}

export async function measureScriptBytes(base, pages) {
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium", args: CHROMIUM_FLAGS });
  try {
    const out = {};
    for (const [name, p] of Object.entries(pages)) out[name] = await measurePage(browser, base + p);
    return out;
  } finally {
    await browser.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const given = process.argv[2];
  const shop = given ? { base: given.replace(/\/$/, ""), stop: async () => {} } : await startShop();
  try {
    const homeHtml = await (await fetch(`${shop.base}/`)).text();
    const productSlug = homeHtml.match(/href="\/product\/([a-z0-9-]+)"/)?.[1] ?? "glacier-classic-bottle";
    const pages = { home: "/", product: `/product/${productSlug}`, collection: "/collections/matte" };
    const loadStart = os.loadavg()[0].toFixed(2);
    const result = await measureScriptBytes(shop.base, pages);
    const loadEnd = os.loadavg()[0].toFixed(2);
    if (process.env.BYTES_JSON) console.log(JSON.stringify({ date: new Date().toISOString(), loadAverage: [loadStart, loadEnd], pages, result }, null, 2));
    else {
      console.log(`load average ${loadStart} -> ${loadEnd}`);
      console.log("| page | script KB transferred | script requests | encodings | document KB | all requests |");
      console.log("|---|---|---|---|---|---|");
      for (const [name, r] of Object.entries(result)) console.log(`| ${name} | ${r.scriptKB} | ${r.scriptRequests} | ${r.scriptEncodings.join(", ")} | ${r.documentKB} | ${r.requests} |`);
      if (process.env.BYTES_FILES) for (const [name, r] of Object.entries(result)) for (const f of r.files) console.log(`${name}\t${f.bytes}\t${f.path}`);
    }
  } finally {
    await shop.stop();
  }
}
