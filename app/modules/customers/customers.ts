// The customers module's browser-safe face: its rules and types for code outside the module, browser
// code included. Server code of the module is reached through customers.server.ts.
export { addressFormSchema, checkoutFieldsOf, formValuesOf, MAX_SAVED_ADDRESSES, type SavedAddress } from "./address-form";
export { customerNoteSchema, customerTagSchema, MAX_CUSTOMER_NOTE, MAX_CUSTOMER_TAGS } from "./customer-forms";
export { CUSTOMER_KEY, CUSTOMER_SORT_LABELS, CUSTOMER_SORTS, type CustomerQuery, type CustomerSort, CUSTOMERS_PER_PAGE, customerQuery, parseCustomerQuery } from "./customer-query";
