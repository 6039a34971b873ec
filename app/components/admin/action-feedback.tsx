import { useEffect } from "react";
import { toast } from "sonner";
import { FormMessage } from "~/components/ui/field";
import type { ActionResult } from "~/lib/action-result";

// How every admin screen shows what its action answered: a success as a toast, a refusal beside
// the form that was sent.

/** What an admin screen's action answered (the one answer shape of ~/lib/action-result, `form` naming the form that asked), or nothing yet. */
export type FormAnswer = ActionResult | null | undefined;

/** A toast for each successful save (the Toaster is mounted once in root). */
export function useSavedToast(result: FormAnswer) {
  useEffect(() => {
    if (result?.ok && result.message) toast.success(result.message);
  }, [result]);
}

/** The message of the form that answered, beside that form (role=alert for refusals). */
export function FormResult({ result, form }: { result: FormAnswer; form: string }) {
  if (!result || result.form !== form) return null;
  return <FormMessage error={result.ok ? null : result.error} success={result.ok ? result.message : null} />;
}

/** The field-level messages of `form` when it was the one refused (for useSchemaForm's server errors). */
export function fieldErrorsOf(result: FormAnswer, form: string): Record<string, string> | undefined {
  if (!result || result.ok || result.form !== form) return undefined;
  return result.fieldErrors;
}

/** The field-level message for `path` ("images.2.alt") when `form` answered with errors. */
export function fieldError(result: FormAnswer, form: string, path: string): string | undefined {
  if (!result || result.ok || result.form !== form) return undefined;
  return result.fieldErrors?.[path];
}
