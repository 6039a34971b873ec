import { describe, expect, it } from "vitest";
import { allowedEdits, analyseQuestion, analyseText, normalise, termsOfWord } from "./language";

const terms = (q: string) => analyseQuestion(q).map((w) => w.terms);

describe("how the bot reads shoppers' words", () => {
  it("gives synonyms the same concept as the shop's own word", () => {
    expect(termsOfWord("guarantee")).toContain("#warranty");
    expect(analyseText("Every product carries a 2 year warranty")).toContain("#warranty");
    expect(termsOfWord("courier")).toContain("#ship");
    expect(analyseText("Shipping is free")).toContain("#ship");
    expect(termsOfWord("soda")).toContain("#carbonated");
    expect(analyseText("Can I carry carbonated drinks?")).toContain("#carbonated");
    expect(termsOfWord("capacity")).toContain("#size");
  });

  it("stems, drops stop words (English and Hinglish) and marks shop-wide words as weak", () => {
    expect(terms("What is the capital of Peru?")).toEqual([["capit"], ["peru"]]);
    expect(analyseQuestion("kya aapke bottle mein soda daal sakte hain").map((w) => w.word)).toEqual(["bottle", "soda"]);
    expect(analyseQuestion("do you sell shoes").find((w) => w.word === "sell")?.weak).toBe(true);
  });

  it("reads Indian English and Hinglish phrases as one idea", () => {
    expect(normalise("Support 24x7?")).toContain("always");
    expect(normalise("delivery kab tak hogi")).toContain("long");
    expect(normalise("paisa wapas kab milega")).toContain("refund");
    expect(normalise("cash on delivery milega?")).toContain("cod");
    expect(normalise("a 1 litre bottle")).toContain("1000ml");
    expect(normalise("₹500")).toContain("rupees");
  });

  it("corrects only words long enough for a correction to be likely", () => {
    expect(allowedEdits("shoes")).toBe(0);
    expect(allowedEdits("shiping")).toBe(1);
    expect(allowedEdits("dishwaser")).toBe(2);
    expect(allowedEdits("1000ml")).toBe(0);
  });
});
