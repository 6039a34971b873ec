// What mobile Lighthouse counts as blocking time, read from its own model of each run
// (scripts/lighthouse-blocking.js says how that model works): for each run, the total blocking
// time and, for every real main-thread task the model makes blocking, how much of the total it
// makes, where the model put it (start + duration on the modelled phone), where it was in the real
// trace (its duration, and its start from the real first paint) and what held it. Then, per page,
// the total of the median run and the mean of the runs, split by what the tasks were doing.
//
//   node scripts/trace-lighthouse-tasks.js ROUNDS label=URL [label=URL ...]   against running servers
//   ONLY_BLOCKING=1 prints the tasks only for runs with some blocking time.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_FLAGS, insideOf, median, roundsAndTargets } from "./bench-kit.js";
import { KINDS, blockingOfRun, formatKinds } from "./lighthouse-blocking.js";

const { rounds, targets } = roundsAndTargets(process.argv, "trace-lighthouse-tasks.js");

const runsByLabel = new Map(targets.map(([label]) => [label, []]));
for (let round = 0; round < rounds; round++) {
  for (const [label, url] of targets) {
    const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), "glacial-lh-"));
    const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium", chromeFlags: ["--headless=new", ...CHROMIUM_FLAGS, `--user-data-dir=${userDataDir}`], userDataDir: false });
    try {
      const result = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"] });
      if (result.lhr.runtimeError) {
        console.log(`${round} ${label}: Lighthouse failed (${result.lhr.runtimeError.code})`);
        continue;
      }
      const { tbtMs, tasks, main, paint, byKind, tbtOnCpuMs, onCpuShare } = await blockingOfRun(result);
      runsByLabel.get(label).push({ tbtMs, byKind });
      const attributed = [...tasks.values()].reduce((sum, t) => sum + t.blocking, 0);
      const check = Math.abs(attributed - tbtMs) > 1 ? ` (the tasks below add up to ${Math.round(attributed)} ms, not the total)` : "";
      console.log(`${round} ${label}: TBT ${Math.round(tbtMs)} ms, first paint (modelled) ${Math.round(result.lhr.audits["first-contentful-paint"].numericValue)} ms, CPU index ${Math.round(result.lhr.environment.benchmarkIndex)}${onCpuShare === null ? "" : `; counted from thread time ${Math.round(tbtOnCpuMs)} ms (the main thread on a core ${Math.round(onCpuShare * 100)}% of the blocking tasks' time)`}${check}`);
      if (process.env.ONLY_BLOCKING && tasks.size === 0) continue;
      for (const [task, { blocking, start, duration }] of [...tasks].sort((a, b) => a[1].start - b[1].start)) {
        const at = paint ? ` at ${Math.round((task.ts - paint.ts) / 1000)} ms from the real first paint` : "";
        console.log(`    ${blocking.toFixed(1)} ms of it: modelled ${Math.round(start)}+${Math.round(duration)}; real ${(task.dur / 1000).toFixed(1)} ms${typeof task.tdur === "number" ? ` (${(task.tdur / 1000).toFixed(1)} on a core)` : ""}${at}: ${insideOf(task, main)}`);
      }
    } finally {
      await chrome.kill();
      fs.rmSync(userDataDir, { recursive: true, force: true });
    }
  }
}
for (const [label, runs] of runsByLabel) {
  const tbts = runs.map((r) => Math.round(r.tbtMs));
  console.log(`${label}: TBT median ${median(tbts)} ms (${tbts.join(", ")}); runs with none ${tbts.filter((t) => t === 0).length} of ${tbts.length}`);
  if (runs.length === 0) continue;
  const middle = runs.find((r) => Math.round(r.tbtMs) === median(tbts));
  const mean = Object.fromEntries(KINDS.map((k) => [k, runs.reduce((sum, r) => sum + r.byKind.get(k), 0) / runs.length]));
  console.log(`    the median run's: ${formatKinds(middle.byKind)}`);
  console.log(`    mean of the runs: ${formatKinds(mean)}`);
}
