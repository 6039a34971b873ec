// The settings module's browser-safe face: its rules and types for code outside the module, browser
// code included. Server code of the module is reached through settings.server.ts.
export { type HomePageSetting, isHomePageSetting } from "./live-settings";
export { DEFAULT_MAINTENANCE_MESSAGE, gateDecision, isGatedPath, MAINTENANCE_RETRY_AFTER_SECONDS } from "./maintenance-rules";
export { BYPASS_DURATIONS, bypassExpiry, bypassForm, codForm, maintenanceForm, paymentHoldForm, pricingForm, reportsForm, storeDetailsForm, storeTaxForm } from "./settings-forms";
