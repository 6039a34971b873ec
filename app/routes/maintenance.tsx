import { data, redirect } from "react-router";
import { ChatLauncher } from "~/components/support/chat-launcher";
import { pageMeta } from "~/lib/meta";
import { getMaintenanceState, verifyBypassToken, serializeBypassCookie } from "~/modules/settings/settings.server";
import { DEFAULT_MAINTENANCE_MESSAGE, MAINTENANCE_RETRY_AFTER_SECONDS } from "~/modules/settings/settings";
import type { Route } from "./+types/maintenance";

/**
 * /maintenance answers 503 with Retry-After while the shop is closed. /maintenance?bypass=TOKEN
 * with a valid token stores it in an HttpOnly cookie and goes home; when the shop is open the
 * page sends visitors home.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, config, log } = context.services;
  const url = new URL(request.url);
  const token = url.searchParams.get("bypass");
  let bypassRejected = false;
  if (token !== null) {
    const valid = await verifyBypassToken(db, token.trim());
    if (valid) {
      const cookie = await serializeBypassCookie(token.trim(), valid.expiresAt, config.publicUrl.startsWith("https:"));
      throw redirect("/", { headers: { "Set-Cookie": cookie, "Cache-Control": "no-store" } });
    }
    bypassRejected = true;
  }
  let state: { enabled: boolean; message: string };
  try {
    state = await getMaintenanceState(db);
  } catch (error) {
    log.error({ err: error }, "maintenance status check failed on /maintenance");
    state = { enabled: false, message: "" };
  }
  if (!state.enabled && !bypassRejected) throw redirect("/");
  return data(
    { enabled: state.enabled, message: state.message.trim() || DEFAULT_MAINTENANCE_MESSAGE, bypassRejected },
    { status: state.enabled ? 503 : 200, headers: { "Retry-After": String(MAINTENANCE_RETRY_AFTER_SECONDS), "Cache-Control": "no-store" } },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta: Route.MetaFunction = () => pageMeta({ title: "We'll be back soon", description: "GLACIAL is undergoing maintenance.", noindex: true });

export default function Maintenance({ loaderData }: Route.ComponentProps) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-brand px-6 text-center text-white">
      <p className="text-3xl font-black tracking-[0.3em]">GLACIAL</p>
      <h1 className="mt-10 text-4xl font-bold">{loaderData.enabled ? "We'll be back soon" : "The shop is open"}</h1>
      <p className="mt-6 max-w-xl text-lg whitespace-pre-line text-slate-200">
        {loaderData.enabled ? loaderData.message : "Maintenance has finished."}
      </p>
      {loaderData.bypassRejected ? (
        <p role="alert" className="mt-6 rounded-lg bg-white/10 px-4 py-3 text-amber-200">
          This preview link is invalid or has expired.
        </p>
      ) : null}
      <a href="/" className="mt-10 rounded-full bg-white px-6 py-3 font-semibold text-brand hover:bg-slate-100">
        {loaderData.enabled ? "Try again" : "Go to the shop"}
      </a>
      {/* The chat stays open during maintenance on purpose (docs/decisions/0005): shoppers can still reach us. */}
      {loaderData.enabled ? <ChatLauncher /> : null}
    </main>
  );
}
