import { isRouteErrorResponse } from "react-router";
import type { AppServices } from "~/services.server";
import { TEST_PUBLIC_URL } from "./test-services";

// Calling a route's action in process, as the browser would post to it, and reading its answer
// the way React Router would: for the tests of who may do what, and of what a refusal says.

export type RouteAnswer = { status: number; body?: unknown; location?: string | null; response?: Response };

/** The status an action or loader answers with: its own, a redirect's, or a thrown refusal's. */
export async function answerOf(run: () => Promise<unknown>): Promise<RouteAnswer> {
  try {
    const out = await run();
    if (out instanceof Response) return { status: out.status, response: out };
    if (out && typeof out === "object" && "init" in out) {
      const d = out as { init: { status?: number } | null; data: unknown };
      return { status: d.init?.status ?? 200, body: d.data };
    }
    return { status: 200, body: out };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("location") };
    if (isRouteErrorResponse(thrown)) return { status: thrown.status };
    if (thrown && typeof thrown === "object" && "init" in thrown) {
      const d = thrown as { init: { status?: number } | null; data?: unknown };
      return { status: d.init?.status ?? 500, body: d.data };
    }
    throw thrown;
  }
}

type RouteFunction = (args: never) => Promise<unknown>;

/**
 * A form POST to `action` at `path`, signed in with `cookie` if given. Its body is read only when
 * the action reads it, and `read()` tells whether it did (permission must come before the body).
 */
export function postForm(services: AppServices, action: RouteFunction, path: string, fields: Record<string, string | string[]>, opts: { cookie?: string; params?: Record<string, string> } = {}) {
  let read = false;
  // A field given a list is sent once per value (ticked rows, an order of ids).
  const text = new URLSearchParams(Object.entries(fields).flatMap(([name, value]) => [value].flat().map((one) => [name, one]))).toString();
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        read = true;
        controller.enqueue(new TextEncoder().encode(text));
        controller.close();
      },
    },
    // Nothing is pulled until someone reads (the default would pull one chunk at once).
    { highWaterMark: 0 },
  );
  const headers = new Headers({ "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": "10.0.0.1", origin: TEST_PUBLIC_URL });
  if (opts.cookie) headers.set("cookie", opts.cookie);
  const request = new Request(`${TEST_PUBLIC_URL}${path}`, { method: "POST", headers, body, duplex: "half" } as RequestInit);
  return { run: () => action({ request, context: { services }, params: opts.params ?? {} } as never), read: () => read };
}
