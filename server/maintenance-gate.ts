import type { MiddlewareHandler } from "hono";
import { pathKindOf } from "~/lib/path-kinds";
import { getMaintenanceState, verifyBypassToken, readBypassCookie } from "~/modules/settings/settings.server";
import { gateDecision, isGatedPath, MAINTENANCE_RETRY_AFTER_SECONDS } from "~/modules/settings/settings";
import { READ_KEYS, storefrontCacheFor } from "~/modules/events/events.server";
import { holds } from "~/modules/staff/staff";
import { getStaff } from "~/modules/staff/staff.server";
import type { AppServices } from "~/services.server";

type GateServices = Pick<AppServices, "db" | "auth" | "log" | "events">;

/**
 * The maintenance gate, enforced on the server for every storefront request:
 * while maintenance is on, visitors go to /maintenance; admins, super admins and holders of a
 * valid bypass token pass. A failing check lets the visitor through and is logged.
 * It runs in Hono, before React Router, so it also covers resource routes, the SSE stream and
 * React Router's client-side data requests (`*.data`), which a root loader would not see.
 */
export function maintenanceGate(services: GateServices): MiddlewareHandler {
  return async (c, next) => {
    if (!isGatedPath(c.req.path)) return next();
    let blocked: boolean;
    try {
      const state = await storefrontCacheFor(services.events).get(READ_KEYS.setting("maintenance"), () => getMaintenanceState(services.db));
      if (!state.enabled) return next();
      const token = await readBypassCookie(c.req.header("Cookie") ?? null);
      const hasBypass = token ? (await verifyBypassToken(services.db, token)) !== null : false;
      const staff = hasBypass ? null : await getStaff(services as AppServices, c.req.raw);
      const isAdmin = !!staff && holds(staff.roles, "pass_maintenance");
      blocked = gateDecision(state, { hasBypass, isAdmin }) === "block";
    } catch (error) {
      services.log.error({ err: error, path: c.req.path }, "maintenance status check failed; letting the visitor through");
      return next();
    }
    if (!blocked) return next();

    const headers = { "Cache-Control": "no-store", "Retry-After": String(MAINTENANCE_RETRY_AFTER_SECONDS) };
    if (c.req.path.endsWith(".data")) {
      // React Router's client navigation: its documented header form of a redirect, with a full
      // document load so the maintenance page replaces the storefront chrome.
      return new Response(null, {
        status: 204,
        headers: { ...headers, "X-Remix-Redirect": "/maintenance", "X-Remix-Status": "302", "X-Remix-Reload-Document": "true" },
      });
    }
    if (pathKindOf(c.req.path) === "feed") {
      // A feed fetcher (Google's) reads status codes, not pages: 503 with Retry-After tells it the
      // closure is temporary, so it keeps the items it has and fetches again later
      // (docs/decisions/0008-google-feed-closed-during-maintenance.md).
      return c.text("The shop is closed for maintenance. Fetch the feed again later.", 503, headers);
    }
    if (c.req.method === "GET" || c.req.method === "HEAD") {
      return new Response(null, { status: 302, headers: { ...headers, Location: "/maintenance" } });
    }
    return c.json({ error: "The shop is closed for maintenance. Please try again later." }, 503, headers);
  };
}
