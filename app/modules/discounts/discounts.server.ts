// The discounts module's face for server code: the only file of it that code outside the module
// imports (besides discounts.ts, its browser-safe face).
export { automaticDiscounts, type CodeLookup, DiscountUsedUp, forgetRedeemer, lockAutomaticDiscount, lookUpCode, markRedemptionPaid, recordRedemption, releaseRedemption } from "./redemption.server";
export {
  type AdminDiscount,
  appliesTo,
  DISCOUNT_CSV_HEADER,
  discountsCsv,
  generateBulkCodes,
  getDiscountForAdmin,
  listBulkCodes,
  listDiscountsForAdmin,
  saveDiscount,
  setDiscountActive,
} from "./discount-admin.server";
