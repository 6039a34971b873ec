import { timingSafeEqual } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { getConnInfo } from "@hono/node-server/conninfo";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono, type MiddlewareHandler } from "hono";
import { compress } from "hono/compress";
import { csrf } from "hono/csrf";
import { NONCE, secureHeaders, type SecureHeadersVariables } from "hono/secure-headers";
import { createRequestHandler } from "react-router";
import { readConfig } from "~/config.server";
import { createImageTransformer, parseImageRequest } from "~/modules/media/media.server";
import { serveControlSocket, shopCommands } from "~/modules/ops/ops.server";
import { openServices, type AppServices } from "~/services.server";
import type { RenderFlags, RequestFailure } from "~/load-context";
import { DATABASE_RETRY_AFTER_SECONDS } from "~/lib/database-unavailable";
import { acceptsForeignPosts, isAdminPath } from "~/lib/path-kinds";
import { clientIpOf } from "~/modules/staff/staff.server";
import { runInRequest } from "~/lib/request-context.server";
import { createMetrics, routeLabel, type Metrics } from "./metrics";
import { requestBody, requestTarget } from "./request-guards";
import { supportApi } from "./support-api";
import { maintenanceGate } from "./maintenance-gate";
import { createPageCache } from "./page-cache";
import { storefrontEvents } from "./storefront-events";

export { openServices, readConfig };
export { announceFirstRun } from "~/modules/staff/staff.server";

/** The embedded shop's control socket (user:create, backup while it runs). */
export async function startControlSocket(services: AppServices) {
  return serveControlSocket(services.config.dataDir, shopCommands(services), services.log);
}

export type CreateAppOptions = {
  mode: "production" | "development";
  /** The process's metrics registry; one is made when not given. */
  metrics?: Metrics;
  /** build/client in production; Vite serves assets itself in development. */
  clientDir?: string;
  /** Aborted when the process begins to stop: live streams send a retry hint and close, /readyz answers 503. */
  shutdown?: AbortSignal;
};

/** The HTTP surface: health, images and feeds first, then the maintenance gate, live events and every page through React Router. */
export function createApp(services: AppServices, options: CreateAppOptions) {
  const app = new Hono<{ Variables: SecureHeadersVariables & { renderFlags?: RenderFlags } }>();
  const handleRequest = createRequestHandler(() => import("virtual:react-router/server-build"), options.mode);

  const metrics = options.metrics ?? createMetrics();
  app.use("*", forwardedRequest(services.config));
  app.use("*", requestIdentity(services.config.trustProxy));
  app.use("*", measured(metrics, services.log));
  // The client build's own files, known when the process starts (none in development: Vite serves them).
  const publicFiles = options.clientDir ? listPublicFiles(options.clientDir) : new Set<string>();
  const isFile = (requestPath: string) => requestPath.startsWith("/assets/") || requestPath.startsWith("/images/") || publicFiles.has(requestPath);
  app.use("*", securityHeaders(services, options.mode, isFile));
  // gzip/deflate for HTML, JSON, CSS and JavaScript (Hono skips event streams and images).
  app.use("*", compress());
  // Mutations from a foreign page are refused (Origin, or Sec-Fetch-Site where Origin is absent).
  // A payment provider's webhook and a mail app's one-click unsubscribe come from their servers,
  // not a page: the webhook's signature, or the unsubscribe link's token, is checked instead.
  const publicOrigin = new URL(services.config.publicUrl).origin;
  const sameOrigin = csrf({ origin: (origin, c) => origin === publicOrigin || origin === new URL(c.req.url).origin });
  app.use("*", (c, next) => (acceptsForeignPosts(c.req.path) ? next() : sameOrigin(c, next)));
  app.use("*", requestTarget());
  app.use("*", requestBody(services));

  // Ready to take traffic: the database answers and every migration this build knows is applied.
  app.get("/readyz", async (c) => {
    if (options.shutdown?.aborted) return c.json({ status: "stopping" }, 503, { "Cache-Control": "no-store" });
    try {
      const pending = await services.database.pendingMigrations();
      if (pending > 0) return c.json({ status: "migrating", pendingMigrations: pending }, 503, { "Cache-Control": "no-store" });
      return c.json({ status: "ready", database: services.database.kind }, 200, { "Cache-Control": "no-store" });
    } catch (error) {
      services.log.error({ err: error }, "readiness check failed");
      return c.json({ status: "error" }, 503, { "Cache-Control": "no-store" });
    }
  });

  app.get("/metrics", async (c) => {
    if (!metricsAllowed(services.config.metrics, c.req.raw.headers)) return c.text("Forbidden", 403, { "Cache-Control": "no-store" });
    return c.body(await metrics.registry.metrics(), 200, { "Content-Type": metrics.registry.contentType, "Cache-Control": "no-store" });
  });

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
    if (result.kind === "busy") return c.text("Busy rendering images; try again shortly.", 503, { "Cache-Control": "no-store", "Retry-After": String(result.retryAfterSeconds) });
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
    // A script or stylesheet the build does not hold (a page open across a release asking for its
    // old chunk): a plain 404 at once, not a rendered page that its file headers would leave unstyled.
    app.all("/assets/*", (c) => c.text("Not found", 404, { "Cache-Control": "no-store" }));
    // The public folder's few files (favicon, hero and feature images), known when the process
    // starts: a page's request goes on without a look at the disk for a file of its name.
    const servePublic = serveStatic({ root, precompressed: true, onFound: (_path, c) => c.header("Cache-Control", "public, max-age=3600") });
    app.use("*", (c, next) => (publicFiles.has(c.req.path) ? servePublic(c, next) : next()));
  }

  // Everything below is the storefront and staff pages: gated while the shop is in maintenance.
  app.use("*", maintenanceGate(services));
  app.route("/api/support", supportApi(services, { metrics, shutdown: options.shutdown }));
  app.get("/events/storefront", storefrontEvents(services, undefined, metrics, options.shutdown));

  app.use("*", createPageCache(services).middleware);
  app.all("*", async (c) => {
    const failure: RequestFailure = { databaseUnavailable: false };
    const response = await handleRequest(c.req.raw, { services, cspNonce: c.get("secureHeadersNonce"), renderFlags: c.get("renderFlags"), failure });
    return failure.databaseUnavailable && response.status === 500 ? databaseUnavailable(response, services) : response;
  });
  return app;
}

