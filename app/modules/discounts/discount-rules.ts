import { formatPaise } from "~/lib/money";

// The rules of a discount code, as pure functions on integer paise: whether a code may be used on
// an order, how much it takes off, and how that amount is spread over the order's lines. The
// server applies them inside the order's transaction; the checkout and the back office show the
// same words.

export const DISCOUNT_KINDS = ["percentage", "fixed", "free_shipping"] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

export const KIND_LABELS: Record<DiscountKind, string> = { percentage: "Percentage", fixed: "Fixed amount", free_shipping: "Free shipping" };

/** What the rules need to know of a stored code. */
export type DiscountRule = {
  id: string;
  code: string;
  kind: DiscountKind;
  /** Percentage codes: 100 basis points = 1 %, so 10000 is the whole order. */
  percentBasisPoints: number | null;
  /** Fixed codes: the amount taken off the goods (GST-inclusive, as prices are). */
  amountPaise: number | null;
  minOrderPaise: number;
  startsAt: Date | null;
  endsAt: Date | null;
  usageLimit: number | null;
  perCustomerLimit: number | null;
  usedCount: number;
  active: boolean;
  /** Applied without typing (the code is then only its name). */
  automatic: boolean;
  /** Both empty: the whole order. Otherwise the lines of these products, or of products in these collections. */
  productIds: readonly string[];
  collectionIds: readonly string[];
};

export type DiscountRefusal =
  | { reason: "unknown" }
  | { reason: "inactive" }
  | { reason: "expired" }
  | { reason: "not-yet"; startsAt: Date }
  | { reason: "minimum"; shortfallPaise: number }
  | { reason: "used-up" }
  | { reason: "already-used" }
  /** A bulk code is good for one order, and this one has had it. */
  | { reason: "code-spent" }
  | { reason: "not-for-items" }
  /** The automatic discount already on the order saves more than the code typed. */
  | { reason: "automatic-better"; name: string };

export type DiscountCheck = { ok: true } | { ok: false; refusal: DiscountRefusal };

/** Codes are compared without case or surrounding spaces, and stored upper-case. */
export function normaliseCode(code: string): string {
  return code.trim().toUpperCase();
}

/** One line of the cart as the rules see it: which product, in which collections, for how much. */
export type DiscountLine = { productId: string | null; collectionIds: readonly string[]; totalPaise: number };

export function isTargeted(rule: Pick<DiscountRule, "productIds" | "collectionIds">): boolean {
  return rule.productIds.length > 0 || rule.collectionIds.length > 0;
}

/** Whether the discount reaches this line: every line when it is not targeted. */
export function lineEligible(rule: Pick<DiscountRule, "productIds" | "collectionIds">, line: Pick<DiscountLine, "productId" | "collectionIds">): boolean {
  if (!isTargeted(rule)) return true;
  if (line.productId && rule.productIds.includes(line.productId)) return true;
  return line.collectionIds.some((c) => rule.collectionIds.includes(c));
}

export type CartForDiscount = { lines: readonly DiscountLine[]; now: Date; customerUses: number; codeSpent?: boolean };

/**
 * Whether `rule` may be used on a cart at `now`, by a shopper who has used it `customerUses`
 * times. The minimum order value is counted on the lines the discount reaches (their goods before
 * any discount): a code for bottles asks for that much spent on bottles. The order of the checks
 * is the order a shopper can act on: a code that will never work again is said first, then a
 * cart it does not fit, the minimum last.
 */
export function checkDiscount(rule: DiscountRule | null, cart: CartForDiscount): DiscountCheck {
  if (!rule) return { ok: false, refusal: { reason: "unknown" } };
  if (!rule.active) return { ok: false, refusal: { reason: "inactive" } };
  if (rule.endsAt && cart.now.getTime() >= rule.endsAt.getTime()) return { ok: false, refusal: { reason: "expired" } };
  if (rule.startsAt && cart.now.getTime() < rule.startsAt.getTime()) return { ok: false, refusal: { reason: "not-yet", startsAt: rule.startsAt } };
  if (rule.usageLimit !== null && rule.usedCount >= rule.usageLimit) return { ok: false, refusal: { reason: "used-up" } };
  if (cart.codeSpent) return { ok: false, refusal: { reason: "code-spent" } };
  if (rule.perCustomerLimit !== null && cart.customerUses >= rule.perCustomerLimit) return { ok: false, refusal: { reason: "already-used" } };
  const eligible = cart.lines.filter((l) => lineEligible(rule, l));
  if (eligible.length === 0) return { ok: false, refusal: { reason: "not-for-items" } };
  const eligiblePaise = eligible.reduce((n, l) => n + l.totalPaise, 0);
  if (eligiblePaise < rule.minOrderPaise) return { ok: false, refusal: { reason: "minimum", shortfallPaise: rule.minOrderPaise - eligiblePaise } };
  return { ok: true };
}

/** The discount on a cart it may be used on: which lines it reaches and what it takes off their goods. */
export function discountOnLines(rule: DiscountRule, lines: readonly DiscountLine[]): { eligible: boolean[]; goodsPaise: number } {
  const eligible = lines.map((l) => lineEligible(rule, l));
  const base = lines.reduce((n, l, i) => n + (eligible[i] ? l.totalPaise : 0), 0);
  return { eligible, goodsPaise: discountOnGoods(rule, base) };
}

