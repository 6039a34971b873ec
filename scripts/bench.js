// `npm run bench`: the performance budgets of docs/performance.md, measured on this machine.
// Builds and serves the production shop and, in the same run, a bare React Router 7 page built
// with the same toolchain (the framework's floor); then Lighthouse 12 (mobile: BENCH_RUNS rounds of
// the bare page and each shop page in turn, with the machine's load average and Lighthouse's CPU
// index (what phone a 4x slowdown stands for on this host) at each run; desktop:
// median of BENCH_RUNS runs), the first tap on a slowed phone (scripts/bench-first-tap.js) and
// autocannon on the shop's pages and the bare page; then the support streams, placing orders and
// the support bot's score (each of those also runs alone). BENCH_ONLY=storefront stops after the
// storefront's figures; BENCH_ONLY=pages after the storefront's figures and the pages' throughput;
// BENCH_ONLY=load measures the pages' throughput alone (with start-up).
// Each mobile round also loads every shop page with its scripts taken out (scripts/
// bench-document-alone.js, a proxy on port 3904): the blocking time of the HTML, CSS and images
// alone, the floor under whatever the scripts cost, on the same machine in the same round.
// BENCH_BASELINE=<checkout> measures an earlier commit (a checkout with its dependencies installed,
// e.g. a `git worktree`) in the same run: built, started and measured beside this one, page by
// page in the same Lighthouse rounds, so "no worse than before" is read on one machine at one time.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";
import autocannon from "autocannon";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { CHROMIUM_FLAGS, median } from "./bench-kit.js";
import { CPU_SLOWDOWN, PHONE_INDEX, hostBenchmarkIndex, measureFirstTap } from "./bench-first-tap.js";
import { measureDevtoolsCost } from "./trace-devtools-cost.js";
import { measureScriptBytes } from "./bench-script-bytes.js";
import { measureStartup } from "./measure-startup.js";
import { blockingOfRun, formatKinds } from "./lighthouse-blocking.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const log = (...a) => console.error("bench:", ...a);
// BENCH_ONLY=storefront: Lighthouse, the first tap and the pages' JavaScript only (the server-side
// parts take a quarter of an hour and load the machine the storefront figures are taken on).
const STOREFRONT_ONLY = ["storefront", "pages", "load"].includes(process.env.BENCH_ONLY ?? "");
const THROUGHPUT = process.env.BENCH_ONLY !== "storefront";
const LOAD_ONLY = process.env.BENCH_ONLY === "load";
const BASELINE = process.env.BENCH_BASELINE ? path.resolve(process.env.BENCH_BASELINE) : null;
if (BASELINE && !fs.existsSync(path.join(BASELINE, "node_modules/@react-router/dev/bin.js"))) {
  throw new Error(`BENCH_BASELINE=${BASELINE}: not a checkout with its dependencies installed (run npm install there)`);
}

function run(cmd, args, cwd) {
  const r = spawnSync(cmd, args, { cwd, stdio: ["ignore", "ignore", "inherit"] });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed`);
}

async function waitFor(url) {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} never answered`);
}

function startProcess(args, env, cwd = root) {
  const proc = spawn(process.execPath, args, { cwd, env: { ...process.env, ...env }, stdio: "ignore" });
  return { stop: () => new Promise((r) => (proc.exitCode !== null ? r() : (proc.once("exit", r), proc.kill("SIGTERM")))) };
}

