import { describe, expect, it } from "vitest";
import { priceOrder } from "~/modules/orders/pricing";
import { bulkCodesForm, discountForm, istInputToDate, dateToIstInput } from "./discount-form";
import { checkDiscount, discountOnGoods, discountOnLines, discountStatus, lineEligible, refusalMessage, splitProportionally, typedCodeWins, type DiscountRule } from "./discount-rules";

const NOW = new Date("2026-05-10T06:30:00Z"); // 10 May 2026, 12:00 IST

function rule(overrides: Partial<DiscountRule> = {}): DiscountRule {
  return {
    id: "d1",
    code: "SUMMER10",
    kind: "percentage",
    percentBasisPoints: 1_000,
    amountPaise: null,
    minOrderPaise: 0,
    startsAt: null,
    endsAt: null,
    usageLimit: null,
    perCustomerLimit: null,
    usedCount: 0,
    active: true,
    automatic: false,
    productIds: [],
    collectionIds: [],
    ...overrides,
  };
}

const order = (subtotalPaise = 100_000, customerUses = 0) => ({ lines: [{ productId: "p1", collectionIds: [], totalPaise: subtotalPaise }], now: NOW, customerUses });
const refusal = (r: DiscountRule | null, o = order()) => {
  const check = checkDiscount(r, o);
  return check.ok ? null : check.refusal;
};

