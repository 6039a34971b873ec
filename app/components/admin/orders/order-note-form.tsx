import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import { FormMessage } from "~/components/ui/field";
import type { ActionResult } from "~/lib/action-result";
import { MAX_NOTE_LENGTH, orderNoteSchema } from "~/modules/orders/orders";

/** Staff add a note to the order's timeline (kept with their name); shoppers never see notes. */
export function OrderNoteForm({ orderId }: { orderId: string }) {
  const fetcher = useFetcher<ActionResult>();
  const form = useRef<HTMLFormElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const busy = fetcher.state !== "idle";
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.ok) {
      toast.success(fetcher.data.message);
      form.current?.reset();
      setProblem(null);
    } else setProblem(fetcher.data.error);
  }, [fetcher.state, fetcher.data]);
  return (
    <fetcher.Form
      ref={form}
      method="post"
      action={`/admin/orders/${orderId}/notes`}
      className="mt-4 space-y-2"
      aria-label="Add a note"
      onSubmit={(event) => {
        const parsed = orderNoteSchema.safeParse(Object.fromEntries(new FormData(event.currentTarget)));
        if (parsed.success) return;
        event.preventDefault();
        setProblem(parsed.error.issues[0]!.message);
      }}
    >
      <label htmlFor="order-note" className="block text-sm font-medium">
        Note for the team (not shown to the customer)
      </label>
      <textarea
        id="order-note"
        name="note"
        rows={3}
        maxLength={MAX_NOTE_LENGTH}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? "order-note-problem" : undefined}
        className="block w-full max-w-2xl rounded-md border border-slate-400 bg-white px-2 py-1.5 dark:border-slate-600 dark:bg-slate-950"
      />
      {problem ? (
        <div id="order-note-problem" className="max-w-2xl">
          <FormMessage error={problem} />
        </div>
      ) : null}
      <button type="submit" disabled={busy} className="rounded-md bg-teal-800 px-4 py-2 font-semibold text-white hover:bg-teal-900 disabled:opacity-60">
        {busy ? "Adding..." : "Add note"}
      </button>
    </fetcher.Form>
  );
}
