import { data } from "react-router";
import { getActivePopup, subscribeToNewsletter } from "~/modules/marketing/marketing.server";
import { FOOTER_CONSENT_TEXT } from "~/modules/marketing/marketing";
import type { Route } from "./+types/api.newsletter";

/**
 * POST /api/newsletter (form or JSON: email, source footer|popup, consented).
 * The consent text stored is the one the shop showed (footer text, or the active popup's),
 * never text sent by the browser.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return data({ ok: false as const, field: "email" as const, error: "Use POST." }, { status: 405 });
  const input = await readInput(request);
  const db = context.services.db;
  let consentText: string | undefined = FOOTER_CONSENT_TEXT;
  let consented = input.consented;
  if (input.source === "popup") {
    const popup = await getActivePopup(db);
    if (!popup?.emailCollection) return data({ ok: false as const, field: "email" as const, error: "This offer has ended." }, { status: 400 });
    consentText = popup.consentText ?? undefined;
    // With no consent text on the popup, submitting the email is the consent.
    if (!popup.consentText) consented = true;
  }
  const result = await subscribeToNewsletter(db, { email: input.email, source: input.source, consentText, consented });
  if (!result.ok) return data(result, { status: 400 });
  const message = result.alreadySubscribed ? "You are already subscribed. Thank you!" : "Thank you for subscribing!";
  return data({ ...result, message });
}

async function readInput(request: Request): Promise<{ email: unknown; source: string; consented: boolean }> {
  const type = request.headers.get("Content-Type") ?? "";
  if (type.includes("application/json")) {
    const json = (await request.json().catch(() => null)) as Record<string, unknown> | null;
    return { email: json?.email, source: json?.source === "popup" ? "popup" : "footer", consented: json?.consented === true };
  }
  const form = await request.formData().catch(() => null);
  const consent = form?.get("consented");
  return {
    email: form?.get("email") ?? undefined,
    source: form?.get("source") === "popup" ? "popup" : "footer",
    consented: consent === "true" || consent === "on",
  };
}

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];
