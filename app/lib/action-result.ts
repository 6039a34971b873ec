import { data } from "react-router";
import type { z } from "zod";
import { fieldErrors } from "./form-errors";
import { REFUSAL_STATUS, refusalOf, type RefusalKind, type RefusalStatus, type SaveOutcome } from "./save-outcome";

// What every admin action answers, and what its screen shows: a success message (shown as a
// toast, or carried through a redirect as ?saved=), or a refusal with its HTTP status and, for a
// form, a message per field path ("variants.2.price") and the values typed, so nothing typed is
// lost. `form` names which form answered when a screen has several (the message shows beside it).

export type ActionResult =
  | { form?: string; ok: true; message: string; version?: number }
  | { form?: string; ok: false; error: string; fieldErrors?: Record<string, string>; values?: Record<string, string>; html?: undefined };

export type ActionFailure = Extract<ActionResult, { ok: false }>;

/**
 * A refusal the route itself decides, with its HTTP status: one of the refusal table's
 * (REFUSAL_STATUS: 400 bad input, 404 gone, 409 changed meanwhile, ...), or 410 a staged upload
 * that expired, 422 a well-formed request the screen cannot act on.
 */
export function fail(status: RefusalStatus | 410 | 422, body: Omit<ActionFailure, "ok">) {
  return data<ActionFailure>({ ok: false, ...body }, { status });
}

/** A form's string fields as a plain object, for the Zod schema and for giving back what was typed. */
export function formValues(form: FormData): Record<string, string> {
  return Object.fromEntries([...form].filter((e): e is [string, string] => typeof e[1] === "string"));
}

/** The message a list shows after a redirect (?saved=), only when it is one this screen writes itself. */
export function savedMessage(url: URL, pattern: RegExp): string | null {
  const saved = url.searchParams.get("saved") ?? "";
  return pattern.test(saved) ? saved : null;
}

export function answer(form: string, outcome: SaveOutcome) {
  if (outcome.ok) return { form, ok: true as const, message: outcome.message, version: outcome.version };
  return data({ form, ok: false as const, error: outcome.error, fieldErrors: outcome.fieldErrors }, { status: outcome.status });
}

/** The Retry-After header for a refusal that says when trying again makes sense; none otherwise. */
export function retryAfterHeaders(seconds: number | undefined): Record<string, string> {
  return seconds ? { "Retry-After": String(seconds) } : {};
}

/**
 * A domain refusal thrown by a module (stale, bad input, gone, too many tries) as the action's
 * answer, with its status from refusalOf; anything else is thrown on (a fault).
 */
export function refusedAnswer(error: unknown, form?: string) {
  const refusal = refusalOrThrow(error);
  // Field messages show beside their fields; a message for the whole form only when there are none.
  const body = refusal.fieldErrors ? { fieldErrors: refusal.fieldErrors } : { error: refusal.error };
  return data({ ok: false as const, ...(form ? { form } : {}), ...body }, responseInit(refusal));
}

/**
 * The same refusal as fail() answers it: the whole message, the field messages, and what was typed
 * (`values`) for a screen that refills its form from the answer (none for a button's form).
 */
export function refusedWithValues(error: unknown, form: string | undefined, values?: Record<string, string>) {
  const refusal = refusalOrThrow(error);
  const fields = refusal.fieldErrors ? { fieldErrors: refusal.fieldErrors } : {};
  return data<ActionFailure>({ ok: false, ...(form ? { form } : {}), error: refusal.error, ...fields, ...(values ? { values } : {}) }, responseInit(refusal));
}

type Refusal = NonNullable<ReturnType<typeof refusalOf>>;

/** A thrown refusal as its outcome; anything else is a fault and is thrown on. */
function refusalOrThrow(error: unknown): Refusal {
  const refusal = refusalOf(error);
  if (!refusal) throw error;
  return refusal;
}

/** The status from the one table, and Retry-After when the refusal says when to try again. */
function responseInit(refusal: Refusal) {
  return { status: refusal.status, headers: retryAfterHeaders(refusal.retryAfterSeconds) };
}

/**
 * A refusal a module answered with its kind instead of throwing (its `refusal`, as the orders
 * module's moves, refunds and notes do): the same answer as a thrown one, its status from the one
 * table.
 */
export function refusedAs(kind: RefusalKind, error: string, form?: string) {
  return data<ActionFailure>({ ok: false, ...(form ? { form } : {}), error }, { status: REFUSAL_STATUS[kind] });
}

/** A done change's answer: the message the screen shows (a toast), naming the form that asked. */
export function done(form: string, message: string): ActionResult & { ok: true } {
  return { form, ok: true, message };
}

export function invalid(form: string, error: z.ZodError) {
  return data({ form, ok: false as const, error: "Please correct the highlighted fields.", fieldErrors: fieldErrors(error) }, { status: 400 });
}

export function refuse(form: string, message: string, status: 400 | 404 = 400) {
  return data({ form, ok: false as const, error: message }, { status });
}

/** A JSON form field (list editors post their rows as one field); undefined when it is not JSON. */
export function jsonField(form: FormData, name: string): unknown {
  try {
    return JSON.parse(String(form.get(name) ?? ""));
  } catch {
    return undefined;
  }
}
