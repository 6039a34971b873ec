import { describe, expect, it } from "vitest";
import { createLocalEventBus, type EventBus } from "./event-bus.server";
import { createReadCache } from "./read-cache.server";

const bus = (): EventBus => createLocalEventBus();

describe("read cache", () => {
  it("loads once for concurrent and later readers, and again after a change on a watched topic", async () => {
    const events = bus();
    const cache = createReadCache(events, { topics: ["catalog.changed"], ttlMs: 60_000, maxEntries: 10 });
    let loads = 0;
    const load = async () => ++loads;
    expect(await Promise.all([cache.get("a", load), cache.get("a", load)])).toEqual([1, 1]);
    expect(await cache.get("a", load)).toBe(1);
    await events.publish("other.topic", {});
    expect(await cache.get("a", load)).toBe(1);
    await events.publish("catalog.changed", {});
    expect(await cache.get("a", load)).toBe(2);
  });

  it("does not keep a value loaded across a change, nor a failed load", async () => {
    const events = bus();
    const cache = createReadCache(events, { topics: ["t"], ttlMs: 60_000, maxEntries: 10 });
    let release!: (v: string) => void;
    const slow = cache.get("k", () => new Promise<string>((r) => (release = r)));
    await events.publish("t", {});
    release("before the change");
    expect(await slow).toBe("before the change");
    expect(await cache.get("k", async () => "after")).toBe("after");

    await expect(cache.get("bad", async () => Promise.reject(new Error("database down")))).rejects.toThrow("database down");
    await Promise.resolve();
    expect(await cache.get("bad", async () => "recovered")).toBe("recovered");
  });

  it("expires entries after the TTL and keeps at most maxEntries", async () => {
    let clock = 0;
    const cache = createReadCache(bus(), { topics: [], ttlMs: 1000, maxEntries: 2, now: () => clock });
    expect(await cache.get("a", async () => "a1")).toBe("a1");
    clock = 999;
    expect(await cache.get("a", async () => "a2")).toBe("a1");
    clock = 1000;
    expect(await cache.get("a", async () => "a3")).toBe("a3");
    await cache.get("b", async () => "b");
    await cache.get("c", async () => "c");
    expect(cache.size()).toBe(2);
    expect(await cache.get("a", async () => "a4")).toBe("a4");
  });
});
