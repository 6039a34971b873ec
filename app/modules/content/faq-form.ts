import { z } from "zod";
import { versionField } from "~/lib/version-field";

// The FAQ and warranty screen's forms, checked in the browser before sending and by the action.

/** The warranty statement's form (one setting, versioned). */
export const warrantyForm = z.object({
  version: versionField,
  period: z.string().trim().min(1, "Enter the warranty, e.g. 2 years.").max(60, "Keep it under 60 characters."),
});
/** The home FAQ's form: its questions in order, each with the other ways shoppers ask it; `revision` is the list the editor loaded. */
export const faqForm = z.object({
  revision: z.string(),
  items: z
    .array(
      z.object({
        id: z.string().uuid().optional(),
        question: z.string().trim().min(1, "Enter the question.").max(300, "Keep the question under 300 characters."),
        answer: z.string().trim().min(1, "Enter the answer.").max(3000, "Keep the answer under 3000 characters."),
        phrasings: z.array(z.string().trim().max(300, "Keep each phrasing under 300 characters.")).max(30, "At most 30 other phrasings.").default([]),
      }),
    )
    .max(30, "At most 30 questions."),
});
