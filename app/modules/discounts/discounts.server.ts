// The discounts module's face for server code: the only file of it that code outside the module
// imports (besides discounts.ts, its browser-safe face).
export { type CodeLookup, DiscountUsedUp, lookUpCode, recordRedemption } from "./redemption.server";
export { type AdminDiscount, getDiscountForAdmin, listDiscountsForAdmin, saveDiscount, setDiscountActive } from "./discount-admin.server";
