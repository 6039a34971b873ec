// The customers module's face for server code: the only file of it that code outside the module imports
// (besides customers.ts, its browser-safe face).
export { requireShopper } from "./account-guard.server";
export { createAddress, deleteAddress, getAddress, listAddresses, rememberCheckoutAddress, setDefaultAddress, updateAddress } from "./addresses.server";
