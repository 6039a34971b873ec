// What an early tap waits for: a Chromium trace of "Add to Cart" tapped on a product page as soon as
// it shows, on a phone-sized touch screen with the CPU slowed 4x, and the main thread's tasks that
// ran between the touch and the frame that showed the cart panel, each with what took its time
// (parsing HTML, compiling or running script, style, layout, paint, image decoding...).
//
//   node scripts/trace-first-tap.js http://127.0.0.1:3901 [/product/slug]   against a running production server
//   TRACE_RUNS=3 (default 3); TRACE_FILE=trace.json keeps the last trace; TRACE_SETTLED=1 taps once
//   React has hydrated and no long task has run for a second instead; a path of / taps the first
//   best seller's Add to Cart on home. TRACE_BUTTON=chat taps the chat button instead (its answer:
//   the chat's dialog).
//
// Each event dispatch of 4 ms or more in that window is listed too, with its listeners (the
// function and script of each call of 1 ms or more): whose listener the tap's time went to (the
// early-tap script's, the loader's, React's `dispatchDiscreteEvent`...).
import fs from "node:fs";
import { chromium } from "playwright-core";
import { CHROMIUM_FLAGS } from "./bench-kit.js";

const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
const CHAT = process.env.TRACE_BUTTON === "chat";
const CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "blink.user_timing", "v8.execute", "loading", "toplevel", "disabled-by-default-devtools.timeline.frame"];

