import { Hono } from "hono";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifyCatalogChanged } from "~/modules/catalog/catalog-events.server";
import { createEventBus, type EventBus } from "~/modules/events/event-bus.server";
import { TOPICS } from "~/modules/events/topics";
import { storefrontEvents } from "../../server/storefront-events";
import { DRIVERS, openTestDatabase, type TestDatabase } from "../support/test-database";

/** Reads a text/event-stream until `until` matches what was received so far. */
async function readUntil(reader: ReadableStreamDefaultReader<Uint8Array>, until: (text: string) => boolean, timeoutMs = 5000): Promise<string> {
  const decoder = new TextDecoder();
  let text = "";
  const deadline = Date.now() + timeoutMs;
  while (!until(text)) {
    if (Date.now() > deadline) throw new Error(`timed out; received:\n${text}`);
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  return text;
}

describe.each(DRIVERS)("storefront event stream on %s", (kind) => {
  let database: TestDatabase;
  let bus: EventBus;
  let active = 0;
  let app: Hono;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    bus = await createEventBus(database);
    // Counts live subscriptions, to prove the stream cleans up after itself.
    const counted: EventBus = {
      ...bus,
      subscribe(topic, handler) {
        active++;
        const off = bus.subscribe(topic, handler);
        return () => {
          active--;
          off();
        };
      },
    };
    app = new Hono();
    app.get("/events/storefront", storefrontEvents({ events: counted, log: pino({ level: "silent" }) }, 150));
  });
  afterAll(async () => {
    await bus?.close();
    await database?.close();
  });

  it("forwards catalog, setting and content changes, sends keep-alive comments, and unsubscribes on disconnect", async () => {
    const controller = new AbortController();
    const res = await app.request("http://localhost/events/storefront", { signal: controller.signal });
    expect(res.headers.get("Content-Type")).toMatch(/text\/event-stream/);
    const reader = res.body!.getReader();
    await readUntil(reader, (t) => t.includes("event: ready"));
    expect(active).toBe(3);

    await notifyCatalogChanged(bus, "22222222-2222-4222-8222-222222222222");
    const catalog = await readUntil(reader, (t) => t.includes("event: catalog"));
    expect(catalog).toContain('data: {"productId":"22222222-2222-4222-8222-222222222222"}');

    await bus.publish(TOPICS.settingChanged, { key: "homepage_products" });
    const setting = await readUntil(reader, (t) => t.includes("event: setting"));
    expect(setting).toContain('data: {"key":"homepage_products"}');

    await bus.publish(TOPICS.contentChanged, { kind: "menu" });
    const content = await readUntil(reader, (t) => t.includes("event: content"));
    expect(content).toContain('data: {"kind":"menu"}');

    const ping = await readUntil(reader, (t) => t.includes(": keep-alive"));
    expect(ping).toContain(": keep-alive\n\n");

    controller.abort();
    await reader.cancel().catch(() => {});
    await expect.poll(() => active, { timeout: 3000 }).toBe(0);
  });
});
