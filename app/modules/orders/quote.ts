import type { AppliedDiscount, DiscountRefusal } from "~/modules/discounts/discounts";
import type { PaymentMethod } from "./checkout-form";
import type { OrderTotals } from "./pricing";

// What checkout shows a shopper about their cart: client-safe types the page renders.

export type QuoteLine = {
  variantId: string;
  productId: string | null;
  slug: string | null;
  title: string;
  variantTitle: string;
  sku: string;
  engraving?: string;
  quantity: number;
  unitPricePaise: number;
  totalPaise: number;
  /** The product's GST rate, or the shop's default when it names none. */
  gstRatePercent: number;
  /** Why this line cannot be bought as it is; null when it can. */
  problem: null | { kind: "unavailable" } | { kind: "stock"; left: number } | { kind: "quantity"; max: number };
};

export type PaymentOption = { method: PaymentMethod; available: boolean; reason?: string; feePaise: number };

export type Quote = {
  lines: QuoteLine[];
  /** Totals of the buyable lines (COD fee excluded: it depends on the method chosen). */
  totals: OrderTotals;
  codFeePaise: number;
  freeShippingOverPaise: number;
  /** The rate shipping and the COD fee are taxed at: the highest among the goods (the shop's default without any). */
  gstRatePercent: number;
  /** The goods' rates, each once, lowest first (the summary says which rates its GST figure holds). */
  gstRates: number[];
  payment: PaymentOption[];
  /** The discount code applied to this quote, and what it takes off. */
  discount: AppliedDiscount | null;
  /** A code asked for that cannot be used, and why (the checkout shows it beside the code box). */
  discountRefused: { code: string; reason: DiscountRefusal["reason"]; message: string } | null;
  /** A digest of what the shopper is shown: lines, prices, shipping and fees. */
  digest: string;
  /** False while any line has a problem. */
  ready: boolean;
};

