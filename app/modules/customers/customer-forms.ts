import { z } from "zod";
import { findControlCharacter } from "~/lib/control-characters";

// The customer detail's forms (client-safe): a staff note and a tag.

export const MAX_CUSTOMER_NOTE = 2000;
export const MAX_CUSTOMER_TAGS = 20;

export const customerNoteSchema = z.object({
  body: z
    .string()
    .trim()
    .min(1, "Write the note first.")
    .max(MAX_CUSTOMER_NOTE, `A note can be at most ${MAX_CUSTOMER_NOTE} characters.`)
    .refine((v) => findControlCharacter(v, { allowLineBreaks: true }) === null, "The note contains characters that are not allowed."),
});

/** Tags are lower-case words, digits and hyphens ("vip", "wholesale", "gift-2026"). */
export const customerTagSchema = z.object({
  tag: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, "Enter a tag.")
    .max(32, "A tag can be at most 32 characters.")
    .regex(/^[a-z0-9][a-z0-9-]*$/, "Use letters, digits and hyphens only (for example vip or gift-2026)."),
});
