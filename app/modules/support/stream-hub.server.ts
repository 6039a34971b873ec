import type { Db } from "~/db/types";
import type { Logger } from "~/lib/logger.server";
import type { EventBus } from "~/modules/events/event-bus.server";
import { TOPICS } from "~/modules/events/topics";
import type { ChatMessage } from "./chat-input";
import { listMessages, type MessageEvent } from "./conversations.server";

// Fan-out of new messages to the open streams of this process. One bus subscription per
// process; per conversation, one database read per burst of events however many streams are
// open, each stream receiving only messages after its own cursor (its Last-Event-ID).

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

  events.subscribe(TOPICS.supportMessage, (payload) => {
    const { conversationId } = payload as MessageEvent;
    const room = rooms.get(conversationId);
    if (room) void sync(conversationId, room);
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