/** In the page before its scripts: the touch's own time and the first frame showing the cart panel. */
function watch(answerName) {
  const state = { tap: null, answered: null, lastLongTask: 0 };
  window.__trace = state;
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) state.lastLongTask = Math.max(state.lastLongTask, e.startTime + e.duration);
    }).observe({ type: "longtask", buffered: true });
  } catch {
    // No long task timing: a settled tap then only waits for hydration.
  }
  addEventListener("pointerdown", (e) => state.tap ?? (state.tap = e.timeStamp), { capture: true });
  const check = () => {
    if (state.tap !== null && [...document.querySelectorAll('[role="dialog"], dialog')].some((d) => {
        const by = d.getAttribute("aria-labelledby");
        const name = (by ? by.split(/\s+/).map((id) => document.getElementById(id)?.textContent ?? "").join(" ") : d.getAttribute("aria-label")) ?? "";
        return name.includes(answerName) && d.getBoundingClientRect().width > 0;
      })) {
      requestAnimationFrame(() => setTimeout(() => (state.answered ??= performance.now())));
      return;
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

/** What one main-thread task spent its time on: its direct sub-events, largest first. */
function breakdown(task, events) {
  // The scheduler's own wrappers say nothing about the work: look through them.
  const wrapper = /RunTask|ThreadController|MicrotaskCheckpoint|SequenceManager|TaskQueue/;
  const inside = events.filter((e) => e.ts >= task.ts && e.ts + (e.dur ?? 0) <= task.ts + task.dur && e !== task && e.dur > 0 && !wrapper.test(e.name));
  // Direct children: not inside another event of the list.
  const direct = inside.filter((e) => !inside.some((o) => o !== e && o.ts <= e.ts && o.ts + o.dur >= e.ts + e.dur && (o.ts < e.ts || o.dur > e.dur)));
  const totals = new Map();
  for (const e of direct) {
    const url = e.args?.data?.url ?? e.args?.data?.stackTrace?.[0]?.url ?? "";
    const key = `${e.name}${url ? ` ${url.replace(/^https?:\/\/[^/]+/, "").slice(0, 60)}` : ""}`;
    totals.set(key, (totals.get(key) ?? 0) + e.dur);
  }
  return [...totals].sort((a, b) => b[1] - a[1]).slice(0, 5).map(([k, d]) => `${k} ${(d / 1000).toFixed(0)} ms`);
}

/** The event dispatches in the window, each with the listener calls that took its time. */
function dispatches(onMain, from, to, nav) {
  return onMain
    .filter((e) => e.name === "EventDispatch" && e.ts + e.dur > from && e.ts < to && e.dur >= 4_000)
    .map((d) => {
      const calls = onMain.filter((e) => e.name === "FunctionCall" && e.ts >= d.ts && e.ts + e.dur <= d.ts + d.dur && e.dur >= 1_000);
      // Only the outermost calls: a listener, not what it called.
      const outer = calls.filter((c) => !calls.some((o) => o !== c && o.ts <= c.ts && o.ts + o.dur >= c.ts + c.dur));
      const microtasks = onMain.filter((e) => e.name === "RunMicrotasks" && e.ts >= d.ts && e.ts + e.dur <= d.ts + d.dur).reduce((n, e) => n + e.dur, 0);
      return {
        type: d.args?.data?.type,
        startMs: Math.round((d.ts - nav.ts) / 1000),
        durMs: Math.round(d.dur / 1000),
        listeners: outer.map((c) => {
          const a = c.args?.data ?? {};
          return `${a.functionName || "(anonymous)"} ${(a.url ?? "").replace(/^https?:\/\/[^/]+/, "") || "(inline)"}:${a.lineNumber ?? "?"} ${(c.dur / 1000).toFixed(0)} ms`;
        }),
        ...(microtasks >= 1_000 ? { microtasksMs: Math.round(microtasks / 1000) } : {}),
      };
    });
}

async function traceOnce(browser, url) {
  const context = await browser.newContext(PHONE);
  try {
    // Keep the marketing popup away (it would cover the page), as bench-first-tap.js does.
    await context.addInitScript(() => {
      const now = String(Date.now());
      localStorage.setItem("popup_last_shown", now);
      sessionStorage.setItem("popup_last_shown", now);
    });
    await context.addInitScript(watch, CHAT ? "GLACIAL Support" : "Your Cart");
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    const events = [];
    cdp.on("Tracing.dataCollected", (e) => events.push(...e.value));
    const done = new Promise((r) => cdp.once("Tracing.tracingComplete", r));
    await cdp.send("Tracing.start", { transferMode: "ReportEvents", traceConfig: { includedCategories: CATEGORIES } });
    const settled = process.env.TRACE_SETTLED === "1";
    await page.goto(url, { waitUntil: settled ? "load" : "commit" });
    const button = CHAT
      ? page.getByRole("button", { name: "Open support chat" })
      : new URL(url).pathname === "/"
        ? page.getByRole("region", { name: "Best Seller" }).getByRole("button", { name: /^Add to Cart/ }).first()
        : page.locator("main").getByRole("button", { name: "Add to Cart", exact: true });
    if (settled) {
      // As bench-first-tap.js: hydrated, then a second without a long task.
      await page.waitForFunction(() => {
        const cart = document.querySelector('button[aria-label^="Cart"]');
        return !!cart && Object.keys(cart).some((k) => k.startsWith("__reactProps"));
      }, undefined, { timeout: 20_000 });
      const started = Date.now();
      while (Date.now() - started < 20_000 && (await page.evaluate(() => performance.now() - window.__trace.lastLongTask)) < 1_000) await page.waitForTimeout(250);
    }
    await button.waitFor({ state: "visible" });
    await button.tap({ noWaitAfter: true });
    await page.waitForFunction(() => window.__trace.answered !== null, undefined, { timeout: 20_000 }).catch(async (error) => {
      throw new Error(`no answer seen: ${JSON.stringify(await page.evaluate(() => ({ ...window.__trace, dialogs: [...document.querySelectorAll('[role="dialog"], dialog')].map((d) => d.outerHTML.slice(0, 200)) })))}`, { cause: error });
    });
    const state = await page.evaluate(() => window.__trace);
    await cdp.send("Tracing.end");
    await done;
    if (process.env.TRACE_FILE) fs.writeFileSync(process.env.TRACE_FILE, JSON.stringify({ traceEvents: events }));
    // The page's clock in the trace: its navigationStart mark is performance.now() = 0.
    const nav = events.filter((e) => e.name === "navigationStart" && e.args?.data?.isLoadingMainFrame && e.args?.data?.documentLoaderURL?.startsWith("http")).at(-1);
    const main = events.find((e) => e.ph === "M" && e.name === "thread_name" && e.args?.name === "CrRendererMain" && e.pid === nav?.pid);
    if (!nav || !main) throw new Error("no navigation or main thread in the trace");
    const toTrace = (ms) => nav.ts + ms * 1000;
    const from = toTrace(state.tap);
    const to = toTrace(state.answered);
    const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === "X");
    const tasks = onMain.filter((e) => e.name === "RunTask" && e.ts + e.dur > from && e.ts < to && e.dur >= 16_000);
    return {
      tapAtMs: Math.round(state.tap),
      answerMs: Math.round(state.answered - state.tap),
      tasks: tasks.map((t) => ({ startMs: Math.round((t.ts - nav.ts) / 1000), durMs: Math.round(t.dur / 1000), spent: breakdown(t, onMain) })),
      dispatches: dispatches(onMain, from, to, nav),
    };
  } finally {
    await context.close();
  }
}

const base = (process.argv[2] ?? "http://127.0.0.1:3901").replace(/\/$/, "");
let pagePath = process.argv[3];
if (!pagePath) {
  const html = await (await fetch(`${base}/`)).text();
  pagePath = `/product/${html.match(/href="\/product\/([a-z0-9-]+)"/)?.[1] ?? "glacier-classic-bottle"}`;
}
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium", args: CHROMIUM_FLAGS });
try {
  for (let i = 0; i < Number(process.env.TRACE_RUNS ?? 3); i++) console.log(JSON.stringify(await traceOnce(browser, base + pagePath), null, 1));
} finally {
  await browser.close();
}
