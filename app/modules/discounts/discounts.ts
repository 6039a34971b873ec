// The discounts module's browser-safe face: its rules, types and the editor's schema for code
// outside the module, browser code included. Server code is reached through discounts.server.ts.
export { bulkCodesForm, dateToIstInput, discountForm, discountFormDefaults, type DiscountFormValues, istInputToDate, MAX_BULK_CODES, MAX_TARGETS } from "./discount-form";
export {
  type AppliedDiscount,
  type CartForDiscount,
  checkDiscount,
  describeValue,
  DISCOUNT_KINDS,
  type DiscountCheck,
  type DiscountKind,
  type DiscountRefusal,
  type DiscountRule,
  type DiscountStatus,
  type DiscountLine,
  discountOnGoods,
  discountOnLines,
  discountStatus,
  formatIst,
  isTargeted,
  KIND_LABELS,
  normaliseCode,
  lineEligible,
  refusalMessage,
  savingOf,
  splitProportionally,
  typedCodeWins,
} from "./discount-rules";