/** The request paths of the files in the client build, but for the hashed assets and their compressed twins. */
export function listPublicFiles(root: string): Set<string> {
  const files = new Set<string>();
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || /\.(?:br|gz)$/.test(entry.name)) continue;
    const relative = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/");
    if (!relative.startsWith("assets/")) files.add(`/${relative}`);
  }
  return files;
}

/**
 * The answer while the database is away (restarting, unreachable): 503 with Retry-After, so
 * browsers, proxies and scripts know to try again, and the page says so in plain words.
 */
function databaseUnavailable(response: Response, services: AppServices): Response {
  services.log.warn("a request failed because the database could not be reached (answered 503)");
  const headers = new Headers(response.headers);
  headers.set("Retry-After", String(DATABASE_RETRY_AFTER_SECONDS));
  headers.set("Cache-Control", "no-store");
  return new Response(response.body, { status: 503, statusText: "Service Unavailable", headers });
}

/**
 * The request as the shopper's browser addressed it. Without a trusted proxy, whatever
 * X-Forwarded-For a client sent is replaced by the socket's address (the address every limit
 * counts: clientIpOf). Behind a trusted TLS-terminating proxy, Node sees http:// and the proxy's
 * view of the host; the URL is rebuilt from X-Forwarded-Proto and X-Forwarded-Host so that
 * React Router's own origin check on actions, redirects and canonical links see the public
 * https origin the browser used.
 */
function forwardedRequest(config: { trustProxy: boolean; publicUrl: string }): MiddlewareHandler {
  const publicUrl = new URL(config.publicUrl);
  return async (c, next) => {
    const headers = c.req.raw.headers;
    if (!config.trustProxy || !headers.get("x-forwarded-for")) {
      let address: string | undefined;
      try {
        address = getConnInfo(c).remote.address;
      } catch {
        // Not served by @hono/node-server (app.fetch called directly): no socket to read.
      }
      if (address) headers.set("x-forwarded-for", address);
      else headers.delete("x-forwarded-for");
    }
    if (config.trustProxy) {
      const url = new URL(c.req.raw.url);
      const host = firstHop(headers.get("x-forwarded-host")) ?? headers.get("host") ?? url.host;
      const forwardedProto = firstHop(headers.get("x-forwarded-proto"))?.toLowerCase();
      const proto =
        forwardedProto === "https" || forwardedProto === "http"
          ? forwardedProto
          : host === publicUrl.host
            ? publicUrl.protocol.slice(0, -1)
            : url.protocol.slice(0, -1);
      const rebuilt = validHost(host) ? new URL(`${proto}://${host}${url.pathname}${url.search}`) : url;
      if (rebuilt.href !== url.href) {
        const raw = c.req.raw;
        c.req.raw = new Request(rebuilt, {
          method: raw.method,
          headers: raw.headers,
          body: raw.body,
          signal: raw.signal,
          // Node's fetch needs this to pass a streamed body on unread.
          ...(raw.body ? { duplex: "half" } : {}),
        } as RequestInit);
      }
    }
    await next();
  };
}

/**
 * Every request gets an id, sent back as X-Request-Id and stamped on every log line written while
 * it is served. A trusted proxy's own X-Request-Id is kept, so one id follows the request through
 * both logs.
 */
function requestIdentity(trustProxy: boolean): MiddlewareHandler {
  return async (c, next) => {
    const given = trustProxy ? c.req.header("x-request-id") : undefined;
    const requestId = given && /^[A-Za-z0-9._-]{8,128}$/.test(given) ? given : crypto.randomUUID();
    await runInRequest({ requestId }, async () => {
      await next();
      c.res.headers.set("X-Request-Id", requestId);
    });
  };
}

