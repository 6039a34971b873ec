import { PassThrough, pipeline, type Readable } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
import { ServerRouter, type AppLoadContext, type EntryContext, type HandleErrorFunction } from "react-router";
import { hasStorefrontChrome } from "./components/storefront/storefront-shell";
import { createHydrationDeferral } from "./lib/deferred-hydration.server";
import { isDatabaseUnavailable } from "./lib/database-unavailable";
import { markDegraded } from "./load-context";
import { NonceProvider } from "./lib/nonce";

// React Router's default Node entry, plus the CSP nonce on every inline script it and React emit,
// and, on storefront pages, hydration code that loads after the page (lib/deferred-hydration.server.ts).
export const streamTimeout = 5_000;

/**
 * Every error a loader or action throws passes here (React Router logs it; so do we). One that
 * says the database could not be reached is noted on the request's context, so the server
 * answers 503 with Retry-After instead of 500: the shop is up, and the pool reconnects by itself.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (isDatabaseUnavailable(error)) {
    if (context.failure) context.failure.databaseUnavailable = true;
    return;
  }
  if (!request.signal.aborted) console.error(error);
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === "HEAD") return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  const nonce = loadContext.cspNonce;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    const readyOption: keyof RenderToPipeableStreamOptions = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        // React sends a finished Suspense boundary's HTML later in the stream, hidden until an inline
        // script moves it into place, once the boundaries already written pass this many bytes.
        // Sections that hydrate when near (HydrateWhenNear) are finished boundaries: a collection's
        // cards past the first twelve were hidden from a browser without JavaScript, and shown to
        // the rest only by a script. A finished boundary is written where it stands; only those
        // still waiting for data (a page's streamed parts) come later.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html");
          const storefront = nonce !== undefined && hasStorefrontChrome(new URL(request.url).pathname);
          // pipeline() passes an aborted render's error on to the response stream.
          const out: Readable = storefront ? pipeline(body, createHydrationDeferral(nonce), () => {}) : body;
          pipe(body);
          resolve(new Response(createReadableStreamFromReadable(out), { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          markDegraded(loadContext);
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
