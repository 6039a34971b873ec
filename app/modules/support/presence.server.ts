import type { Db } from "~/db/types";
import type { Logger } from "~/lib/logger.server";
import type { EventBus } from "~/modules/events/events.server";
import { markVisitorGone, markVisitorPresent, PRESENCE_REFRESH_MS } from "./reply-mail.server";

// Which conversations have a visitor stream open in this process. One timer refreshes all of
// them in one statement (not one write per stream), so that a staff reply on any process knows
// whether the visitor is there to see it or should be emailed.

export type Presence = {
  /** A visitor stream of this conversation opened; returns the function to call when it closes. */
  join(conversationId: string): () => void;
  /** Resolves when the presence writes asked for so far are done (for tests). */
  settled(): Promise<void>;
};

const registry = new WeakMap<EventBus, Presence>();

export function presenceFor(deps: { db: Db; events: EventBus; log?: Logger }, refreshMs = PRESENCE_REFRESH_MS): Presence {
  let presence = registry.get(deps.events);
  if (!presence) registry.set(deps.events, (presence = createPresence(deps, refreshMs)));
  return presence;
}

function createPresence({ db, log }: { db: Db; log?: Logger }, refreshMs: number): Presence {
  const open = new Map<string, number>();
  let timer: ReturnType<typeof setInterval> | undefined;
  // Writes run one after another, so a stream that opens and closes at once ends "gone".
  let chain: Promise<void> = Promise.resolve();
  const write = (what: string, run: () => Promise<void>) => {
    chain = chain.then(run).catch((error: unknown) => log?.error({ err: error }, what));
  };

  const ensureTimer = () => {
    if (timer || open.size === 0) return;
    timer = setInterval(() => write("refreshing chat presence failed", () => markVisitorPresent(db, [...open.keys()])), refreshMs);
    timer.unref?.();
  };

  return {
    join(conversationId) {
      const n = open.get(conversationId) ?? 0;
      open.set(conversationId, n + 1);
      if (n === 0) write("marking a chat visitor present failed", () => markVisitorPresent(db, [conversationId]));
      ensureTimer();
      let left = false;
      return () => {
        if (left) return;
        left = true;
        const remaining = (open.get(conversationId) ?? 1) - 1;
        if (remaining > 0) open.set(conversationId, remaining);
        else {
          open.delete(conversationId);
          write("marking a chat visitor gone failed", () => markVisitorGone(db, conversationId));
        }
        if (open.size === 0 && timer) {
          clearInterval(timer);
          timer = undefined;
        }
      };
    },
    settled: () => chain,
  };
}
