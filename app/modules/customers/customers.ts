// The customers module's browser-safe face: its rules and types for code outside the module, browser
// code included. Server code of the module is reached through customers.server.ts.
export { addressFormSchema, checkoutFieldsOf, formValuesOf, MAX_SAVED_ADDRESSES, type SavedAddress } from "./address-form";
