import { z } from "zod";
import { isSafeLinkTarget } from "~/lib/link-target";
import { versionField } from "~/lib/version-field";

// The header menu editor's form (client-safe): the same schema checks the editor in the browser
// and the action on the server. Field paths ("items.0.sections.1.links.2.url") name each input.

const target = z
  .string()
  .trim()
  .min(1, "Enter where the link goes: a path such as /bottles or a full https:// address.")
  .max(500, "Keep the address under 500 characters.")
  .refine(isSafeLinkTarget, "Use a path on this shop (/bottles) or a full http(s) address.");
const label = z.string().trim().min(1, "Enter the label.").max(80, "Keep the label under 80 characters.");
const id = z.string().min(1).max(100);
const order = z.number().int();

export const menuLinkSchema = z.object({ label, url: target, order });
export const menuSectionSchema = z.object({
  title: z.string().trim().min(1, "Enter the section's title.").max(80, "Keep the title under 80 characters."),
  links: z.array(menuLinkSchema).min(1, "Add at least one link to this section.").max(20, "At most 20 links per section."),
});
export const menuItemSchema = z.discriminatedUnion("type", [
  z.object({ id, order, type: z.literal("simple"), label, url: target }),
  z.object({
    id,
    order,
    type: z.literal("megamenu"),
    label,
    url: target.optional(),
    sections: z.array(menuSectionSchema).min(1, "Add at least one section.").max(6, "At most 6 sections."),
  }),
]);
export const menuForm = z.object({
  version: versionField,
  items: z.array(menuItemSchema).max(12, "At most 12 menu entries."),
});