describe("whether a code may be used", () => {
  it("accepts a live code within its limits", () => {
    expect(checkDiscount(rule({ usageLimit: 10, usedCount: 9, perCustomerLimit: 1, minOrderPaise: 100_000 }), order(100_000, 0))).toEqual({ ok: true });
  });

  it("names each refusal with its own message", () => {
    expect(refusal(null)).toEqual({ reason: "unknown" });
    expect(refusalMessage({ reason: "unknown" })).toMatch(/don't recognise this code/);

    // The end is exclusive: at the very moment it ends, the code is over.
    expect(refusal(rule({ endsAt: NOW }))).toEqual({ reason: "expired" });
    expect(refusalMessage({ reason: "expired" })).toBe("This code has expired.");

    const startsAt = new Date("2026-06-01T04:30:00Z"); // 1 June 2026, 10:00 IST
    expect(refusal(rule({ startsAt }))).toEqual({ reason: "not-yet", startsAt });
    expect(refusalMessage({ reason: "not-yet", startsAt })).toBe("This code is not valid yet: it starts on 1 Jun 2026, 10:00 am IST.");

    expect(refusal(rule({ minOrderPaise: 150_000 }), order(100_000))).toEqual({ reason: "minimum", shortfallPaise: 50_000 });
    expect(refusalMessage({ reason: "minimum", shortfallPaise: 50_000 })).toBe("Add ₹500 more to use this code.");
    // A shortfall with paise is shown rounded up: adding ₹501 is enough, ₹500 would not be.
    expect(refusalMessage({ reason: "minimum", shortfallPaise: 50_001 })).toBe("Add ₹501 more to use this code.");
    expect(refusalMessage({ reason: "minimum", shortfallPaise: 12_34_56_700 })).toBe("Add ₹12,34,567 more to use this code.");

    expect(refusal(rule({ usageLimit: 10, usedCount: 10 }))).toEqual({ reason: "used-up" });
    expect(refusalMessage({ reason: "used-up" })).toBe("This code has reached its usage limit.");

    expect(refusal(rule({ perCustomerLimit: 1 }), order(100_000, 1))).toEqual({ reason: "already-used" });
    expect(refusalMessage({ reason: "already-used" })).toBe("You have already used this code.");

    expect(refusal(rule({ active: false }))).toEqual({ reason: "inactive" });
  });

  it("reports the code's state for the back office", () => {
    expect(discountStatus(rule({ startsAt: new Date(NOW.getTime() + 1) }), NOW)).toBe("scheduled");
    expect(discountStatus(rule({ startsAt: NOW }), NOW)).toBe("active");
    expect(discountStatus(rule({ endsAt: NOW }), NOW)).toBe("expired");
    expect(discountStatus(rule({ active: false }), NOW)).toBe("inactive");
  });
});

describe("what a code takes off", () => {
  it("takes a percentage to the nearest paisa, a fixed amount up to the goods' value, and nothing off goods for free shipping", () => {
    expect(discountOnGoods(rule({ percentBasisPoints: 1_000 }), 309_700)).toBe(30_970);
    // 15 % of ₹333.33 = 4999.95 paise -> 5000.
    expect(discountOnGoods(rule({ percentBasisPoints: 1_500 }), 33_333)).toBe(5_000);
    expect(discountOnGoods(rule({ percentBasisPoints: 10_000 }), 33_333)).toBe(33_333);
    expect(discountOnGoods(rule({ kind: "fixed", percentBasisPoints: null, amountPaise: 20_000 }), 309_700)).toBe(20_000);
    expect(discountOnGoods(rule({ kind: "fixed", percentBasisPoints: null, amountPaise: 20_000 }), 15_000)).toBe(15_000);
    expect(discountOnGoods(rule({ kind: "free_shipping", percentBasisPoints: null }), 309_700)).toBe(0);
  });

  it("splits an amount over lines in proportion, the remainder placed by largest remainder so the parts add up", () => {
    // ₹100 over ₹2,598 and ₹499: exact shares 8388.76 and 1611.24; the one paisa left goes to the first.
    expect(splitProportionally([259_800, 49_900], 10_000)).toEqual([8_389, 1_611]);
    // Three equal lines, 100 paise: 33 each and one left over, to the earliest line.
    expect(splitProportionally([500, 500, 500], 100)).toEqual([34, 33, 33]);
    // Two paise left over go to the two largest remainders, not simply the first lines.
    expect(splitProportionally([1, 2, 4], 6)).toEqual([1, 2, 3]);
    expect(splitProportionally([700, 300], 1_000)).toEqual([700, 300]);
    expect(splitProportionally([700, 300], 0)).toEqual([0, 0]);
    for (const [weights, amount] of [
      [[1, 1, 1, 1, 1, 1, 1], 99_999],
      [[12_345, 67_890, 1], 50_001],
    ] as const) {
      const parts = splitProportionally(weights, amount);
      expect(parts.reduce((n, p) => n + p, 0)).toBe(amount);
    }
  });
});

describe("GST on the discounted value (prices include 18 % GST)", () => {
  it("takes each line's tax out of its amount less its share of the discount, by hand", () => {
    // 2 x ₹1,299 + 1 x ₹499 = ₹3,097 with ₹100 off: shares 8389 and 1611 paise (above).
    const totals = priceOrder(
      [
        { unitPricePaise: 129_900, quantity: 2, gstRatePercent: 18 },
        { unitPricePaise: 49_900, quantity: 1, gstRatePercent: 18 },
      ],
      { shippingPaise: 9_900, codFeePaise: 0, discountPaise: 10_000 },
      { supplierStateCode: "29", placeOfSupplyStateCode: "29" },
    );
    // Line 1 charged 259800 - 8389 = 251411: taxable 251411 x 100 / 118 = 213060.17 -> 213060; tax 38351 = 19175 + 19176.
    expect(totals.lines[0]).toMatchObject({ totalPaise: 259_800, discountPaise: 8_389, taxablePaise: 213_060, cgstPaise: 19_175, sgstPaise: 19_176 });
    // Line 2 charged 49900 - 1611 = 48289: taxable 40922.88 -> 40923; tax 7366 = 3683 + 3683.
    expect(totals.lines[1]).toMatchObject({ totalPaise: 49_900, discountPaise: 1_611, taxablePaise: 40_923, cgstPaise: 3_683, sgstPaise: 3_683 });
    // Shipping ₹99: taxable 8389.83 -> 8390; tax 1510 = 755 + 755.
    expect(totals.shipping).toMatchObject({ taxablePaise: 8_390, cgstPaise: 755, sgstPaise: 755 });
    expect(totals).toMatchObject({
      subtotalPaise: 309_700,
      discountPaise: 10_000,
      taxablePaise: 213_060 + 40_923 + 8_390,
      cgstPaise: 19_175 + 3_683 + 755,
      sgstPaise: 19_176 + 3_683 + 755,
      igstPaise: 0,
      roundOffPaise: 0,
      // 309700 - 10000 + 9900
      totalPaise: 309_600,
    });
    expect(totals.taxablePaise + totals.cgstPaise + totals.sgstPaise + totals.roundOffPaise).toBe(totals.totalPaise);
  });

  it("never takes more than the goods are worth", () => {
    const totals = priceOrder([{ unitPricePaise: 10_000, quantity: 1, gstRatePercent: 18 }], { shippingPaise: 0, codFeePaise: 0, discountPaise: 99_999 }, { supplierStateCode: "29", placeOfSupplyStateCode: "27" });
    expect(totals).toMatchObject({ discountPaise: 10_000, taxablePaise: 0, igstPaise: 0, totalPaise: 0 });
  });
});

describe("the editor's schema", () => {
  const base = { code: " summer10 ", kind: "percentage", percent: "10", amount: "", minOrder: "999", startsAt: "2026-06-01T10:00", endsAt: "", usageLimit: "10", perCustomerLimit: "1" };

  it("keeps codes upper-case, money in paise and India time in UTC", () => {
    expect(discountForm.parse(base)).toEqual({
      code: "SUMMER10",
      kind: "percentage",
      percentBasisPoints: 1_000,
      amountPaise: null,
      minOrderPaise: 99_900,
      startsAt: new Date("2026-06-01T04:30:00Z"),
      endsAt: null,
      usageLimit: 10,
      perCustomerLimit: 1,
      automatic: false,
      productIds: [],
      collectionIds: [],
    });
    expect(istInputToDate("2026-02-30T10:00")).toBeNull();
    expect(dateToIstInput(new Date("2026-06-01T04:30:00Z"))).toBe("2026-06-01T10:00");
  });

  it("puts each mistake beside its field", () => {
    const issues = (input: Record<string, string>) => {
      const parsed = discountForm.safeParse(input);
      return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join("."), i.message]));
    };
    expect(issues({ ...base, percent: "101" })).toEqual({ percent: "Percentage must be a whole number from 1 to 100." });
    expect(issues({ ...base, percent: "0" })).toHaveProperty("percent");
    expect(issues({ ...base, kind: "fixed", amount: "abc" })).toHaveProperty("amount");
    expect(issues({ ...base, code: "two words" })).toHaveProperty("code");
    expect(issues({ ...base, endsAt: "2026-05-01T10:00" })).toEqual({ endsAt: "End must be after the start." });
    expect(issues({ ...base, usageLimit: "-1" })).toHaveProperty("usageLimit");
    expect(issues({ ...base, perCustomerLimit: "11" })).toHaveProperty("perCustomerLimit");
  });
});

