import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { createRequestHandler } from "react-router";
import { readConfig } from "~/config.server";
import { createImageTransformer, parseImageRequest } from "~/modules/media/image-transform.server";
import { openServices, type AppServices } from "~/services.server";
import "~/load-context";
import { supportApi } from "./support-api";
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

  // Better Auth's endpoints (sign-in, sign-out, session). The admin shell mounts them too: keep one.
  app.on(["GET", "POST"], "/api/auth/*", (c) => services.auth.handler(c.req.raw));

  app.route("/api/support", supportApi(services));

  // Stored images, resized and re-encoded on demand (app/modules/media/image-transform.server.ts).
  const images = createImageTransformer(services.storage, path.join(services.config.dataDir, "cache", "images"));
  app.get("/images/*", async (c) => {
    const url = new URL(c.req.url);
    const parsed = parseImageRequest(url.pathname.slice("/images/".length), url.searchParams, c.req.header("accept"));
    if (!parsed.ok) return c.text(parsed.error, 400, { "Cache-Control": "no-store" });
    const { name, params, negotiated, versioned } = parsed.value;
    const result = await images.transform(name, params);
    if (result.kind === "missing") return c.text("Not found", 404, { "Cache-Control": "no-store" });
    if (result.kind === "unreadable") return c.text("This image cannot be processed.", 422, { "Cache-Control": "no-store" });
    const headers: Record<string, string> = {
      "Content-Type": result.contentType,
      "Cache-Control": versioned ? "public, max-age=31536000, immutable" : "public, max-age=3600",
      "X-Image-Cache": result.cacheHit ? "hit" : "miss",
      "X-Content-Type-Options": "nosniff",
    };
    if (negotiated) headers.Vary = "Accept";
    return c.body(new Uint8Array(result.bytes), 200, headers);
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