async function lighthouseRun(url, desktop) {
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), "glacial-lh-"));
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium", chromeFlags: ["--headless=new", ...CHROMIUM_FLAGS, `--user-data-dir=${userDataDir}`], userDataDir: false });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error" }, desktop ? desktopConfig : undefined);
    const lhr = result.lhr;
    // A run Lighthouse could not finish (e.g. NO_FCP on a starved CPU) has null scores: not a 0.
    if (lhr.runtimeError || lhr.categories.performance.score === null) return { failed: lhr.runtimeError?.code ?? "no score" };
    const scripts = lhr.audits["network-requests"].details.items.filter((i) => i.resourceType === "Script");
    // Where the mobile blocking time comes from (Lighthouse's own model of the run, by kind of
    // work). A figure the bench cannot split is still a figure: the split is left out, not the run.
    const split = desktop ? null : await blockingOfRun(result).catch((error) => (log(`blocking time not split: ${error.message}`), null));
    const blocking = split ? Object.fromEntries(split.byKind) : null;
    return {
      performance: Math.round(lhr.categories.performance.score * 100),
      accessibility: Math.round(lhr.categories.accessibility.score * 100),
      bestPractices: Math.round(lhr.categories["best-practices"].score * 100),
      seo: Math.round(lhr.categories.seo.score * 100),
      lcpMs: Math.round(lhr.audits["largest-contentful-paint"].numericValue),
      tbtMs: Math.round(lhr.audits["total-blocking-time"].numericValue),
      scriptTransferBytes: scripts.reduce((n, s) => n + (s.transferSize ?? 0), 0),
      scriptRequests: scripts.length,
      // The host's CPU power as this run's Lighthouse read it (see hostBenchmarkIndex).
      benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
      ...(blocking ? { blocking } : {}),
      // The same tasks' blocking time counted from the main thread's time on a core, and the share
      // of their real time it had one (scripts/lighthouse-blocking.js, blockingOnCpu).
      ...(split ? { tbtOnCpuMs: Math.round(split.tbtOnCpuMs), onCpuShare: split.onCpuShare === null ? null : +split.onCpuShare.toFixed(2) } : {}),
    };
  } finally {
    await chrome.kill();
    fs.rmSync(userDataDir, { recursive: true, force: true });
  }
}

async function lighthouseMedian(url, desktop) {
  const runs = [];
  const failed = [];
  for (let i = 0; i < RUNS; i++) {
    const run = await lighthouseRun(url, desktop);
    if (run.failed) failed.push(run.failed);
    else runs.push(run);
  }
  if (runs.length === 0) return { failed };
  const pick = (k) => median(runs.map((r) => r[k]));
  return { performance: pick("performance"), runs: runs.map((r) => r.performance), benchmarkIndexes: runs.map((r) => r.benchmarkIndex), ...(failed.length ? { failed } : {}), accessibility: pick("accessibility"), bestPractices: pick("bestPractices"), seo: pick("seo"), lcpMs: pick("lcpMs"), scriptKB: +(pick("scriptTransferBytes") / 1024).toFixed(1) };
}

/**
 * Loads each page once at Lighthouse's phone and desktop sizes before anything is measured, so the
 * first measured run of a server does not pay for what any later visit finds ready (images resized
 * and cached on first request): every server meets the rounds in the same state.
 */
