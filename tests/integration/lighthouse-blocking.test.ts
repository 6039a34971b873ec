import { describe, expect, it } from "vitest";
import { blockingByKind, blockingOnCpu, blockingTasks, formatKinds, kindsInside, onCpuShare, type TraceEvent } from "../../scripts/lighthouse-blocking.js";

// Trace events in microseconds, as Chromium writes them.
const ev = (name: string, ts: number, dur: number): TraceEvent => ({ name, ts, dur, ph: "X" });

describe("where the bench says mobile blocking time comes from", () => {
  const parse = ev("RunTask", 0, 20_000);
  const layout = ev("RunTask", 30_000, 40_000);
  const short = ev("RunTask", 80_000, 10_000);
  const main = [
    parse,
    ev("ParseHTML", 0, 18_000),
    ev("EvaluateScript", 2_000, 1_000), // inside the parse: not counted apart from it
    layout,
    ev("UpdateLayoutTree", 30_000, 10_000),
    ev("Layout", 40_000, 20_000),
    ev("Paint", 60_000, 4_000),
    ev("RunMicrotasks", 64_000, 6_000),
    short,
  ];

  it("splits a task's time by the outermost events inside it, the uncovered rest as other", () => {
    const kinds = kindsInside(parse, main);
    expect(kinds.get("parse")).toBe(18_000);
    expect(kinds.get("script")).toBe(0);
    expect(kinds.get("other")).toBe(2_000);
    const layoutKinds = kindsInside(layout, main);
    expect(layoutKinds.get("style and layout")).toBe(30_000);
    expect(layoutKinds.get("paint")).toBe(4_000);
    expect(layoutKinds.get("script")).toBe(6_000);
    expect(layoutKinds.get("other")).toBe(0);
  });

  it("counts a modelled task over 50 ms for its part inside the window, as the mean of the replays", () => {
    const cpu = (event: TraceEvent) => ({ type: "cpu", event });
    const [p, l, s] = [cpu(parse), cpu(layout), cpu(short)];
    const network = { type: "network" };
    const optimistic = new Map([
      [p, { startTime: 900, endTime: 980, duration: 80 }], // 30 ms over 50, after the first paint at 850
      [l, { startTime: 980, endTime: 1060, duration: 80 }], // 30 ms
      [s, { startTime: 1060, endTime: 1100, duration: 40 }], // under 50: never blocks
      [network, { startTime: 0, endTime: 900, duration: 900 }], // not main-thread work
    ]);
    const pessimistic = new Map([
      [p, { startTime: 800, endTime: 880, duration: 80 }], // straddles the first paint at 820: 60 ms inside, 10 over
      [l, { startTime: 880, endTime: 990, duration: 110 }], // 60 ms
      [s, { startTime: 990, endTime: 1030, duration: 40 }],
    ]);
    const tasks = blockingTasks([
      { timings: optimistic, from: 850, to: 2_000 },
      { timings: pessimistic, from: 820, to: 2_000 },
    ]);
    expect([...tasks.keys()]).toEqual([parse, layout]);
    expect(tasks.get(parse)!.blocking).toBe((30 + 10) / 2);
    expect(tasks.get(layout)!.blocking).toBe((30 + 60) / 2);
    expect(tasks.get(short)).toBeUndefined();

    // Nothing after the interactive time counts either.
    expect(blockingTasks([{ timings: optimistic, from: 850, to: 890 }]).size).toBe(0);

    const byKind = blockingByKind(tasks, main);
    // The parse task's 20 ms: 18 of its 20 ms were parsing, 2 uncovered.
    expect(byKind.get("parse")).toBeCloseTo(20 * 0.9);
    // The layout task's 45 ms: 30 of 40 style and layout, 4 paint, 6 script.
    expect(byKind.get("style and layout")).toBeCloseTo(45 * 0.75);
    expect(byKind.get("paint")).toBeCloseTo(45 * 0.1);
    expect(byKind.get("script")).toBeCloseTo(45 * 0.15);
    expect(byKind.get("other")).toBeCloseTo(2);
    const total = [...byKind.values()].reduce((a, b) => a + b, 0);
    expect(total).toBeCloseTo(20 + 45);
    expect(formatKinds(byKind)).toBe("parse 18, style and layout 34, paint 5, script 7, navigation commit 0, other 2");
  });

  it("counts the same tasks again from the time their thread was on a core", () => {
    // Three tasks of 40 ms real time: one ran 30 ms of it, one 10 (it waited 30 for a core), and
    // one from a trace without thread time, counted whole.
    const busy = { ...ev("RunTask", 0, 40_000), tdur: 30_000 };
    const waiting = { ...ev("RunTask", 50_000, 40_000), tdur: 10_000 };
    const untimed = ev("RunTask", 100_000, 40_000);
    expect(onCpuShare(busy)).toBe(0.75);
    expect(onCpuShare(waiting)).toBe(0.25);
    expect(onCpuShare(untimed)).toBe(1);
    // Modelled at four times their real time: 160 ms each, all after the first paint.
    const cpu = (event: TraceEvent) => ({ type: "cpu", event });
    const timings = new Map([
      [cpu(busy), { startTime: 1_000, endTime: 1_160, duration: 160 }],
      [cpu(waiting), { startTime: 1_200, endTime: 1_360, duration: 160 }],
      [cpu(untimed), { startTime: 1_400, endTime: 1_560, duration: 160 }],
    ]);
    const tasks = blockingTasks([{ timings, from: 900, to: 3_000 }]);
    expect(tasks.get(busy)!.blocking).toBe(110);
    expect(tasks.get(busy)!.blockingOnCpu).toBe(70); // 120 ms on a core, 70 over 50
    expect(tasks.get(waiting)!.blockingOnCpu).toBe(0); // 40 ms on a core: not a long task
    expect(tasks.get(untimed)!.blockingOnCpu).toBe(110);
    const { tbtOnCpuMs, onCpuShare: share } = blockingOnCpu(tasks);
    expect(tbtOnCpuMs).toBe(180);
    expect(share).toBeCloseTo((30 + 10 + 40) / 120);
    expect(blockingOnCpu(new Map()).onCpuShare).toBeNull();
  });
});
