import { z } from "zod";
import { findControlCharacter } from "~/lib/control-characters";

// A staff note on an order (client-safe): the back office's note form checks with this, and the
// server again. Line breaks are fine in a note; other control characters are not.

export const MAX_NOTE_LENGTH = 2000;

export const orderNoteSchema = z.object({
  note: z
    .string({ message: "Write the note first." })
    .trim()
    .min(1, "Write the note first.")
    .max(MAX_NOTE_LENGTH, `A note can be at most ${MAX_NOTE_LENGTH} characters.`)
    .refine((v) => findControlCharacter(v) === null, "The note contains characters that are not allowed."),
});
