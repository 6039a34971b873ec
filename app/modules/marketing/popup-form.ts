import { z } from "zod";
import { isSafeLinkTarget } from "~/lib/link-target";

// One schema for the popup editor, shared by the browser form and the server action.
// Form values arrive as strings; checkboxes as "on" when ticked.

export const POPUP_FREQUENCIES = [
  { value: "once_per_session", label: "Once per session" },
  { value: "once_per_day", label: "Once per day (24 hours)" },
  { value: "always", label: "Every visit" },
] as const;

const checkbox = z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean());
const present = <T extends z.ZodType>(schema: T) => z.preprocess((v) => v ?? "", schema);

// An absent field (a client that did not send it) counts as empty, like an empty input.
const optionalText = (max: number, label: string) =>
  z.preprocess(
    (v) => v ?? "",
    z
      .string()
      .trim()
      .max(max, `${label} can be at most ${max} characters.`)
      .transform((s) => (s ? s : null)),
  );

/** A site path (/collection/matte) or an absolute http(s) address. */
const link = (label: string) =>
  optionalText(500, label).refine(
    (s) => s === null || isSafeLinkTarget(s),
    `${label} must start with / (a page of this shop) or https://.`,
  );

/** A stored image's name (products/1700000000-cold.webp, as in the media library) or an https address. */
const image = optionalText(500, "Image").refine(
  (s) => s === null || /^https:\/\/[^\s/]+\.[^\s]+$/i.test(s) || (/^[\w-]+(\/[\w.-]+)*\.(jpe?g|png|webp|gif|svg)$/i.test(s) && !s.includes("..")),
  "Image must be a stored image name (like products/1700000000-cold.webp) or an https:// address of a JPEG, PNG, WebP or GIF.",
);

/** "all", "home" or site paths, one per line or comma-separated. */
const pages = z
  .string()
  .transform((s) =>
    s
      .split(/[\n,]/)
      .map((p) => p.trim())
      .filter(Boolean),
  )
  .pipe(
    z
      .array(z.string().max(200).refine((p) => p === "all" || p === "home" || /^\/\S*$/.test(p), { message: "Each page must be all, home or a path starting with /." }))
      .min(1, "Name at least one page, or all.")
      .max(50, "At most 50 pages."),
  );

export const popupForm = z
  .object({
    title: present(z.string().trim().min(1, "Title is required.").max(120, "Title can be at most 120 characters.")),
    description: optionalText(500, "Description"),
    emailCollection: checkbox,
    consentText: optionalText(500, "Consent text"),
    ctaText: present(z.string().trim().min(1, "Button text is required.").max(60, "Button text can be at most 60 characters.")),
    ctaLink: link("Button link"),
    imageUrl: image,
    showFrequency: z.enum(POPUP_FREQUENCIES.map((f) => f.value) as [string, ...string[]], { message: "Choose how often the popup shows." }),
    delaySeconds: z.coerce
      .number({ message: "Delay must be a whole number of seconds." })
      .int("Delay must be a whole number of seconds.")
      .min(0, "Delay cannot be negative.")
      .max(600, "Delay can be at most 600 seconds."),
    showOnPages: present(pages),
    isActive: checkbox,
  })
  .superRefine((v, ctx) => {
    // The storefront stores the consent text with every address it collects; without one there is no record of consent.
    if (v.emailCollection && !v.consentText) {
      ctx.addIssue({ code: "custom", path: ["consentText"], message: "Consent text is required when the popup collects emails." });
    }
  });

export type PopupFormValues = z.output<typeof popupForm>;

/** The form's text inputs as the browser sends them, for filling the editor. */
export function popupFormDefaults(p?: Partial<Omit<PopupFormValues, "showOnPages">> & { showOnPages?: string[] }) {
  return {
    title: p?.title ?? "",
    description: p?.description ?? "",
    emailCollection: p?.emailCollection ?? false,
    consentText: p?.consentText ?? "",
    ctaText: p?.ctaText ?? "",
    ctaLink: p?.ctaLink ?? "",
    imageUrl: p?.imageUrl ?? "",
    showFrequency: p?.showFrequency ?? "once_per_session",
    delaySeconds: String(p?.delaySeconds ?? 5),
    showOnPages: (p?.showOnPages ?? ["all"]).join("\n"),
    isActive: p?.isActive ?? false,
  };
}
