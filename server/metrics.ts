import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";

// The process's Prometheus metrics (served at /metrics, see server/app.ts). One registry per
// process; each server process is scraped on its own, as Prometheus expects.
export type Metrics = {
  registry: Registry;
  requestDuration: Histogram<"method" | "route" | "status">;
  openStreams: Gauge<"stream">;
  ordersPlaced: Counter<"payment_method">;
  jobQueueDepth: Gauge<"queue">;
};

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "glacial_" });
  return {
    registry,
    requestDuration: new Histogram({
      name: "glacial_http_request_duration_seconds",
      help: "Time to the response's headers, by route pattern",
      labelNames: ["method", "route", "status"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    openStreams: new Gauge({ name: "glacial_open_sse_streams", help: "Server-sent event streams open now", labelNames: ["stream"], registers: [registry] }),
    ordersPlaced: new Counter({ name: "glacial_orders_placed_total", help: "Orders placed", labelNames: ["payment_method"], registers: [registry] }),
    jobQueueDepth: new Gauge({ name: "glacial_job_queue_depth", help: "Background jobs waiting", labelNames: ["queue"], registers: [registry] }),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// Paths whose next segment is a name or id: the label keeps the pattern, not the value, so the
// number of series stays bounded whatever paths are asked for.
const PARAM_AFTER = new Set(["product", "collections", "collection", "edit", "orders", "pages", "conversations", "images", "assets"]);

/** A bounded label for a request path: "/product/:slug", "/admin/orders/:id", "/api/support/conversations/:id/stream". */
export function routeLabel(pathname: string): string {
  const page = pathname.endsWith(".data") ? pathname.slice(0, -5) || "/" : pathname;
  const parts = page.split("/").filter(Boolean);
  if (parts.length > 6) return "other";
  const out: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (UUID.test(part)) out.push(":id");
    else if (i > 0 && PARAM_AFTER.has(parts[i - 1]!)) {
      out.push(parts[i - 1] === "images" || parts[i - 1] === "assets" ? "*" : ":param");
      if (parts[i - 1] === "images" || parts[i - 1] === "assets") break;
    } else if (/^[a-z0-9_.-]{1,40}$/i.test(part)) out.push(part);
    else return "other";
  }
  return `/${out.join("/")}`;
}
