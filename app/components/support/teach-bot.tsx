import { useEffect, useId } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import { useOperationAction } from "~/components/admin/kit/operation-form";

// "Teach the bot" under a conversation in the inbox: each shopper question a staff member
// answered becomes a new FAQ entry, or another way of asking an existing one, with one click
// (the fields are filled in and may be edited first).

export type TeachPair = { id: string; question: string; answer: string; answeredBy: string; suggestedFaqId: string | null };
type Result = { ok: true; form: string; message?: string } | { ok: false; error: string };

export function TeachBot({
  conversationId,
  pairs,
  faqChoices,
  canCreate,
  canEdit,
}: {
  conversationId: string;
  pairs: TeachPair[];
  faqChoices: { id: string; question: string }[];
  canCreate: boolean;
  canEdit: boolean;
}) {
  const titleId = useId();
  if (!pairs.length || (!canCreate && !canEdit)) return null;
  return (
    <section aria-labelledby={titleId} className="border-t border-slate-200 p-3">
      <h3 id={titleId} className="text-sm font-semibold">
        Teach the bot
      </h3>
      <p className="text-xs text-slate-600">Questions you answered here: the bot answers them itself from now on.</p>
      <ul className="mt-2 space-y-3">
        {pairs.map((pair) => (
          <li key={pair.id}>
            <TeachPairForm conversationId={conversationId} pair={pair} faqChoices={faqChoices} canCreate={canCreate} canEdit={canEdit} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function TeachPairForm({
  conversationId,
  pair,
  faqChoices,
  canCreate,
  canEdit,
}: {
  conversationId: string;
  pair: TeachPair;
  faqChoices: { id: string; question: string }[];
  canCreate: boolean;
  canEdit: boolean;
}) {
  const fetcher = useFetcher<Result>();
  const id = useId();
  // Each button posts its own operation (?do=teach-faq, ?do=teach-phrasing); Enter in a field
  // submits with the first button shown, so the form's own action is that button's.
  const faqAction = useOperationAction("teach-faq");
  const phrasingAction = useOperationAction("teach-phrasing");
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.ok) toast.success(fetcher.data.message ?? "The bot has learnt it.");
    else toast.error("Error", { description: fetcher.data.error });
  }, [fetcher.state, fetcher.data]);
  const busy = fetcher.state !== "idle";
  const field = "mt-1 w-full rounded-md border border-slate-300 px-2 py-1 text-sm";
  return (
    <fetcher.Form method="post" action={canCreate ? faqAction : phrasingAction} className="rounded-md border border-slate-200 p-2" aria-label={`Teach the bot: ${pair.question}`}>
      <input type="hidden" name="conversationId" value={conversationId} />
      <label htmlFor={`${id}-q`} className="block text-xs font-medium text-slate-700">
        Shopper&rsquo;s question
      </label>
      <input id={`${id}-q`} name="question" defaultValue={pair.question} maxLength={300} className={field} />
      {canCreate ? (
        <>
          <label htmlFor={`${id}-a`} className="mt-2 block text-xs font-medium text-slate-700">
            Answer (from {pair.answeredBy})
          </label>
          <textarea id={`${id}-a`} name="answer" rows={2} defaultValue={pair.answer} maxLength={3000} className={field} />
        </>
      ) : null}
      <div className="mt-2 flex flex-wrap items-end gap-2">
        {canCreate ? (
          <button type="submit" formAction={faqAction} disabled={busy} className="rounded-md bg-brand px-3 py-1 text-sm font-semibold text-white disabled:opacity-50">
            Add as a new FAQ entry
          </button>
        ) : null}
        {canEdit && faqChoices.length ? (
          <>
            <div>
              <label htmlFor={`${id}-faq`} className="block text-xs font-medium text-slate-700">
                or as another way of asking
              </label>
              <select id={`${id}-faq`} name="faqId" defaultValue={pair.suggestedFaqId ?? faqChoices[0]!.id} className="max-w-64 rounded-md border border-slate-300 px-2 py-1 text-sm">
                {faqChoices.map((f) => (
                  <option key={f.id} value={f.id}>
                    {f.question}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" formAction={phrasingAction} disabled={busy} className="rounded-md border border-slate-300 px-3 py-1 text-sm font-medium disabled:opacity-50">
              Add as another way to ask
            </button>
          </>
        ) : null}
      </div>
    </fetcher.Form>
  );
}
