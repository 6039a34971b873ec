// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { whenIdle } from "./when-idle";

// Work a page does not need while it starts waits for the browser to be idle, in a task of its own.

const w = window as unknown as { requestIdleCallback?: unknown; cancelIdleCallback?: unknown };
const saved = { request: w.requestIdleCallback, cancel: w.cancelIdleCallback };

afterEach(() => {
  w.requestIdleCallback = saved.request;
  w.cancelIdleCallback = saved.cancel;
  vi.useRealTimers();
});

describe("whenIdle", () => {
  it("waits for the browser's idle callback, with a deadline, and can be called off", () => {
    const callbacks = new Map<number, () => void>();
    const options: unknown[] = [];
    w.requestIdleCallback = (callback: () => void, opts: unknown) => {
      callbacks.set(callbacks.size + 1, callback);
      options.push(opts);
      return callbacks.size;
    };
    w.cancelIdleCallback = (handle: number) => callbacks.delete(handle);
    const work = vi.fn();
    whenIdle(work);
    const cancel = whenIdle(work, 500);
    expect(work).not.toHaveBeenCalled();
    expect(options).toEqual([{ timeout: 2_000 }, { timeout: 500 }]);
    cancel();
    for (const callback of callbacks.values()) callback();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it("is the next task where the browser has no idle callback (Safari)", () => {
    vi.useFakeTimers();
    w.requestIdleCallback = undefined;
    const work = vi.fn();
    whenIdle(work);
    const cancelled = vi.fn();
    whenIdle(cancelled)();
    expect(work).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(work).toHaveBeenCalledTimes(1);
    expect(cancelled).not.toHaveBeenCalled();
  });
});
