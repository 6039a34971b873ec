import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { createRequestHandler } from "react-router";
import { readConfig } from "~/config.server";
import { openServices, type AppServices } from "~/services.server";
import "~/load-context";
import { maintenanceGate } from "./maintenance-gate";
import { storefrontEvents } from "./storefront-events";

export { openServices, readConfig };

export type CreateAppOptions = {
  mode: "production" | "development";
  /** build/client in production; Vite serves assets itself in development. */
  clientDir?: string;
};

/** The HTTP surface: health, images and feeds first, then the maintenance gate, live events and every page through React Router. */
export function createApp(services: AppServices, options: CreateAppOptions) {
  const app = new Hono();
  const handleRequest = createRequestHandler(() => import("virtual:react-router/server-build"), options.mode);

  app.get("/healthz", async (c) => {
    try {
      await services.database.db.execute("select 1");
      return c.json({ status: "ok", database: services.database.kind, version: services.version });
    } catch (error) {
      services.log.error({ err: error }, "health check failed");
      return c.json({ status: "error", database: services.database.kind, version: services.version }, 503);
    }
  });

  app.get("/images/*", async (c) => {
    const name = decodeURIComponent(c.req.path.slice("/images/".length));
    const bytes = name ? await services.storage.get(name).catch(() => null) : null;
    if (!bytes) return c.text("Not found", 404);
    return c.body(new Uint8Array(bytes), 200, {
      "Content-Type": contentTypeOf(name),
      "Cache-Control": "public, max-age=86400",
    });
  });

  if (options.clientDir) {
    const root = options.clientDir;
    // Hashed build output never changes under one name: cache it for a year.
    app.use(
      "/assets/*",
      serveStatic({
        root,
        onFound: (_path, c) => c.header("Cache-Control", "public, max-age=31536000, immutable"),
      }),
    );
    app.use("*", serveStatic({ root, onFound: (_path, c) => c.header("Cache-Control", "public, max-age=3600") }));
  }

  // Everything below is the storefront and staff pages: gated while the shop is in maintenance.
  app.use("*", maintenanceGate(services));
  app.get("/events/storefront", storefrontEvents(services));

  app.all("*", (c) => handleRequest(c.req.raw, { services }));
  return app;
}

function contentTypeOf(name: string): string {
  const ext = name.slice(name.lastIndexOf(".") + 1).toLowerCase();
  return (
    { webp: "image/webp", png: "image/png", jpg: "image/jpeg", jpeg: "image/jpeg", gif: "image/gif", avif: "image/avif", svg: "image/svg+xml" }[ext] ??
    "application/octet-stream"
  );
}
