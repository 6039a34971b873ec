// The marketing module's face for server code: the only file of it that code outside the module imports
// (besides marketing.ts, its browser-safe face).
export { listSubscribers, subscribersCsv, unsubscribeSubscriber } from "./newsletter-admin.server";
export { eraseSubscribers, type NewsletterConsent, newsletterConsents } from "./subscriber-consent.server";
export { subscribeToNewsletter } from "./newsletter.server";
export { deletePopup, getPopupForAdmin, listPopupsForAdmin, PopupNotFoundError, savePopup, setPopupActive } from "./popup-editor.server";
export { getActivePopup } from "./popups.server";
