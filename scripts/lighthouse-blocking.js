// Where mobile Lighthouse's total blocking time comes from, read from Lighthouse's own model of a
// run: which real main-thread tasks the model makes blocking, by how much, and what those tasks
// were doing (parsing the document, style and layout, paint, script, the navigation's commit).
//
// Lighthouse's mobile preset does not slow the browser down. It runs the page at full speed and
// replays the run's tasks and requests through a model of a phone (Lantern): a task takes four
// times its real duration there, or twice when it laid the page out; a task blocks for the part
// of its modelled duration over 50 ms that falls between the modelled first paint and the
// modelled interactive time; the reported total is the mean of an optimistic and a pessimistic
// replay. This calls that model, so the parts add up to the total Lighthouse reported.
import { Audit } from "lighthouse/core/audits/audit.js";
import { LanternFirstContentfulPaint } from "lighthouse/core/computed/metrics/lantern-first-contentful-paint.js";
import { LanternInteractive } from "lighthouse/core/computed/metrics/lantern-interactive.js";
import { LanternTotalBlockingTime } from "lighthouse/core/computed/metrics/lantern-total-blocking-time.js";
import * as Lantern from "lighthouse/core/lib/lantern/lantern.js";
import { outermostInside } from "./bench-kit.js";

const { calculateTbtImpactForEvent } = Lantern.Metrics.TBTUtils;

/** What a blocking task can be doing, in the order the bench prints them. */
export const KINDS = ["parse", "style and layout", "paint", "script", "navigation commit", "other"];

/** The kind of work a trace event under a task stands for, by its name. */
export function kindOf(name) {
  if (name === "ParseHTML") return "parse";
  if (name === "UpdateLayoutTree" || name === "Layout" || name === "RecalculateStyles" || name === "ParseAuthorStyleSheet") return "style and layout";
  if (name === "Paint" || name === "PrePaint" || name === "Commit" || name === "PaintImage" || name === "Layerize" || name.startsWith("Decode")) return "paint";
  if (name.startsWith("DocumentLoader::")) return "navigation commit";
  if (/^(EvaluateScript|FunctionCall|TimerFire|FireAnimationFrame|FireIdleCallback|EventDispatch|RunMicrotasks|ScriptCatchup|v8\.|V8\.|MinorGC|MajorGC)/.test(name)) return "script";
  return "other";
}

/**
 * A task's time (µs) split by kind: the outermost events inside it of 0.1 ms or more, each by its
 * own kind; what none of them covers is "other".
 */
export function kindsInside(task, mainEvents) {
  const byKind = new Map(KINDS.map((k) => [k, 0]));
  let covered = 0;
  for (const e of outermostInside(task, mainEvents, 100)) {
    byKind.set(kindOf(e.name), byKind.get(kindOf(e.name)) + e.dur);
    covered += e.dur;
  }
  byKind.set("other", byKind.get("other") + Math.max(0, task.dur - covered));
  return byKind;
}

/**
 * The share of a task's real time its thread spent on a CPU core (`tdur`, the thread's own clock,
 * over `dur`, the wall clock); 1 when the trace has no thread time.
 */
export function onCpuShare(event) {
  return typeof event.tdur === "number" && event.dur > 0 ? Math.min(1, event.tdur / event.dur) : 1;
}

/**
 * The blocking time each modelled task makes, from the model's replays: each replay's node
 * timings with the window it is counted in (`from` = first paint, `to` = interactive, ms). A task
 * blocks in a replay for the part of it over 50 ms inside the window; the total is the replays'
 * mean. Returns the tasks that block, by their trace event.
 *
 * Each also gets `blockingOnCpu`: the same, with the task's modelled duration cut to the share of
 * its real time the main thread was on a core. Lighthouse models a phone from the wall clock, so
 * a task that waited for a core (on a 2-core host the browser's other threads and processes, the
 * server and Lighthouse itself all want one) is made four times that wait too. The rest of a
 * task's time is not all the host's: a synchronous call to another process (a font lookup,
 * opening storage) also leaves the thread off its core, and a phone waits for that too.
 */
