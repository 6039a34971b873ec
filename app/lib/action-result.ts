import { data } from "react-router";
import type { z } from "zod";
import { fieldErrors } from "./form-errors";
import type { SaveOutcome } from "./save-outcome";

// The answers of the content and merchandising actions: which form answered (so the page shows
// the message beside it), then success or the refusal with its HTTP status.

export type ActionResult =
  | { form: string; ok: true; message: string; version?: number }
  | { form: string; ok: false; error: string; fieldErrors?: Record<string, string>; html?: undefined };

export function answer(form: string, outcome: SaveOutcome) {
  if (outcome.ok) return { form, ok: true as const, message: outcome.message, version: outcome.version };
  return data({ form, ok: false as const, error: outcome.error, fieldErrors: outcome.fieldErrors }, { status: outcome.status });
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