describe("codes for chosen products or collections", () => {
  const P1 = "11111111-1111-4111-8111-111111111111";
  const P2 = "22222222-2222-4222-8222-222222222222";
  const C1 = "33333333-3333-4333-8333-333333333333";
  const lines = [
    { productId: P1, collectionIds: [], totalPaise: 129_900 },
    { productId: P2, collectionIds: [C1], totalPaise: 49_900 },
  ];
  const cart = { lines, now: NOW, customerUses: 0 };

  it("reaches a line by its product or by one of its collections; an untargeted code reaches every line", () => {
    expect(lines.map((l) => lineEligible(rule(), l))).toEqual([true, true]);
    expect(lines.map((l) => lineEligible(rule({ productIds: [P1] }), l))).toEqual([true, false]);
    expect(lines.map((l) => lineEligible(rule({ collectionIds: [C1] }), l))).toEqual([false, true]);
  });

  it("refuses a cart with nothing it is for, and counts the minimum on the lines it reaches", () => {
    expect(checkDiscount(rule({ productIds: ["44444444-4444-4444-8444-444444444444"] }), cart)).toEqual({ ok: false, refusal: { reason: "not-for-items" } });
    expect(refusalMessage({ reason: "not-for-items" })).toBe("This code is not for the items in your cart.");
    // ₹1,000 minimum on the collection's ₹499 line: ₹501 short, whatever else is in the cart.
    expect(checkDiscount(rule({ collectionIds: [C1], minOrderPaise: 100_000 }), cart)).toEqual({ ok: false, refusal: { reason: "minimum", shortfallPaise: 50_100 } });
    expect(discountOnLines(rule({ collectionIds: [C1], percentBasisPoints: 1_000 }), lines)).toEqual({ eligible: [false, true], goodsPaise: 4_990 });
  });

  it("says a spent bulk code is spent, after a used-up discount", () => {
    expect(checkDiscount(rule(), { ...cart, codeSpent: true })).toEqual({ ok: false, refusal: { reason: "code-spent" } });
    expect(checkDiscount(rule({ usageLimit: 1, usedCount: 1 }), { ...cart, codeSpent: true })).toEqual({ ok: false, refusal: { reason: "used-up" } });
  });

  it("lets a typed code replace an automatic discount when it saves at least as much", () => {
    expect(typedCodeWins({ goodsPaise: 5_000, shippingWaivedPaise: 0 }, { goodsPaise: 0, shippingWaivedPaise: 5_000 })).toBe(true);
    expect(typedCodeWins({ goodsPaise: 4_999, shippingWaivedPaise: 0 }, { goodsPaise: 5_000, shippingWaivedPaise: 0 })).toBe(false);
    expect(typedCodeWins({ goodsPaise: 1, shippingWaivedPaise: 0 }, null)).toBe(true);
  });

  it("gathers the editor's ticked products and collections, and refuses ids that are not ids", () => {
    const base = { code: "bottles", kind: "percentage", percent: "10", amount: "", minOrder: "", startsAt: "", endsAt: "", usageLimit: "", perCustomerLimit: "" };
    const parsed = discountForm.parse({ ...base, [`product:${P1}`]: "on", [`collection:${C1}`]: "on", automatic: "on" });
    expect(parsed).toMatchObject({ productIds: [P1], collectionIds: [C1], automatic: true });
    expect(discountForm.parse(base)).toMatchObject({ productIds: [], collectionIds: [], automatic: false });
    expect(discountForm.safeParse({ ...base, "product:nope": "on" }).success).toBe(false);
  });

  it("takes 1 to 1000 bulk codes with a prefix of 2 to 12 letters and digits", () => {
    expect(bulkCodesForm.parse({ count: "500", prefix: "diwali" })).toEqual({ count: 500, prefix: "DIWALI" });
    expect(bulkCodesForm.safeParse({ count: "1001", prefix: "DIWALI" }).success).toBe(false);
    expect(bulkCodesForm.safeParse({ count: "0", prefix: "DIWALI" }).success).toBe(false);
    expect(bulkCodesForm.safeParse({ count: "5", prefix: "A" }).success).toBe(false);
    expect(bulkCodesForm.safeParse({ count: "5", prefix: "DIWALI-2026" }).success).toBe(false);
  });
});
