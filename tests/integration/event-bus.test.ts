import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/database.server";
import { createEventBus } from "~/modules/events/event-bus.server";
import { DRIVERS, openTestDatabase, type TestDatabase } from "../support/test-database";

const next = (subscribe: (h: (p: unknown) => void) => () => void) =>
  new Promise<unknown>((resolve) => {
    const off = subscribe((p) => {
      off();
      resolve(p);
    });
  });

describe.each(DRIVERS)("event bus on %s", (kind) => {
  const open: TestDatabase[] = [];
  afterAll(async () => {
    for (const d of open) await d.close();
  });

  it("delivers a published event to every subscriber of its topic, and not to others", async () => {
    const database = await openTestDatabase(kind);
    open.push(database);
    const bus = await createEventBus(database);
    const other: unknown[] = [];
    const offOther = bus.subscribe("b", (p) => other.push(p));
    const a1 = next((h) => bus.subscribe("a", h));
    const a2 = next((h) => bus.subscribe("a", h));
    await bus.publish("a", { id: 1 });
    expect(await a1).toEqual({ id: 1 });
    expect(await a2).toEqual({ id: 1 });
    offOther();
    expect(other).toEqual([]);
    await bus.close();
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("event bus across connections to one PostgreSQL", () => {
  it("an event published through one pool reaches a subscriber on another", async () => {
    const database = await openTestDatabase("postgres");
    const url = (database.pool as unknown as { options: { connectionString: string } }).options.connectionString;
    const second = await openDatabase({ kind: "postgres", url, poolSize: 2 });
    const busA = await createEventBus(database);
    const busB = await createEventBus(second);
    try {
      const received = next((h) => busB.subscribe("support.message", h));
      await busA.publish("support.message", { conversationId: "c1" });
      expect(await received).toEqual({ conversationId: "c1" });
    } finally {
      await busA.close();
      await busB.close();
      await second.close();
      await database.close();
    }
  });
});
