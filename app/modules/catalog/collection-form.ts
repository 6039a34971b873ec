import { z } from "zod";
import { slugField } from "./slug-field";

// One schema for the collection editor, shared by the browser form and the server action.
export const collectionInput = z.object({
  name: z.string().trim().min(1, "Name is required").max(120),
  slug: slugField,
  description: z.string().max(5000).default(""),
  isActive: z.boolean().default(true),
  heroImageId: z.string().uuid().nullable().default(null),
});
export type CollectionInput = z.input<typeof collectionInput>;