/** Request durations by route pattern (time to the response's headers; a stream counts until it opens). */
function measured(metrics: Metrics, log: AppServices["log"]): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const seconds = (performance.now() - started) / 1000;
    const route = c.res.status === 404 ? "not_found" : routeLabel(c.req.path);
    metrics.requestDuration.observe({ method: c.req.method, route, status: String(c.res.status) }, seconds);
    log.debug({ method: c.req.method, route, status: c.res.status, ms: Math.round(seconds * 1000) }, "request");
  };
}

/** /metrics is for the operator's scraper: a bearer token when METRICS_TOKEN is set, else only the listed addresses. */
function metricsAllowed(config: { token?: string; allow: string[] }, headers: Headers): boolean {
  const auth = headers.get("authorization");
  if (config.token) {
    const expected = Buffer.from(`Bearer ${config.token}`);
    const given = Buffer.from(auth ?? "");
    if (given.length === expected.length && timingSafeEqual(given, expected)) return true;
  }
  const ip = clientIpOf(headers).replace(/^::ffff:/, "");
  return config.allow.includes(ip);
}

function firstHop(value: string | null | undefined): string | undefined {
  const first = value?.split(",")[0]?.trim();
  return first ? first : undefined;
}

function validHost(host: string): boolean {
  return /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/.test(host);
}

/** A file's whole policy: no script, sandboxed, should a file ever be opened as a page of its own. */
const FILE_CSP = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox";

/**
 * CSP with a per-request nonce for the framework's inline scripts (no 'unsafe-inline' for scripts),
 * nosniff, strict-origin-when-cross-origin; admin pages may not be framed, are never cached and
 * keep their window to themselves (Cross-Origin-Opener-Policy).
 *
 * A file (a script, the stylesheet, an image) is not a page: browsers apply a policy, framing and
 * opener rules only to the document they arrive with, so on a file those headers are bytes on the
 * wire and nothing else. A storefront page asks for a dozen scripts and as many images, and the
 * page's policy carries a nonce that differs on every response, which HTTP/2's header compression
 * cannot reuse: about 600 bytes a file. A file gets nosniff, the referrer policy (a stylesheet's
 * own requests follow it), HSTS on HTTPS, and a short fixed policy that runs no script and is
 * sandboxed, should a file ever be opened as a page of its own (an SVG, say).
 */
function securityHeaders(services: AppServices, mode: "production" | "development", isFile: (requestPath: string) => boolean): MiddlewareHandler<{ Variables: SecureHeadersVariables }> {
  const https = services.config.publicUrl.startsWith("https:");
  // Razorpay Checkout, when online payment is on: its script, and the window it opens from its API's origin.
  const razorpay = services.config.razorpay;
  const payment = razorpay ? [...new Set([new URL(razorpay.checkoutUrl).origin, new URL(razorpay.apiUrl).origin])] : [];
  // What differs between the two parts of the shop follows from which part it is: who may frame
  // its pages, and whether a page keeps its window to itself.
  const make = (part: "storefront" | "back office") => {
    const backOffice = part === "back office";
    const csp = {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", NONCE, ...payment],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:", "blob:", "https:"],
      fontSrc: ["'self'", "data:"],
      connectSrc: ["'self'", ...payment],
      frameSrc: ["'self'", ...payment],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: [backOffice ? "'none'" : "'self'"],
    };
    return secureHeaders({
      // Vite's dev server injects scripts of its own: report there, enforce in production.
      ...(mode === "production" ? { contentSecurityPolicy: csp } : { contentSecurityPolicyReportOnly: csp }),
      referrerPolicy: "strict-origin-when-cross-origin",
      xFrameOptions: backOffice ? "DENY" : "SAMEORIGIN",
      strictTransportSecurity: https ? "max-age=15552000" : false,
      crossOriginResourcePolicy: false,
      // The back office keeps its window to itself. A storefront page does not: a browser that
      // sees this header puts the page in a new browsing context group, and Chrome in a renderer
      // process of its own (on Android it isolates every site that sends it), so each arrival
      // from a search or a social app started in a fresh process; in Lighthouse's phone model
      // that was up to 144 ms of blocking time per page (docs/decisions/0020) and none on the
      // bare page. And the payment window Razorpay Checkout opens (netbanking, some card checks)
      // talks to its opener, a link this policy would cut.
      crossOriginOpenerPolicy: backOffice ? "same-origin" : false,
    });
  };
  const site = make("storefront");
  const admin = make("back office");
  const file: MiddlewareHandler = async (c, next) => {
    await next();
    c.res.headers.set("X-Content-Type-Options", "nosniff");
    c.res.headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
    c.res.headers.set("Content-Security-Policy", FILE_CSP);
    if (https) c.res.headers.set("Strict-Transport-Security", "max-age=15552000");
  };
  return async (c, next) => {
    if (mode === "production" && isFile(c.req.path)) return file(c, next);
    if (!isAdminPath(c.req.path)) return site(c, next);
    await admin(c, next);
    c.res.headers.set("Cache-Control", "no-store");
  };
}
