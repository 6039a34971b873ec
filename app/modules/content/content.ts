// The content module's browser-safe face: its rules and types for code outside the module, browser
// code included. Server code of the module is reached through content.server.ts.
export { faqForm, warrantyForm } from "./faq-form";
export { menuForm, menuItemSchema } from "./menu-form";
export { pageForm, previewForm } from "./page-form";
export { FALLBACK_MENU } from "./menu-rules";
export type { MenuItem } from "./schema";
export { WARRANTY_PLACEHOLDER, warrantyTitle } from "./warranty";