export function blockingTasks(replays) {
  const byEvent = new Map();
  for (const { timings, from, to } of replays) {
    for (const [node, t] of timings) {
      if (node.type !== "cpu") continue;
      const share = calculateTbtImpactForEvent({ start: t.startTime, end: t.endTime, duration: t.duration }, from, to) / replays.length;
      if (share <= 0) continue;
      const onCpu = t.duration * onCpuShare(node.event);
      const shareOnCpu = calculateTbtImpactForEvent({ start: t.startTime, end: t.startTime + onCpu, duration: onCpu }, from, to) / replays.length;
      const entry = byEvent.get(node.event) ?? { blocking: 0, blockingOnCpu: 0, start: t.startTime, duration: t.duration };
      entry.blocking += share;
      entry.blockingOnCpu += shareOnCpu;
      byEvent.set(node.event, entry);
    }
  }
  return byEvent;
}

/**
 * What the blocking tasks' wall time was on a core: the blocking time counted from thread time
 * (ms), and the share of the blocking tasks' real time their thread ran (null without tasks).
 */
export function blockingOnCpu(tasks) {
  let blocking = 0;
  let wall = 0;
  let cpu = 0;
  for (const [event, entry] of tasks) {
    blocking += entry.blockingOnCpu;
    wall += event.dur;
    cpu += event.dur * onCpuShare(event);
  }
  return { tbtOnCpuMs: blocking, onCpuShare: wall > 0 ? cpu / wall : null };
}

/** Blocking time (ms) by kind: each task's blocking time shared out by how its real time was spent. */
export function blockingByKind(tasks, mainEvents) {
  const byKind = new Map(KINDS.map((k) => [k, 0]));
  for (const [event, { blocking }] of tasks) {
    const inside = kindsInside(event, mainEvents);
    const total = [...inside.values()].reduce((a, b) => a + b, 0);
    for (const [kind, us] of inside) byKind.set(kind, byKind.get(kind) + (total > 0 ? (blocking * us) / total : 0));
  }
  return byKind;
}

/**
 * For one finished Lighthouse run (its `lhr` and `artifacts`): the total blocking time, the tasks
 * that make it (trace event, blocking ms, modelled start and duration), the renderer's main-thread
 * events and its real first paint (to place the tasks), and the total by kind.
 */
export async function blockingOfRun({ lhr, artifacts }) {
  const context = { computedCache: new Map(), settings: lhr.configSettings };
  const data = Audit.makeMetricComputationDataInput(artifacts, context);
  const model = await LanternTotalBlockingTime.request(data, context);
  const fcp = await LanternFirstContentfulPaint.request(data, context);
  const interactive = await LanternInteractive.request(data, context);
  // As Lighthouse counts it: the optimistic replay from the pessimistic first paint to the
  // optimistic interactive time, the pessimistic one the other way round.
  const tasks = blockingTasks([
    { timings: model.optimisticEstimate.nodeTimings, from: fcp.pessimisticEstimate.timeInMs, to: interactive.optimisticEstimate.timeInMs },
    { timings: model.pessimisticEstimate.nodeTimings, from: fcp.optimisticEstimate.timeInMs, to: interactive.pessimisticEstimate.timeInMs },
  ]);
  const events = artifacts.Trace.traceEvents;
  const paint = events.find((e) => e.name === "firstContentfulPaint") ?? null;
  const main = paint ? events.filter((e) => e.pid === paint.pid && e.tid === paint.tid && e.ph === "X") : [];
  return { tbtMs: lhr.audits["total-blocking-time"].numericValue, tasks, main, paint, byKind: blockingByKind(tasks, main), ...blockingOnCpu(tasks) };
}

/** `parse 12, style and layout 30, ...` (ms, rounded) for a by-kind map or plain object. */
export function formatKinds(byKind) {
  const get = (k) => (byKind instanceof Map ? byKind.get(k) : byKind[k]) ?? 0;
  return KINDS.map((k) => `${k} ${Math.round(get(k))}`).join(", ");
}
