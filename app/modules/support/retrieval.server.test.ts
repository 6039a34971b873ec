import { describe, expect, it } from "vitest";
import { buildIndex, isGoodMatch, MIN_COVERAGE_TWO_WORDS, prepareQuestion, searchKnowledge, type Passage } from "./retrieval.server";

// Deciding whether to answer, on a tiny store: the rules, not the demo store's scores (those are
// the evaluation sets' job).
const passages: Passage[] = [
  { source: "fact", title: "Payment methods", text: "Pay by UPI, cards or netbanking, or cash on delivery up to ₹20,000 for a fee of ₹49.", link: "/checkout" },
  { source: "page", title: "Privacy Policy", text: "You may ask to see, correct or erase your data at any time.", link: "/privacy-policy" },
  { source: "page", title: "Shipping Policy", text: "Shipping is free on orders over ₹4,999; a flat fee of ₹99 applies below that.", link: "/shipping-policy" },
  { source: "page", title: "Warranty", text: "Every product carries a 2 year warranty against manufacturer's defects.", link: "/faq" },
  { source: "page", title: "Returns", text: "Unused products in their original packaging can be returned within 7 days of delivery.", link: "/returns" },
];
const index = buildIndex(passages, 0);
const best = (q: string) => searchKnowledge(index, q)[0];

describe("when the bot answers", () => {
  it("answers a question every word of which the shop knows", () => {
    expect(isGoodMatch(best("cod ka max limit kitna hai"))).toBe(true);
    expect(best("cod ka max limit kitna hai")?.passage.title).toBe("Payment methods");
    expect(isGoodMatch(best("whats the shipping fee below the free limit"))).toBe(true);
  });

  it("hands over a question that turns on a word the shop never uses, even beside two it does", () => {
    // "card" and "pay" match the payment passage; "emi" is what the shopper asks about.
    const emi = best("can i pay in emi with my credit card");
    expect(emi?.strongMatches).toBeGreaterThanOrEqual(2);
    expect(emi?.missesUnknown).toBe(true);
    // Over the lower bar for two matched words: the unknown word is what keeps it from answering.
    expect(emi!.coverage).toBeGreaterThanOrEqual(MIN_COVERAGE_TWO_WORDS);
    expect(isGoodMatch(emi)).toBe(false);
    expect(isGoodMatch(best("do u have a showroom where i can see the products in person"))).toBe(false);
  });

  it("does not correct a word spelled right into a shop word that looks like it", () => {
    // "change" is one letter from the shop's "charge"; read as that, this would get the shipping fee.
    expect(isGoodMatch(best("can i change the delivery charge address"))).toBe(false);
  });

  it("lets context words (time, people, places) tip nothing: the answer stands", () => {
    const q = best("got the bottle yesterday, don't want it anymore, can i return it");
    expect(q?.passage.title).toBe("Returns");
    expect(q?.missesUnknown).toBe(false);
    expect(isGoodMatch(q)).toBe(true);
    expect(isGoodMatch(best("warranty claim for my dad's bottle from college"))).toBe(true);
  });

  it("weighs a content word the shop never uses above the rarest word it does", () => {
    const q = prepareQuestion(index, "cashback on upi payment");
    const weight = (word: string) => q.weights[q.words.findIndex((w) => w.word === word)]!;
    expect(weight("cashback")).toBeGreaterThan(weight("upi"));
    const context = prepareQuestion(index, "return it yesterday");
    expect(context.weights[context.words.findIndex((w) => w.word === "yesterday")]!).toBeLessThan(context.weights[0]!);
    // Two shop words ("upi", "payment") beside the unknown one: still handed over.
    expect(isGoodMatch(best("cashback on upi payment"))).toBe(false);
    expect(isGoodMatch(best("do you sell shoes"))).toBe(false);
  });

  it("does not answer on shop-wide and context words alone", () => {
    // "bottle" and "made" are shop-wide, "yesterday" is context: nothing says what the question is about.
    expect(isGoodMatch(best("bottle made yesterday"))).toBe(false);
  });
});
