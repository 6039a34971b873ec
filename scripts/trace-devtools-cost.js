// How much of a storefront page's start-up is DevTools' own cost: the page loaded in Chromium on a
// phone-sized screen with the CPU slowed 4x, traced over a bare CDP connection, alternately with
// DevTools' Runtime domain enabled before the load (as Playwright and Lighthouse do) and without it
// (as on a shopper's phone), and the main thread's module evaluations and script calls listed.
//
// Why: with Runtime enabled, V8 records a detailed stack trace (line and column of every frame) for
// each Error a script creates, in case it ends up thrown uncaught. React DOM creates a few when it
// starts, from inside its 200 KB module function, so the first of them has V8 re-parse that
// function and its file to find the positions. The storefront's loader turns stacks off while
// the modules run (app/lib/deferred-hydration.server.ts), so on the shop's pages the two columns
// should now agree; the bare React Router page still pays it (docs/performance.md, issue 20).
//
//   node scripts/trace-devtools-cost.js http://127.0.0.1:3901 [/path]   against a running production server
//   TRACE_RUNS=3 (pairs). Nothing else is sent: no Runtime.enable in the bare runs, no input.
import * as chromeLauncher from "chrome-launcher";
import WebSocket from "ws";
import { CHROMIUM_FLAGS, median } from "./bench-kit.js";

const ms = (us) => Math.round(us / 1000);

async function traceLoad(url, withRuntime) {
  // Launched as the bench launches Chromium for Lighthouse; chrome-launcher waits for its port and
  // kills its whole process group and profile afterwards.
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium", chromeFlags: ["--headless=new", ...CHROMIUM_FLAGS] });
  try {
    let target = null;
    for (let i = 0; i < 100 && !target; i++) {
      target = await fetch(`http://127.0.0.1:${chrome.port}/json`).then((r) => r.json(), () => null).then((list) => list?.find((t) => t.type === "page") ?? null);
      if (!target) await new Promise((r) => setTimeout(r, 100));
    }
    if (!target) throw new Error("Chromium opened no page");
    const ws = new WebSocket(target.webSocketDebuggerUrl, { perMessageDeflate: false });
    await new Promise((resolve, reject) => ws.once("open", resolve).once("error", reject));
    const events = [];
    const pending = new Map();
    let id = 0;
    let finished;
    const complete = new Promise((r) => (finished = r));
    ws.on("message", (data) => {
      const message = JSON.parse(String(data));
      if (message.method === "Tracing.dataCollected") events.push(...message.params.value);
      if (message.method === "Tracing.tracingComplete") finished();
      const waiter = message.id && pending.get(message.id);
      if (!waiter) return;
      pending.delete(message.id);
      // A command Chromium refused fails the run rather than tracing a page set up wrongly.
      if (message.error) waiter.reject(new Error(`${waiter.method}: ${message.error.message}`));
      else waiter.resolve(message.result);
    });
    const send = (method, params = {}) =>
      new Promise((resolve, reject) => {
        pending.set(++id, { resolve, reject, method });
        ws.send(JSON.stringify({ id, method, params }));
      });
    await send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await send("Emulation.setDeviceMetricsOverride", { width: 412, height: 823, deviceScaleFactor: 1.75, mobile: true });
    if (withRuntime) await send("Runtime.enable");
    await send("Tracing.start", { categories: "devtools.timeline,v8.execute,toplevel", transferMode: "ReportEvents" });
    await send("Page.navigate", { url });
    await new Promise((r) => setTimeout(r, 7000));
    await send("Tracing.end");
    await complete;
    ws.close();
    const longest = (name) => Math.max(0, ...events.filter((e) => e.name === name && e.ph === "X").map((e) => e.dur));
    return { evaluateModule: ms(longest("v8.evaluateModule")), functionCall: ms(longest("FunctionCall")) };
  } finally {
    chrome.kill();
  }
}

/**
 * Pairs of loads of `url`, Runtime enabled then not; the longest module evaluation and script call
 * of each, and their medians.
 */
export async function measureDevtoolsCost(url, { runs = 3, log = () => {} } = {}) {
  const result = { runtime: [], bare: [] };
  for (let i = 0; i < runs; i++) {
    for (const mode of ["runtime", "bare"]) {
      const r = await traceLoad(url, mode === "runtime");
      result[mode].push(r);
      log(`${url} ${mode === "runtime" ? "Runtime enabled" : "no DevTools runtime"}: longest module evaluation ${r.evaluateModule} ms, longest script call ${r.functionCall} ms`);
    }
  }
  return Object.fromEntries(
    Object.entries(result).map(([mode, rs]) => [
      mode,
      { evaluateModuleMs: rs.map((r) => r.evaluateModule), medianEvaluateModuleMs: median(rs.map((r) => r.evaluateModule)), functionCallMs: rs.map((r) => r.functionCall), medianFunctionCallMs: median(rs.map((r) => r.functionCall)) },
    ]),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = (process.argv[2] ?? "http://127.0.0.1:3901").replace(/\/$/, "") + (process.argv[3] ?? "/");
  const summary = await measureDevtoolsCost(url, { runs: Number(process.env.TRACE_RUNS ?? 3), log: (line) => console.error(line) });
  console.log(JSON.stringify({ url, cpuSlowdown: 4, ...summary }, null, 2));
}
