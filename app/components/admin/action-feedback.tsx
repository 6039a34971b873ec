import { useEffect } from "react";
import { toast } from "sonner";
import { FormMessage } from "~/components/ui/field";

/** What a content screen's action answered, naming the form that asked (see answer/invalid in ~/lib/action-result). */
export type FormAnswer = { form: string; ok: boolean; message?: string; error?: string; fieldErrors?: Record<string, string> } | null | undefined;

/** A toast for each successful save (the Toaster is mounted once in root). */
export function useSavedToast(result: Pick<NonNullable<FormAnswer>, "ok" | "message"> | null | undefined) {
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
