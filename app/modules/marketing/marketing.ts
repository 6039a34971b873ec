// The marketing module's browser-safe face: its rules and types for code outside the module, browser
// code included. Server code of the module is reached through marketing.server.ts.
export { FOOTER_CONSENT_TEXT } from "./newsletter-rules";
export { POPUP_FREQUENCIES, popupForm, popupFormDefaults } from "./popup-form";
export { isPopupSuppressed, POPUP_LOCAL_KEY, POPUP_SESSION_KEY, popupDelayMs, popupMatchesPage, popupSubmitProblem, type PopupView, readShownAt } from "./popup-rules";
export { subscriberQuery } from "./subscriber-query";
