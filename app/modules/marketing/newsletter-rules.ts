import { z } from "zod";

// Input rules for newsletter sign-ups (footer box and popup), shared by browser and server.
export const NEWSLETTER_SOURCES = ["footer", "popup"] as const;
export const FOOTER_CONSENT_TEXT = "I agree to receive emails from GLACIAL about new products and offers. I can unsubscribe at any time.";

export const newsletterInput = z.object({
  email: z
    .string({ message: "Please enter your email address." })
    .trim()
    .min(1, "Please enter your email address.")
    .max(254, "That email address is too long.")
    .pipe(z.email("Please enter a valid email address, like name@example.com.")),
  source: z.enum(NEWSLETTER_SOURCES).catch("footer"),
  consentText: z.string().trim().max(1000).optional(),
  consented: z.literal(true, { message: "Please tick the box to agree to receive emails." }),
});
export type NewsletterInput = z.input<typeof newsletterInput>;
