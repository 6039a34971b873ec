import { z } from "zod";
import { versionField } from "~/lib/version-field";

// The content page editor's forms.

const MAX_BODY = 50_000;
/** A content page's form: title, search description and Markdown text, with the version it loaded. */
export const pageForm = z.object({
  version: versionField,
  title: z.string().trim().min(1, "Enter the page's title.").max(120, "Keep the title under 120 characters."),
  seoDescription: z.string().trim().max(300, "Keep the description under 300 characters."),
  bodyMarkdown: z.string().max(MAX_BODY, `Keep the page under ${MAX_BODY.toLocaleString("en-IN")} characters.`).refine((v) => v.trim().length > 0, "The page needs some text."),
});
/** The preview asks only for the text. */
export const previewForm = z.object({ bodyMarkdown: z.string().max(MAX_BODY) });
