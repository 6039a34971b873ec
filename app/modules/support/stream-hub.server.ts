import type { Db } from "~/db/types";
import type { Logger } from "~/lib/logger.server";
import type { EventBus } from "~/modules/events/events.server";
import { TOPICS } from "~/modules/events/events";
import type { ChatMessage } from "./chat-input";
import { listMessages, type MessageEvent } from "./conversations.server";

// Fan-out of new messages to the open streams of this process. One bus subscription per
// process; per conversation, at most one database read per burst of events however many streams
// are open, each stream receiving only messages after its own cursor (its Last-Event-ID).

type Listener = { cursor: number; deliver(messages: ChatMessage[]): void };
type Room = { listeners: Set<Listener>; dirty: boolean; running: boolean };

export type StreamHub = {
  /** Registers a stream that has seen messages up to `cursor`; returns the function that removes it. */
  join(conversationId: string, cursor: number, deliver: (messages: ChatMessage[]) => void): () => void;
  /** Open streams in this process (for tests and the load check). */
  size(): number;
};

const hubs = new WeakMap<EventBus, StreamHub>();

/** The process's hub for this event bus, created on first use. */
export function streamHubFor(deps: { db: Db; events: EventBus; log?: Logger }): StreamHub {
  let hub = hubs.get(deps.events);
  if (!hub) hubs.set(deps.events, (hub = createStreamHub(deps)));
  return hub;
}

function createStreamHub({ db, events, log }: { db: Db; events: EventBus; log?: Logger }): StreamHub {
  const rooms = new Map<string, Room>();

  // Catches up every listener of a room. Events arriving meanwhile mark it dirty and cause one
  // more pass, so nothing published during a read is missed and reads never overlap.
  const sync = async (conversationId: string, room: Room) => {
    if (room.running) {
      room.dirty = true;
      return;
    }
    room.running = true;
    try {
      do {
        room.dirty = false;
        if (room.listeners.size === 0) break;
        const from = Math.min(...[...room.listeners].map((l) => l.cursor));
        const messages = await listMessages(db, conversationId, from);
        for (const listener of room.listeners) {
          // A stream that joined during the read, further back than it reached: the read does not
          // hold what it is missing, and taking the newest from it would skip those for good. Its
          // join asked for another pass, which starts from its cursor.
          if (listener.cursor < from) {
            room.dirty = true;
            continue;
          }
          const fresh = messages.filter((m) => m.seq > listener.cursor).sort((a, b) => a.seq - b.seq);
          if (!fresh.length) continue;
          listener.cursor = fresh.at(-1)!.seq;
          listener.deliver(fresh);
        }
      } while (room.dirty);
    } catch (error) {
      log?.error({ err: error, conversationId }, "delivering support messages failed");
    } finally {
      room.running = false;
      if (room.listeners.size === 0 && rooms.get(conversationId) === room) rooms.delete(conversationId);
    }
  };

  // The event usually carries the message: a stream whose cursor is exactly the previous
  // message's seq takes it as is (no database read, which on PGlite would queue behind the
  // bot's work on the single connection). Streams behind, or a read in flight, take the
  // catch-up path so that no stream ever skips or repeats a message.
  events.subscribe(TOPICS.supportMessage, (payload) => {
    const event = payload as MessageEvent;
    const room = rooms.get(event.conversationId);
    if (!room) return;
    const message = event.message;
    if (!message || room.running) return void sync(event.conversationId, room);
    let behind = false;
    for (const listener of room.listeners) {
      if (listener.cursor >= message.seq) continue;
      if (listener.cursor !== event.prevSeq) {
        behind = true;
        continue;
      }
      listener.cursor = message.seq;
      listener.deliver([message]);
    }
    if (behind) void sync(event.conversationId, room);
  });

  return {
    join(conversationId, cursor, deliver) {
      let room = rooms.get(conversationId);
      if (!room) rooms.set(conversationId, (room = { listeners: new Set(), dirty: false, running: false }));
      const listener: Listener = { cursor, deliver };
      room.listeners.add(listener);
      void sync(conversationId, room);
      const joined = room;
      return () => {
        joined.listeners.delete(listener);
        if (joined.listeners.size === 0 && !joined.running && rooms.get(conversationId) === joined) rooms.delete(conversationId);
      };
    },
    size() {
      let n = 0;
      for (const room of rooms.values()) n += room.listeners.size;
      return n;
    },
  };
}
