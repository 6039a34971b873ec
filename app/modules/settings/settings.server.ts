// The settings module's face for server code: the only file of it that code outside the module imports
// (besides settings.ts, its browser-safe face).
export { readBypassCookie, serializeBypassCookie } from "./maintenance-cookie.server";
export { getMaintenanceState, listBypassTokens, verifyBypassToken } from "./maintenance.server";
export { siteSettings } from "./schema";
export { publishSettingChanged, readSettingForEdit, saveSettingChecked } from "./setting-editor.server";
export { createBypassLink, readVersionedSettings, revokeBypassLink, saveSettings } from "./settings-admin.server";
export { getSetting, SETTINGS, setSetting, type SettingKey, type SettingValue } from "./site-settings.server";
export { storefrontGstPercent, storefrontShipping, storefrontWarranty } from "./storefront-prices.server";
