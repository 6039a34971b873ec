import type { Context } from "hono";
import { streamSSE } from "hono/streaming";
import { TOPICS } from "~/modules/events/events";
import type { AppServices } from "~/services.server";
import type { Metrics } from "./metrics";

export const KEEP_ALIVE_MS = 25_000;

/**
 * GET /events/storefront: server-sent events for open storefront pages. Forwards catalog changes
 * (event "catalog", { productId }), setting changes (event "setting", { key }) and content changes
 * (event "content", { kind }: header menu, home FAQ, a page) from the event
 * bus; a comment every 25 s keeps proxies from closing an idle stream. Subscriptions end when the
 * client disconnects.
 */
export function storefrontEvents(services: Pick<AppServices, "events" | "log">, keepAliveMs = KEEP_ALIVE_MS, metrics?: Metrics, shutdown?: AbortSignal) {
  return (c: Context) =>
    streamSSE(
      c,
      async (stream) => {
        let open = true;
        const send = (event: string, payload: unknown) => {
          if (!open) return;
          stream.writeSSE({ event, data: JSON.stringify(payload ?? {}) }).catch(() => close());
        };
        const offs = [
          services.events.subscribe(TOPICS.catalogChanged, (p) => send("catalog", p)),
          services.events.subscribe(TOPICS.settingChanged, (p) => send("setting", p)),
          services.events.subscribe(TOPICS.contentChanged, (p) => send("content", p)),
        ];
        metrics?.openStreams.inc({ stream: "storefront" });
        const close = () => {
          if (!open) return;
          open = false;
          metrics?.openStreams.dec({ stream: "storefront" });
          for (const off of offs) off();
        };
        stream.onAbort(close);
        // The process is stopping: say how soon to reconnect (spread out), then end the stream.
        let wake: () => void = () => {};
        const stop = () => {
          if (!open) return;
          close();
          wake();
        };
        shutdown?.addEventListener("abort", stop, { once: true });
        await stream.writeSSE({ event: "ready", data: "{}", retry: 3000 });
        if (shutdown?.aborted) stop();
        while (open && !stream.aborted && !stream.closed) {
          await new Promise<void>((resolve) => {
            wake = resolve;
            void stream.sleep(keepAliveMs).then(() => resolve());
          });
          if (open && !stream.aborted) await stream.write(": keep-alive\n\n").catch(close);
        }
        shutdown?.removeEventListener("abort", stop);
        if (shutdown?.aborted && !stream.aborted) {
          await stream.write(`retry: ${500 + Math.floor(Math.random() * 2500)}\n\n`).catch(() => {});
          await stream.close().catch(() => {});
        }
        close();
      },
      async (error) => {
        services.log.warn({ err: error }, "storefront event stream failed");
      },
    );
}
