import { useId } from "react";
import { useFetcher } from "react-router";
import { FOOTER_CONSENT_TEXT } from "~/modules/marketing/marketing";

type NewsletterReply = { ok: true; alreadySubscribed: boolean; message: string } | { ok: false; field: "email" | "consented"; error: string };

/** The footer's newsletter box: stores the subscriber with the consent text (POST /api/newsletter). */
export function NewsletterForm() {
  const fetcher = useFetcher<NewsletterReply>();
  const id = useId();
  const reply = fetcher.data;
  const busy = fetcher.state !== "idle";
  const emailError = reply && !reply.ok && reply.field === "email" ? reply.error : null;
  const consentError = reply && !reply.ok && reply.field === "consented" ? reply.error : null;
  return (
    <fetcher.Form method="post" action="/api/newsletter" noValidate className="space-y-3" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-bold text-white">
        Subscribe to our newsletter
      </h2>
      <p className="text-sm text-slate-300">New colours, restocks and members-only offers. No spam.</p>
      <input type="hidden" name="source" value="footer" />
      <input type="hidden" name="consentText" value={FOOTER_CONSENT_TEXT} />
      <div className="flex gap-2">
        <label htmlFor={`${id}-email`} className="sr-only">
          Email address
        </label>
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          placeholder="Your email address"
          aria-invalid={emailError ? true : undefined}
          aria-describedby={emailError ? `${id}-email-error` : undefined}
          className="min-w-0 flex-1 rounded-full border border-slate-500 bg-slate-900 px-4 py-2 text-white placeholder:text-slate-400 focus-visible:outline-2 focus-visible:outline-brand-accent"
        />
        <button type="submit" disabled={busy} className="rounded-full bg-white px-5 py-2 font-semibold text-brand hover:bg-slate-200 disabled:opacity-70">
          Subscribe
        </button>
      </div>
      {emailError ? (
        <p id={`${id}-email-error`} role="alert" className="text-sm font-medium text-red-300">
          {emailError}
        </p>
      ) : null}
      <div className="flex items-start gap-2">
        <input
          id={`${id}-consent`}
          name="consented"
          type="checkbox"
          value="true"
          aria-invalid={consentError ? true : undefined}
          aria-describedby={consentError ? `${id}-consent-error` : undefined}
          className="mt-1 size-4 accent-brand-accent"
        />
        <label htmlFor={`${id}-consent`} className="text-sm text-slate-300">
          {FOOTER_CONSENT_TEXT}
        </label>
      </div>
      {consentError ? (
        <p id={`${id}-consent-error`} role="alert" className="text-sm font-medium text-red-300">
          {consentError}
        </p>
      ) : null}
      {reply?.ok ? (
        <p role="status" className="text-sm font-medium text-emerald-300">
          {reply.message}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
