import { useId, useState } from "react";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { popupSubmitProblem, type PopupView } from "~/modules/marketing/marketing";

export function PopupDialog({ popup, open, onClose, onDone }: { popup: PopupView; open: boolean; onClose(): void; onDone(): void }) {
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <DialogContent closeLabel="Close popup" aria-describedby={undefined}>
        <PopupBody popup={popup} onDone={onDone} />
      </DialogContent>
    </Dialog>
  );
}

function PopupBody({ popup, onDone }: { popup: PopupView; onDone(): void }) {
  const id = useId();
  const [email, setEmail] = useState("");
  const [consented, setConsented] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const problem = popupSubmitProblem(popup, { email, consented });
    if (problem) {
      window.alert(problem);
      return;
    }
    if (!popup.emailCollection) return onDone();
    setBusy(true);
    setError(null);
    try {
      const res = await fetch("/api/newsletter", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ email, source: "popup", consentText: popup.consentText ?? undefined, consented: true }),
      });
      const body = (await res.json().catch(() => null)) as { ok?: boolean; error?: string } | null;
      if (!res.ok || !body?.ok) {
        setError(body?.error ?? "We could not sign you up just now. Please try again.");
        return;
      }
      onDone();
    } catch {
      setError("We could not sign you up just now. Please try again.");
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="grid md:grid-cols-2">
      {popup.imageUrl ? (
        <img src={popup.imageUrl} alt="" width={480} height={480} className="hidden h-full w-full object-cover md:block" data-testid="popup-image" />
      ) : null}
      <form onSubmit={submit} noValidate className={`space-y-4 p-8 ${popup.imageUrl ? "" : "md:col-span-2"}`}>
        <DialogTitle className="pr-8 text-2xl font-bold text-slate-900">{popup.title}</DialogTitle>
        {popup.description ? <DialogDescription className="text-slate-700">{popup.description}</DialogDescription> : null}
        {popup.emailCollection ? (
          <div className="space-y-1">
            <label htmlFor={`${id}-email`} className="text-sm font-medium text-slate-800">
              Email address
            </label>
            <input
              id={`${id}-email`}
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              className="w-full rounded-lg border border-slate-400 px-3 py-2 focus-visible:outline-2 focus-visible:outline-brand-accent"
            />
            {error ? (
              <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700">
                {error}
              </p>
            ) : null}
          </div>
        ) : null}
        {popup.emailCollection && popup.consentText ? (
          <div className="flex items-start gap-2">
            <input id={`${id}-consent`} type="checkbox" checked={consented} onChange={(e) => setConsented(e.target.checked)} className="mt-1 size-4 accent-brand-accent" />
            <label htmlFor={`${id}-consent`} className="text-sm text-slate-700">
              {popup.consentText}
            </label>
          </div>
        ) : null}
        <button type="submit" disabled={busy} className="w-full rounded-full bg-brand px-6 py-3 font-semibold text-white hover:bg-brand/90 disabled:opacity-70">
          {popup.ctaText}
        </button>
      </form>
    </div>
  );
}

