import type { AppServices } from "./services.server";

declare module "react-router" {
  interface AppLoadContext {
    services: AppServices;
    /** This request's Content-Security-Policy nonce (server/app.ts). */
    cspNonce?: string;
    /** Set by the page cache (server/page-cache.ts) on the pages it may keep. */
    renderFlags?: RenderFlags;
    /** What went wrong while answering, noted by entry.server's handleError for server/app.ts. */
    failure?: RequestFailure;
  }
}

export type RequestFailure = {
  /** A loader or action failed because the database could not be reached: the answer is a 503. */
  databaseUnavailable: boolean;
};

export type RenderFlags = {
  /** A loader fell back to an empty state after an error, or rendering failed: do not keep this page. */
  degraded: boolean;
};

/** Marks this request's page as built from a fallback, so no cache keeps it. */
export function markDegraded(context: { renderFlags?: RenderFlags }): void {
  if (context.renderFlags) context.renderFlags.degraded = true;
}

