// The customers module's face for server code: the only file of it that code outside the module imports
// (besides customers.ts, its browser-safe face).
export { requireShopper } from "./account-guard.server";
export { createAddress, deleteAddress, getAddress, listAddresses, rememberCheckoutAddress, setDefaultAddress, updateAddress } from "./addresses.server";
export {
  addCustomerNote,
  addCustomerTag,
  type CustomerDetail,
  customerDetail,
  type CustomerList,
  type CustomerListRow,
  type CustomerChange,
  deleteCustomerNote,
  ERASED_DOMAIN,
  guestKey,
  listCustomers,
  removeCustomerTag,
} from "./customer-directory.server";
export { erasePersonalData, type ErasureOutcome, exportPersonalData, type PersonalDataExport } from "./customer-privacy.server";
