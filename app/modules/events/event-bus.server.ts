import { EventEmitter } from "node:events";
import type pg from "pg";
import type { Database } from "~/db/database.server";
import type { Logger } from "~/lib/logger.server";

/**
 * The one mechanism for live updates (storefront home, support chat, staff inbox).
 * Embedded PGlite serves one process, so delivery is in-process. On PostgreSQL several server
 * processes share the database, so events travel through LISTEN/NOTIFY and every process
 * (the publisher included) receives them from the database.
 * Payloads must stay small (NOTIFY's limit is 8000 bytes): send ids, let subscribers re-read.
 */
export type EventBus = {
  publish(topic: string, payload: unknown): Promise<void>;
  subscribe(topic: string, handler: (payload: unknown) => void): () => void;
  close(): Promise<void>;
};

const CHANNEL = "glacial_events";

/** In-process delivery: the embedded database's bus (one process), and the tests' bus. */
export function createLocalEventBus(log?: Logger): EventBus & { deliver(topic: string, payload: unknown): void } {
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const deliver = (topic: string, payload: unknown) => {
    try {
      local.emit(topic, payload);
    } catch (error) {
      log?.error({ err: error, topic }, "an event subscriber failed");
    }
  };
  return {
    deliver,
    async publish(topic, payload) {
      // Asynchronous like NOTIFY, so publishers never run subscribers inside their own transaction.
      queueMicrotask(() => deliver(topic, payload));
    },
    subscribe(topic, handler) {
      local.on(topic, handler);
      return () => void local.off(topic, handler);
    },
    async close() {
      local.removeAllListeners();
    },
  };
}

export async function createEventBus(database: Database, log?: Logger): Promise<EventBus> {
  const local = createLocalEventBus(log);
  if (!database.pool) return { publish: local.publish, subscribe: local.subscribe, close: local.close };
  const { deliver, subscribe } = local;

  const pool = database.pool;
  let listener: pg.PoolClient | undefined;
  let closed = false;
  const connect = async (): Promise<void> => {
    try {
      const client = await pool.connect();
      client.on("notification", (msg) => {
        if (msg.channel !== CHANNEL || !msg.payload) return;
        try {
          const { topic, payload } = JSON.parse(msg.payload) as { topic: string; payload: unknown };
          deliver(topic, payload);
        } catch (error) {
          log?.warn({ err: error }, "ignored a malformed event");
        }
      });
      client.on("error", (error) => {
        // After close() the client is already released (e.g. its database was dropped).
        if (closed) return;
        log?.warn({ err: error }, "event listener connection lost; reconnecting");
        client.release(true);
        listener = undefined;
        if (!closed) setTimeout(() => void connect(), 1000).unref();
      });
      await client.query(`LISTEN ${CHANNEL}`);
      listener = client;
    } catch (error) {
      log?.warn({ err: error }, "could not LISTEN for events; retrying");
      if (!closed) setTimeout(() => void connect(), 1000).unref();
    }
  };
  await connect();
  return {
    async publish(topic, payload) {
      await pool.query("select pg_notify($1, $2)", [CHANNEL, JSON.stringify({ topic, payload })]);
    },
    subscribe,
    async close() {
      closed = true;
      await local.close();
      if (listener) {
        await listener.query(`UNLISTEN ${CHANNEL}`).catch(() => {});
        listener.release();
      }
    },
  };
}
