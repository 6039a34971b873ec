import { data } from "react-router";

/**
 * Refuses a form post another site made the browser send (login CSRF): a present Origin header
 * must be the shop's public origin or the origin the request was addressed to.
 */
export function requireSameOrigin(request: Request, publicUrl: string): void {
  const origin = request.headers.get("origin");
  if (!origin) return;
  const allowed = new Set([new URL(publicUrl).origin, new URL(request.url).origin]);
  if (!allowed.has(origin)) throw data({ error: "This form must be sent from the shop itself." }, { status: 403 });
}