/**
 * What the code takes off the goods, in paise: a percentage rounded to the nearest paisa, a fixed
 * amount never more than the goods cost. Free shipping takes nothing off the goods (the shipping
 * charge is dropped instead).
 */
export function discountOnGoods(rule: Pick<DiscountRule, "kind" | "percentBasisPoints" | "amountPaise">, subtotalPaise: number): number {
  if (subtotalPaise <= 0) return 0;
  if (rule.kind === "percentage") return Math.min(subtotalPaise, Math.round((subtotalPaise * (rule.percentBasisPoints ?? 0)) / 10_000));
  if (rule.kind === "fixed") return Math.min(subtotalPaise, rule.amountPaise ?? 0);
  return 0;
}

/**
 * Splits `amountPaise` over parts in proportion to their weights, in whole paise that add up to
 * the amount exactly: each part gets the floor of its share, and the paise left over go one each
 * to the parts with the largest remainders (ties to the earlier part). No part gets more than its
 * weight when the amount is at most the weights' sum.
 */
export function splitProportionally(weights: readonly number[], amountPaise: number): number[] {
  const total = weights.reduce((n, w) => n + w, 0);
  if (amountPaise <= 0 || total <= 0) return weights.map(() => 0);
  // Integer arithmetic throughout: weight × amount stays far below 2^53 for any real order.
  const shares = weights.map((w, i) => ({ i, floor: Math.floor((w * amountPaise) / total), rest: (w * amountPaise) % total }));
  let left = amountPaise - shares.reduce((n, s) => n + s.floor, 0);
  const out = shares.map((s) => s.floor);
  for (const s of [...shares].sort((a, b) => b.rest - a.rest || a.i - b.i)) {
    if (left === 0) break;
    out[s.i]! += 1;
    left -= 1;
  }
  return out;
}

const istDateTime = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Kolkata" });

/** A moment as staff and shoppers read it: in India time. */
export function formatIst(date: Date): string {
  return `${istDateTime.format(date)} IST`;
}

/** What the checkout says for each refusal. */
export function refusalMessage(refusal: DiscountRefusal): string {
  switch (refusal.reason) {
    case "unknown":
      return "We don't recognise this code. Check it for a typing mistake.";
    case "inactive":
      return "This code is no longer available.";
    case "expired":
      return "This code has expired.";
    case "not-yet":
      return `This code is not valid yet: it starts on ${formatIst(refusal.startsAt)}.`;
    case "minimum":
      // Whole rupees, rounded up: adding the amount shown is always enough.
      return `Add ${formatPaise(Math.ceil(refusal.shortfallPaise / 100) * 100)} more to use this code.`;
    case "used-up":
      return "This code has reached its usage limit.";
    case "already-used":
      return "You have already used this code.";
    case "code-spent":
      return "This code has already been used.";
    case "not-for-items":
      return "This code is not for the items in your cart.";
    case "automatic-better":
      return `Your order already has the ${refusal.name} discount, which saves you more than this code.`;
  }
}

export type DiscountStatus = "inactive" | "scheduled" | "active" | "expired";

/** The back office's one word for where a code stands now. */
export function discountStatus(rule: Pick<DiscountRule, "active" | "startsAt" | "endsAt">, now: Date): DiscountStatus {
  if (!rule.active) return "inactive";
  if (rule.endsAt && now.getTime() >= rule.endsAt.getTime()) return "expired";
  if (rule.startsAt && now.getTime() < rule.startsAt.getTime()) return "scheduled";
  return "active";
}

/** "10%", "₹200 off", "Free shipping". */
export function describeValue(rule: Pick<DiscountRule, "kind" | "percentBasisPoints" | "amountPaise">): string {
  if (rule.kind === "percentage") return `${(rule.percentBasisPoints ?? 0) / 100}%`;
  if (rule.kind === "fixed") return `${formatPaise(rule.amountPaise ?? 0)} off`;
  return "Free shipping";
}

/**
 * A discount as applied to one order: what the checkout, the order and the invoice show.
 * `eligible` follows the quote's lines (the lines the discount's goods amount is spread over).
 */
export type AppliedDiscount = { code: string; kind: DiscountKind; goodsPaise: number; shippingWaivedPaise: number; automatic: boolean; eligible: boolean[] };

/** What a discount saves the shopper in all: off the goods and off the shipping. */
export function savingOf(d: Pick<AppliedDiscount, "goodsPaise" | "shippingWaivedPaise">): number {
  return d.goodsPaise + d.shippingWaivedPaise;
}

/**
 * One discount per order. Among the automatic discounts the largest saving wins (ties: the one
 * listed first, i.e. made first). A typed code then replaces it when it saves at least as much:
 * the shopper asked for it, and loses nothing by it.
 */
export function typedCodeWins(typed: Pick<AppliedDiscount, "goodsPaise" | "shippingWaivedPaise">, automatic: Pick<AppliedDiscount, "goodsPaise" | "shippingWaivedPaise"> | null): boolean {
  return !automatic || savingOf(typed) >= savingOf(automatic);
}
