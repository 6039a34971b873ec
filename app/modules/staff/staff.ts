// The staff module's browser-safe face: its rules and types for code outside the module, browser
// code included. Server code of the module is reached through staff.server.ts.
export { searchPages, visibleNav } from "./admin-nav";
export { MIN_PASSWORD_LENGTH } from "./password-rules";
export { AUDIT_MODULES, can, holds, MODULES, type Right } from "./permissions";
export { type Role, ROLES } from "./roles";
export { type SetupField, setupForm } from "./setup-form";
export { INVALID_CREDENTIALS, RESET_REQUESTED } from "./sign-in-messages";
