import path from "node:path";
import { getConnInfo } from "@hono/node-server/conninfo";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono, type MiddlewareHandler } from "hono";
import { compress } from "hono/compress";
import { csrf } from "hono/csrf";
import { NONCE, secureHeaders, type SecureHeadersVariables } from "hono/secure-headers";
import { createRequestHandler } from "react-router";
import { readConfig } from "~/config.server";
import { createImageTransformer, parseImageRequest } from "~/modules/media/image-transform.server";
import { openServices, type AppServices } from "~/services.server";
import type { RenderFlags } from "~/load-context";
import { supportApi } from "./support-api";
import { maintenanceGate } from "./maintenance-gate";
import { createPageCache } from "./page-cache";
import { storefrontEvents } from "./storefront-events";

export { openServices, readConfig };

export type CreateAppOptions = {
  mode: "production" | "development";
  /** build/client in production; Vite serves assets itself in development. */
  clientDir?: string;
};

/** The HTTP surface: health, images and feeds first, then the maintenance gate, live events and every page through React Router. */
export function createApp(services: AppServices, options: CreateAppOptions) {
  const app = new Hono<{ Variables: SecureHeadersVariables & { renderFlags?: RenderFlags } }>();
  const handleRequest = createRequestHandler(() => import("virtual:react-router/server-build"), options.mode);

  app.use("*", clientAddress(services.config.trustProxy));
  app.use("*", securityHeaders(services, options.mode));
  // gzip/deflate for HTML, JSON, CSS and JavaScript (Hono skips event streams and images).
  app.use("*", compress());
  // Mutations from a foreign page are refused (Origin, or Sec-Fetch-Site where Origin is absent).
  const publicOrigin = new URL(services.config.publicUrl).origin;
  app.use("*", csrf({ origin: (origin, c) => origin === publicOrigin || origin === new URL(c.req.url).origin }));

  app.get("/healthz", async (c) => {
    try {
      await services.database.db.execute("select 1");
      return c.json({ status: "ok", database: services.database.kind, version: services.version });
    } catch (error) {
      services.log.error({ err: error }, "health check failed");
      return c.json({ status: "error", database: services.database.kind, version: services.version }, 503);
    }
  });

  // Better Auth's HTTP endpoints are deliberately not mounted: staff and shoppers sign in through
  // our own actions (app/modules/staff/sign-in.server.ts), so the brute-force limits and the audit
  // log cannot be bypassed.
  app.route("/api/support", supportApi(services));

  // Stored images, resized and re-encoded on demand (app/modules/media/image-transform.server.ts).
  const images = createImageTransformer(services.storage, path.join(services.config.dataDir, "cache", "images"), {
    maxCacheBytes: services.config.imageCacheMaxBytes,
  });
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
        // The build writes .br and .gz next to each text asset (scripts/vite-precompress.ts).
        precompressed: true,
        onFound: (_path, c) => c.header("Cache-Control", "public, max-age=31536000, immutable"),
      }),
    );
    app.use("*", serveStatic({ root, precompressed: true, onFound: (_path, c) => c.header("Cache-Control", "public, max-age=3600") }));
  }

  // Everything below is the storefront and staff pages: gated while the shop is in maintenance.
  app.use("*", maintenanceGate(services));
  app.get("/events/storefront", storefrontEvents(services));

  app.use("*", createPageCache(services).middleware);
  app.all("*", (c) => handleRequest(c.req.raw, { services, cspNonce: c.get("secureHeadersNonce"), renderFlags: c.get("renderFlags") }));
  return app;
}

export function isAdminPath(path: string): boolean {
  return path === "/admin" || path.startsWith("/admin/") || path.startsWith("/admin.");
}

/**
 * The client's IP for the auth library and the sign-in limits: without a trusted proxy, whatever
 * X-Forwarded-For a client sent is replaced by the socket's address.
 */
function clientAddress(trustProxy: boolean): MiddlewareHandler {
  return async (c, next) => {
    if (!trustProxy || !c.req.header("x-forwarded-for")) {
      let address: string | undefined;
      try {
        address = getConnInfo(c).remote.address;
      } catch {
        // Not served by @hono/node-server (app.fetch called directly): no socket to read.
      }
      if (address) c.req.raw.headers.set("x-forwarded-for", address);
      else c.req.raw.headers.delete("x-forwarded-for");
    }
    await next();
  };
}

/**
 * CSP with a per-request nonce for the framework's inline scripts (no 'unsafe-inline' for scripts),
 * nosniff, strict-origin-when-cross-origin; admin pages may not be framed and are never cached.
 */
function securityHeaders(services: AppServices, mode: "production" | "development"): MiddlewareHandler<{ Variables: SecureHeadersVariables }> {
  const https = services.config.publicUrl.startsWith("https:");
  const make = (frameAncestors: string) => {
    const csp = {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", NONCE],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:", "blob:", "https:"],
      fontSrc: ["'self'", "data:"],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: [frameAncestors],
    };
    return secureHeaders({
      // Vite's dev server injects scripts of its own: report there, enforce in production.
      ...(mode === "production" ? { contentSecurityPolicy: csp } : { contentSecurityPolicyReportOnly: csp }),
      referrerPolicy: "strict-origin-when-cross-origin",
      xFrameOptions: frameAncestors === "'none'" ? "DENY" : "SAMEORIGIN",
      strictTransportSecurity: https ? "max-age=15552000" : false,
      crossOriginResourcePolicy: false,
    });
  };
  const site = make("'self'");
  const admin = make("'none'");
  return async (c, next) => {
    if (!isAdminPath(c.req.path)) return site(c, next);
    await admin(c, next);
    c.res.headers.set("Cache-Control", "no-store");
  };
}
