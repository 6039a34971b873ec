// Input rules for newsletter sign-ups (footer box and popup), shared by browser and server.
export const NEWSLETTER_SOURCES = ["footer", "popup"] as const;
export const FOOTER_CONSENT_TEXT = "I agree to receive emails from GLACIAL about new products and offers. I can unsubscribe at any time.";
