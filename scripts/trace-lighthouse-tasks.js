// What mobile Lighthouse counts as blocking time, read from its own trace: for each run, the total
// blocking time, the simulated first paint, the long tasks Lighthouse lists (simulated start +
// duration), and every task of the run's real trace from 12 ms (MIN_MS) up to 400 ms after the
// first paint, with the trace events that held it. An inline script is named by the page's line
// and column (`EvaluateScript:<page>@line:column`), so it can be found in the document.
//
// Lighthouse models a phone from a run at full speed: its first paint keeps only the first parse,
// the first layout and the first paint of the page, so any other task of more than 12.5 ms before
// the real paint lands after the modelled one, times four, and counts as blocking.
//
//   node scripts/trace-lighthouse-tasks.js ROUNDS label=URL [label=URL ...]   against running servers
//   ONLY_BLOCKING=1 prints the tasks only for runs with some blocking time.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_FLAGS, insideOf, median, roundsAndTargets } from "./bench-kit.js";

const MIN_MS = Number(process.env.MIN_MS) || 12;
const { rounds, targets } = roundsAndTargets(process.argv, "trace-lighthouse-tasks.js");

const blocking = new Map(targets.map(([label]) => [label, []]));
for (let round = 0; round < rounds; round++) {
  for (const [label, url] of targets) {
    const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), "glacial-lh-"));
    const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium", chromeFlags: ["--headless=new", ...CHROMIUM_FLAGS, `--user-data-dir=${userDataDir}`], userDataDir: false });
    try {
      const result = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error" });
      const { lhr } = result;
      if (lhr.runtimeError) {
        console.log(`${round} ${label}: Lighthouse failed (${lhr.runtimeError.code})`);
        continue;
      }
      const tbt = Math.round(lhr.audits["total-blocking-time"].numericValue);
      blocking.get(label).push(tbt);
      const listed = (lhr.audits["long-tasks"].details?.items ?? []).map((t) => `${Math.round(t.startTime)}+${Math.round(t.duration)}`);
      console.log(`${round} ${label}: TBT ${tbt} ms, first paint (modelled) ${Math.round(lhr.audits["first-contentful-paint"].numericValue)} ms; long tasks listed: ${listed.join(" ") || "none"}`);
      if (process.env.ONLY_BLOCKING && tbt === 0) continue;
      const events = result.artifacts.Trace.traceEvents;
      const paint = events.find((e) => e.name === "firstContentfulPaint");
      if (!paint) continue;
      const main = events.filter((e) => e.pid === paint.pid && e.tid === paint.tid && e.ph === "X");
      const tasks = main.filter((e) => e.name === "RunTask" && e.dur >= MIN_MS * 1000 && e.ts < paint.ts + 400_000).sort((a, b) => a.ts - b.ts);
      for (const task of tasks) console.log(`    ${(task.dur / 1000).toFixed(1)} ms at ${Math.round((task.ts - paint.ts) / 1000)} ms from the real first paint: ${insideOf(task, main)}`);
    } finally {
      await chrome.kill();
      fs.rmSync(userDataDir, { recursive: true, force: true });
    }
  }
}
for (const [label, tbts] of blocking) console.log(`${label}: TBT median ${median(tbts)} ms (${tbts.join(", ")}); runs with none ${tbts.filter((t) => t === 0).length} of ${tbts.length}`);