async function warmUp(base, pagePaths) {
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium", args: CHROMIUM_FLAGS });
  try {
    for (const size of [{ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true }, { viewport: { width: 1350, height: 940 }, deviceScaleFactor: 1 }]) {
      const context = await browser.newContext(size);
      const page = await context.newPage();
      for (const p of pagePaths) {
        await page.goto(base + p, { waitUntil: "load" });
        await page.mouse.wheel(0, 20_000);
        await page.waitForTimeout(1_000);
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
}

/** The machine's load average over the last minute, to two decimals. */
const loadAverage = () => +os.loadavg()[0].toFixed(2);

/**
 * Mobile Lighthouse on a machine that may be busy: each round runs the bare page and then every
 * shop page, so a round's pages meet the same load, and each page is compared with the bare page
 * of its own round. Returns per page the medians over the rounds, and the rounds themselves with
 * the load average at each run.
 */
async function lighthouseMobileInterleaved(targets) {
  const rounds = [];
  for (let i = 0; i < RUNS; i++) {
    const round = {};
    for (const [name, url] of Object.entries(targets)) {
      const loadBefore = loadAverage();
      const run = await lighthouseRun(url, false);
      round[name] = { ...run, load: loadBefore };
      const onCpu = run.tbtMs > 0 && run.onCpuShare != null ? `; on a core ${Math.round(run.onCpuShare * 100)}% of the blocking tasks' time, TBT so counted ${run.tbtOnCpuMs} ms` : "";
      log(`lighthouse mobile round ${i + 1} ${name}: ${run.failed ?? `${run.performance}, TBT ${run.tbtMs} ms${run.tbtMs > 0 && run.blocking ? ` (${formatKinds(run.blocking)}${onCpu})` : ""}`} (load ${loadBefore}${run.benchmarkIndex ? `, CPU index ${run.benchmarkIndex}` : ""})`);
    }
    rounds.push(round);
  }
  const summary = {};
  for (const name of Object.keys(targets)) {
    const ok = rounds.map((r) => r[name]).filter((r) => !r.failed);
    if (ok.length === 0) {
      summary[name] = { failed: rounds.map((r) => r[name].failed) };
      continue;
    }
    const pick = (k) => median(ok.map((r) => r[k]));
    const middle = ok.find((r) => r.tbtMs === pick("tbtMs"));
    // The gap to the bare page of the same round, then the median gap.
    const paired = rounds.filter((r) => !r[name].failed && !r.bare.failed);
    summary[name] = {
      performance: pick("performance"),
      runs: rounds.map((r) => r[name].performance ?? null),
      tbtMs: pick("tbtMs"),
      // The median run's blocking time by what its tasks were doing (ms).
      tbtByKind: middle.blocking ? Object.fromEntries(Object.entries(middle.blocking).map(([kind, ms]) => [kind, Math.round(ms)])) : null,
      // Each round's blocking time counted from thread time, and the share of the blocking tasks'
      // real time the main thread was on a core (null: no blocking task, or no split).
      tbtOnCpuMs: rounds.map((r) => r[name].tbtOnCpuMs ?? null),
      onCpuShares: rounds.map((r) => r[name].onCpuShare ?? null),
      lcpMs: pick("lcpMs"),
      accessibility: pick("accessibility"),
      bestPractices: pick("bestPractices"),
      seo: pick("seo"),
      scriptKB: +(pick("scriptTransferBytes") / 1024).toFixed(1),
      scriptRequests: pick("scriptRequests"),
      ...(name === "bare" || paired.length === 0
        ? {}
        : {
            pointsBelowBare: median(paired.map((r) => r.bare.performance - r[name].performance)),
            tbtTimesBare: +median(paired.map((r) => r[name].tbtMs / Math.max(1, r.bare.tbtMs))).toFixed(2),
            // The same ratio from thread time: what is left once no task is charged for waiting.
            ...(paired.every((r) => r[name].tbtOnCpuMs != null && r.bare.tbtOnCpuMs != null)
              ? { tbtOnCpuTimesBare: +median(paired.map((r) => r[name].tbtOnCpuMs / Math.max(1, r.bare.tbtOnCpuMs))).toFixed(2) }
              : {}),
          }),
      loadAverages: rounds.map((r) => r[name].load),
      benchmarkIndexes: rounds.map((r) => r[name].benchmarkIndex ?? null),
    };
  }
  return summary;
}

async function load(url, connections, headers = {}) {
  const r = await autocannon({ url, connections, duration: DURATION, headers });
  return { connections, rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

/**
 * Gzipped size of the JavaScript a page loads in Chromium on a first visit, without input: every
 * script requested until none has been for 2 s after the load event (so chunks loaded lazily after
 * hydration count too), each gzipped from the build folder. (Not "network idle": the live home
 * page keeps its event stream open.)
 */
async function jsGzipKB(base, pagePath, clientDir) {
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium", args: CHROMIUM_FLAGS });
  try {
    const page = await browser.newPage();
    const scripts = new Set();
    let last = Date.now();
    page.on("request", (r) => {
      if (r.resourceType() !== "script") return;
      scripts.add(new URL(r.url()).pathname);
      last = Date.now();
    });
    await page.goto(base + pagePath);
    last = Date.now();
    while (Date.now() - last < 2000) await new Promise((r) => setTimeout(r, 100));
    let total = 0;
    for (const src of scripts) total += zlib.gzipSync(fs.readFileSync(path.join(clientDir, src))).length;
    return { gzipKB: +(total / 1024).toFixed(1), files: scripts.size };
  } finally {
    await browser.close();
  }
}

log("building the shop and the bare page");
run(process.execPath, [path.join(root, "node_modules/@react-router/dev/bin.js"), "build"], root);
fs.writeFileSync(path.join(root, "build", ".build-stamp"), new Date().toISOString());
run(process.execPath, [path.join(root, "node_modules/@react-router/dev/bin.js"), "build"], path.join(root, "bench/bare"));
const baselineCommit = BASELINE ? spawnSync("git", ["rev-parse", "--short", "HEAD"], { cwd: BASELINE, encoding: "utf8" }).stdout.trim() : null;
if (BASELINE) {
  log(`building the baseline ${baselineCommit} in ${BASELINE}`);
  run(process.execPath, [path.join(BASELINE, "node_modules/@react-router/dev/bin.js"), "build"], BASELINE);
}

log("measuring start-up");
const startup = await measureStartup(3917);
const baselineStartup = BASELINE ? await measureStartup(3917, BASELINE) : null;

// A server left running on either port would be measured in place of this build's.
for (const port of [3901, 3902, 3903, 3904]) {
  const taken = await fetch(`http://127.0.0.1:${port}/`).then(() => true, () => false);
  if (taken) throw new Error(`port ${port} is already in use: stop what listens there and run the bench again`);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "glacial-bench-"));
const shop = startProcess([path.join(root, "server/main.js")], { DATA_DIR: dataDir, PORT: "3901", HOST: "127.0.0.1", LOG_LEVEL: "warn", PUBLIC_URL: "http://127.0.0.1:3901" });
const bare = startProcess([path.join(root, "bench/bare/server.js")], { PORT: "3902" }, path.join(root, "bench/bare"));
const SHOP = "http://127.0.0.1:3901";
const BARE = "http://127.0.0.1:3902";
const baselineDataDir = BASELINE ? fs.mkdtempSync(path.join(os.tmpdir(), "glacial-bench-baseline-")) : null;
const baseline = BASELINE ? startProcess([path.join(BASELINE, "server/main.js")], { DATA_DIR: baselineDataDir, PORT: "3903", HOST: "127.0.0.1", LOG_LEVEL: "warn", PUBLIC_URL: "http://127.0.0.1:3903" }, BASELINE) : null;
const BASE = "http://127.0.0.1:3903";
const documentAlone = startProcess([path.join(root, "scripts/bench-document-alone.js"), "http://127.0.0.1:3901", "3904"], {});
const NO_SCRIPTS = "http://127.0.0.1:3904";
await waitFor(`${SHOP}/healthz`);
await waitFor(`${NO_SCRIPTS}/healthz`);
await waitFor(`${BARE}/`);
if (BASELINE) await waitFor(`${BASE}/healthz`);

const homeHtml = await (await fetch(`${SHOP}/`)).text();
const productSlug = homeHtml.match(/href="\/product\/([a-z0-9-]+)"/)?.[1] ?? "glacier-classic-bottle";
const pages = { home: "/", product: `/product/${productSlug}`, collection: "/collections/matte" };
const lcpTag = homeHtml.match(/<img[^>]*fetchpriority="high"[^>]*>/i)?.[0] ?? null;

const commit = spawnSync("git", ["rev-parse", "--short", "HEAD"], { cwd: root, encoding: "utf8" }).stdout.trim();
const results = { date: new Date().toISOString(), commit, machine: `${os.cpus().length} cores, ${os.cpus()[0]?.model}`, node: process.version, startup, lighthouse: {}, load: {}, js: {} };
// The baseline's pages go by the same names with "baseline " in front, in the same rounds.
const baselinePages = BASELINE ? Object.fromEntries(Object.entries(pages).map(([name, p]) => [`baseline ${name}`, p])) : {};
if (BASELINE) results.baseline = { commit: baselineCommit, startup: baselineStartup };
try {
  log("warming up every server's pages");
  await warmUp(SHOP, Object.values(pages));
  await warmUp(BARE, ["/"]);
  if (BASELINE) await warmUp(BASE, Object.values(pages));
  if (!LOAD_ONLY) {
    log(`lighthouse mobile, interleaved with the bare page (load average ${loadAverage()})`);
    results.lighthouse.mobile = await lighthouseMobileInterleaved({
      bare: `${BARE}/`,
      ...Object.fromEntries(Object.entries(pages).map(([name, p]) => [name, SHOP + p])),
      ...Object.fromEntries(Object.entries(baselinePages).map(([name, p]) => [name, BASE + p])),
      ...Object.fromEntries(Object.entries(pages).map(([name, p]) => [`${name}, no scripts`, NO_SCRIPTS + p])),
    });
    results.lighthouse.desktop = { bare: await lighthouseMedian(`${BARE}/`, true) };
    for (const [name, url] of [...Object.entries(pages).map(([name, p]) => [name, SHOP + p]), ...Object.entries(baselinePages).map(([name, p]) => [name, BASE + p])]) {
      log(`lighthouse desktop ${name}`);
      results.lighthouse.desktop[name] = await lighthouseMedian(url, true);
    }
    // The first tap on a slow phone (scripts/bench-first-tap.js): each common button, as soon as it
    // shows and once the page has settled, median of 5; before each page's buttons, the bare page's
    // one button tapped settled, as that host's floor of a tap.
    const firstTapLoad = loadAverage();
    const firstTapIndex = await hostBenchmarkIndex();
    log(`first tap, CPU slowed ${PHONE_INDEX === null ? `${CPU_SLOWDOWN}x` : `to a phone of CPU index ${PHONE_INDEX}, per tap`} (load average ${firstTapLoad}, CPU index ${firstTapIndex})`);
    results.firstTap = { cpuSlowdown: PHONE_INDEX === null ? CPU_SLOWDOWN : null, phoneIndex: PHONE_INDEX, loadAverageAtStart: firstTapLoad, benchmarkIndexAtStart: firstTapIndex, ...(await measureFirstTap(SHOP, pages, { runs: Number(process.env.FIRST_TAP_RUNS ?? 5), log, floor: BARE })), loadAverageAtEnd: loadAverage(), benchmarkIndexAtEnd: await hostBenchmarkIndex() };
    log(`first tap done (CPU index ${results.firstTap.benchmarkIndexAtEnd})`);
    if (BASELINE) {
      log(`first tap, baseline ${baselineCommit} (load average ${loadAverage()})`);
      const baselineTapLoad = loadAverage();
      results.baseline.firstTap = { loadAverageAtStart: baselineTapLoad, pages: (await measureFirstTap(BASE, pages, { runs: Number(process.env.FIRST_TAP_RUNS ?? 5), log })).pages, loadAverageAtEnd: loadAverage() };
    }
    // Lighthouse and the first-tap runs above drive the page with DevTools' Runtime domain on, which
    // makes React DOM's start-up cost more (scripts/trace-devtools-cost.js): the same start-up with
    // it on and off, home and the bare page, so the figures above can be read against a phone's.
    log(`DevTools' share of the start-up (load average ${loadAverage()})`);
    results.devtoolsCost = { home: await measureDevtoolsCost(`${SHOP}/`, { log }), bare: await measureDevtoolsCost(`${BARE}/`, { log }) };
    const home = await jsGzipKB(SHOP, "/", path.join(root, "build/client"));
    const bareJs = await jsGzipKB(BARE, "/", path.join(root, "bench/bare/build/client"));
    results.js = { homeGzipKB: home.gzipKB, homeFiles: home.files, bareGzipKB: bareJs.gzipKB, bareFiles: bareJs.files };
    // As the browser received it (compressed, headers included) and how many requests: issue 20's
    // "home script as transferred <= 140 KB" (scripts/bench-script-bytes.js).
    log(`script bytes as transferred (load average ${loadAverage()})`);
    const transferred = await measureScriptBytes(SHOP, pages);
    const bareTransferred = await measureScriptBytes(BARE, { bare: "/" });
    const baselineTransferred = BASELINE ? Object.fromEntries(Object.entries(await measureScriptBytes(BASE, pages)).map(([name, r]) => [`baseline ${name}`, r])) : {};
    results.js.transferred = Object.fromEntries(
      Object.entries({ ...transferred, ...bareTransferred, ...baselineTransferred }).map(([name, r]) => [name, { scriptKB: r.scriptKB, scriptRequests: r.scriptRequests, documentKB: r.documentKB, requests: r.requests }]),
    );
    results.lcp = { tag: lcpTag, fetchpriorityHigh: Boolean(lcpTag), lazy: lcpTag ? /loading="lazy"/.test(lcpTag) : null };
  }
  for (const c of THROUGHPUT ? [10, 50] : []) {
    log(`autocannon c=${c} (load average ${loadAverage()})`);
    // Each page on this build, then at once the same page on the baseline: a slower stretch of
    // the machine falls on both alike rather than on one build's whole series.
    const row = { bare: await load(`${BARE}/`, c) };
    for (const [name, p] of Object.entries(pages)) {
      row[name] = await load(SHOP + p, c);
      if (BASELINE) row[`baseline ${name}`] = await load(BASE + p, c);
    }
    results.load[`c${c}`] = row;
  }
  // What a browser is sent when no proxy in front compresses: the same pages asked for with
  // Accept-Encoding, compressed by the shop on every request.
  if (THROUGHPUT) {
    log(`autocannon c=10, compressed (load average ${loadAverage()})`);
    const gzip = { "accept-encoding": "gzip, deflate, br" };
    const row = {};
    for (const [name, p] of Object.entries(pages)) {
      row[name] = await load(SHOP + p, 10, gzip);
      if (BASELINE) row[`baseline ${name}`] = await load(BASE + p, 10, gzip);
    }
    results.load.c10gzip = row;
  }
} finally {
  await documentAlone.stop();
  await shop.stop();
  await bare.stop();
  await baseline?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (baselineDataDir) fs.rmSync(baselineDataDir, { recursive: true, force: true });
}

if (STOREFRONT_ONLY) {
  fs.mkdirSync(path.join(root, ".cache/bench"), { recursive: true });
  const name = [process.env.BENCH_ONLY, BASELINE ? `against-${baselineCommit}` : null].filter(Boolean).join("-");
  fs.writeFileSync(path.join(root, `.cache/bench/${name}.json`), JSON.stringify(results, null, 2));
  console.log(JSON.stringify(results, null, 2));
  process.exit(0);
}

/**
 * The JSON report a bench script prints: the block from a line that is only "{" to the last "}".
 * Anything else on stdout (a server's log line, itself JSON, such as "no staff account yet") is
 * not the report.
 */
function reportOf(stdout) {
  const start = stdout.search(/^\{$/m);
  const end = stdout.lastIndexOf("}");
  return start >= 0 && end > start ? JSON.parse(stdout.slice(start, end + 1)) : null;
}

/**
 * Runs one bench script (`.ts` ones through tsx) and returns its report with whether it passed,
 * or the exit status when it printed none.
 */
function runBenchScript(script) {
  const tsx = path.join(root, "node_modules/tsx/dist/cli.mjs");
  const args = script.endsWith(".ts") ? [tsx, path.join(root, script)] : [path.join(root, script)];
  const run = spawnSync(process.execPath, args, { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
  const report = reportOf(run.stdout);
  return report ? { ...report, passed: run.status === 0 } : { error: `exit ${run.status}`, passed: false };
}

// Issue 7's load check: 500 support streams on one server process (a fresh one, on its own data).
log("support streams: 500 streams on one process");
results.supportStreams = runBenchScript("scripts/bench-support-streams.js");

// Issue 16's check: place-order latency at 50 concurrent buyers on PostgreSQL, through the real checkout.
log("place order: 50 buyers at once on PostgreSQL");
results.placeOrder = runBenchScript("scripts/bench-orders.js");

// A busy hour on two processes and PostgreSQL: 200 browsing, 50 buying, 500 chat streams for 60 s.
log("mixed load: 200 browsing + 50 buying + 500 chat streams, 60 s, two processes on PostgreSQL");
results.mixedLoad = runBenchScript("scripts/bench-mixed.js");

// Issue 19's check: the support bot's score on each of its two evaluation sets (the tuned one and
// the held-out one) and its answer time without an LLM (also runs alone: npx tsx bench/bench-bot.ts).
log("support bot: evaluation set score and answer time");
{
  results.supportBot = runBenchScript("bench/bench-bot.ts");
  if (!results.supportBot.error) {
    const { sets, botAnswerMs, chatCallMs } = results.supportBot;
    const pct = (s) => !s ? "not run" : `${(s.score * 100).toFixed(1)}% right (${s.right}/${s.questions}; outside its knowledge ${s.outsideKnowledge.handedOver}/${s.outsideKnowledge.questions} handed over)`;
    log(`support bot, tuned set: ${pct(sets.tuned)}`);
    log(`support bot, held-out set (written blind; first try before any change is in docs/performance.md): ${pct(sets.holdout)}`);
    log(`support bot, fresh batch (written after the held-out round, not tuned to; not gated): ${pct(sets.fresh)}`);
    log(`support bot: bot answer p99 ${botAnswerMs.p99} ms, whole chat call p99 ${chatCallMs.p99} ms`);
  }
}

// Issue 18's check: the dashboard's and the GST report's server time with 100,000 orders, on
// PostgreSQL and PGlite (also runs alone: npx tsx bench/bench-reports.ts).
log("reports: dashboard and GST report with 100,000 orders");
{
  results.reports = runBenchScript("bench/bench-reports.ts");
  if (!results.reports.error) log(`reports: dashboard 30 days ${results.reports.postgres.dashboardMs["30d"]} ms on PostgreSQL, ${results.reports.pglite.dashboardMs["30d"]} ms on PGlite`);
}

fs.mkdirSync(path.join(root, ".cache/bench"), { recursive: true });
fs.writeFileSync(path.join(root, ".cache/bench/latest.json"), JSON.stringify(results, null, 2));
console.log(JSON.stringify(results, null, 2));
