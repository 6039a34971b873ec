// The main thread's long tasks while a storefront page starts, for comparing two builds: Chromium
// on a phone-sized touch screen at full speed (as Lighthouse records before it models a phone four
// times slower), the pages loaded in interleaved rounds, and for each load every task of 8 ms or
// more from the start of hydration (the loader's `glacial:hydration-start` mark), named by the
// script and function that took most of its CPU samples. "Blocking at 4x" sums `4 × task − 50 ms`
// over those tasks: what a phone four times slower would block for, as total blocking time counts.
// "On a core" sums the same from each task's thread time instead of its real time: on a crowded
// 2-core host a task's real time is mostly its wait for a core (docs/performance.md, 2026-12-02
// 15:05), which swamps a change to the page; thread time leaves that wait out.
//
//   node scripts/trace-start-up-tasks.js ROUNDS label=URL [label=URL ...]   against running production servers
//   e.g. ... 10 new=http://127.0.0.1:3901/ old=http://127.0.0.1:3903/
//   TRACE_PHASE=document lists the tasks of 10 ms or more before hydration instead, each with the
//   trace events that held it (the parser's chunks, style and layout, script).
import { chromium } from "playwright-core";
import { CHROMIUM_FLAGS, insideOf, median, roundsAndTargets } from "./bench-kit.js";

const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
const DOCUMENT = process.env.TRACE_PHASE === "document";
const CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "blink.user_timing", "loading", "v8.execute", "disabled-by-default-v8.cpu_profiler"];

const { rounds, targets } = roundsAndTargets(process.argv, "trace-start-up-tasks.js");

async function traceLoad(browser, url) {
  const context = await browser.newContext(PHONE);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const events = [];
    cdp.on("Tracing.dataCollected", (e) => events.push(...e.value));
    await cdp.send("Tracing.start", { categories: CATEGORIES.join(","), transferMode: "ReportEvents" });
    await page.goto(url, { waitUntil: "load" });
    await page.waitForTimeout(3500);
    const complete = new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve));
    await cdp.send("Tracing.end");
    await complete;
    return events;
  } finally {
    await context.close();
  }
}

/** The CPU profile's samples on the page's renderer: [time, node] and the nodes by id. */
function samplesOf(events, pid) {
  const nodes = new Map();
  const samples = [];
  let time = 0;
  for (const e of events) {
    if (e.pid !== pid) continue;
    if (e.name === "Profile") time = e.args.data.startTime;
    if (e.name !== "ProfileChunk") continue;
    const profile = e.args.data.cpuProfile ?? {};
    for (const node of profile.nodes ?? []) nodes.set(node.id, node);
    (profile.samples ?? []).forEach((id, i) => {
      time += e.args.data.timeDeltas[i];
      samples.push([time, id]);
    });
  }
  return { nodes, samples };
}

/** What took most of a task's samples: the outermost frame with a script, as "file:function". */
function heldBy(task, { nodes, samples }) {
  const counts = new Map();
  for (const [time, id] of samples) {
    if (time < task.ts || time > task.ts + task.dur) continue;
    let frame = null;
    for (let node = nodes.get(id); node; node = nodes.get(node.parent)) if (node.callFrame.url) frame = node.callFrame;
    const key = frame ? `${frame.url.split("/").pop().replace(/-[\w-]{8}\.js$/, "")}:${frame.functionName || "(anonymous)"}` : "no script";
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? "no samples";
}

const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium", args: CHROMIUM_FLAGS });
const results = new Map(targets.map(([label]) => [label, { blocking: [], onCpu: [], longest: [] }]));
try {
  for (let round = 0; round < rounds; round++) {
    for (const [label, url] of targets) {
      const events = await traceLoad(browser, url);
      const paint = events.find((e) => e.name === "firstContentfulPaint");
      if (!paint) {
        console.log(`${round} ${label}: no first paint in the trace`);
        continue;
      }
      const { pid, tid } = paint;
      const start = events.find((e) => e.pid === pid && e.name === "glacial:hydration-start");
      const main = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === "X");
      const tasks = main
        .filter((e) => e.name === "RunTask" && (DOCUMENT ? e.dur >= 10_000 && (!start || e.ts < start.ts) : start && e.dur >= 8_000 && e.ts >= start.ts))
        .sort((a, b) => a.ts - b.ts);
      if (DOCUMENT) {
        console.log(`${round} ${label}: tasks before hydration, times from the first paint`);
        for (const task of tasks) console.log(`  ${(task.dur / 1000).toFixed(1)} ms at ${Math.round((task.ts - paint.ts) / 1000)} ms: ${insideOf(task, main)}`);
        continue;
      }
      if (!start) {
        console.log(`${round} ${label}: the page never started hydrating`);
        continue;
      }
      const profile = samplesOf(events, pid);
      const ms = tasks.map((t) => t.dur / 1000);
      const blocking = Math.round(ms.reduce((sum, d) => sum + Math.max(0, 4 * d - 50), 0));
      const onCpu = Math.round(tasks.reduce((sum, t) => sum + Math.max(0, (4 * (t.tdur ?? t.dur)) / 1000 - 50), 0));
      const longest = Math.max(0, ...ms);
      results.get(label).blocking.push(blocking);
      results.get(label).onCpu.push(onCpu);
      results.get(label).longest.push(longest);
      const task = (t) => `${(t.dur / 1000).toFixed(1)}${t.tdur == null ? "" : `/${(t.tdur / 1000).toFixed(1)}`} (${heldBy(t, profile)})`;
      console.log(`${round} ${label}: blocking at 4x ${blocking} ms, on a core ${onCpu}; real/on-a-core ms: ${tasks.map(task).join(", ")}`);
    }
  }
} finally {
  await browser.close();
}
if (!DOCUMENT)
  for (const [label, { blocking, onCpu, longest }] of results)
    console.log(`${label}: blocking at 4x, median ${median(blocking)} ms (${blocking.join(", ")}), on a core ${median(onCpu)} (${onCpu.join(", ")}); longest task, median ${median(longest)?.toFixed(1)} ms`);
