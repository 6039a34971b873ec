// The discounts module's browser-safe face: its rules, types and the editor's schema for code
// outside the module, browser code included. Server code is reached through discounts.server.ts.
export { dateToIstInput, discountForm, discountFormDefaults, type DiscountFormValues, istInputToDate } from "./discount-form";
export {
  type AppliedDiscount,
  checkDiscount,
  describeValue,
  DISCOUNT_KINDS,
  type DiscountCheck,
  type DiscountKind,
  type DiscountRefusal,
  type DiscountRule,
  type DiscountStatus,
  discountOnGoods,
  discountStatus,
  formatIst,
  KIND_LABELS,
  normaliseCode,
  refusalMessage,
  splitProportionally,
} from "./discount-rules";
