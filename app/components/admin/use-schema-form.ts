import { useEffect, useState, type FormEvent } from "react";
import type { z } from "zod";
import { fieldErrors } from "~/lib/form-errors";

/**
 * Checks a form with the same Zod schema the server uses before it is sent, so mistakes show at
 * once; the server checks again and its field errors (400) show the same way.
 * `serverErrors` should change identity on every response, which they do as action data.
 * `read` turns the form into the schema's input the way the action does (a form with repeated
 * fields, such as a list of ids, passes the same reader its action uses).
 */
export function useSchemaForm(schema: z.ZodType, serverErrors: Record<string, string> | undefined, read: (form: FormData) => unknown = lastValues) {
  const [errors, setErrors] = useState<Record<string, string>>(serverErrors ?? {});
  useEffect(() => setErrors(serverErrors ?? {}), [serverErrors]);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    const parsed = schema.safeParse(read(new FormData(form)));
    if (parsed.success) {
      setErrors({});
      return;
    }
    event.preventDefault();
    const found = fieldErrors(parsed.error);
    setErrors(found);
    const first = Object.keys(found)[0];
    const control = first ? form.querySelector<HTMLElement>(`[name="${CSS.escape(first)}"]`) : null;
    control?.focus();
  };
  return { errors, onSubmit };
}

/** Only the submitted form's named controls, the last value of each; a checkbox left unticked is absent, as on the server. */
function lastValues(form: FormData): Record<string, FormDataEntryValue> {
  const values: Record<string, FormDataEntryValue> = {};
  form.forEach((value, key) => {
    values[key] = value;
  });
  return values;
}
