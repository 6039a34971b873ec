import { getConnInfo } from "@hono/node-server/conninfo";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono, type MiddlewareHandler } from "hono";
import { csrf } from "hono/csrf";
import { NONCE, secureHeaders, type SecureHeadersVariables } from "hono/secure-headers";
import { createRequestHandler } from "react-router";
import { readConfig } from "~/config.server";
import { openServices, type AppServices } from "~/services.server";
import "~/load-context";

export { openServices, readConfig };

export type CreateAppOptions = {
  mode: "production" | "development";
  /** build/client in production; Vite serves assets itself in development. */
  clientDir?: string;
};

/** The HTTP surface: health, images and feeds first, then every page through React Router. */
export function createApp(services: AppServices, options: CreateAppOptions) {
  const app = new Hono<{ Variables: SecureHeadersVariables }>();
  const handleRequest = createRequestHandler(() => import("virtual:react-router/server-build"), options.mode);

  app.use("*", clientAddress(services.config.trustProxy));
  app.use("*", securityHeaders(services, options.mode));
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

  app.all("*", (c) => handleRequest(c.req.raw, { services, cspNonce: c.get("secureHeadersNonce") }));
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

function contentTypeOf(name: string): string {
  const ext = name.slice(name.lastIndexOf(".") + 1).toLowerCase();
  return (
    { webp: "image/webp", png: "image/png", jpg: "image/jpeg", jpeg: "image/jpeg", gif: "image/gif", avif: "image/avif", svg: "image/svg+xml" }[ext] ??
    "application/octet-stream"
  );
}
