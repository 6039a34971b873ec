import { describe, expect, it } from "vitest";
import { buildIndex, invoiceFacts, isGoodMatch, missesStory, namesOtherProduct, MIN_COVERAGE_TWO_WORDS, pickAnswer, prepareQuestion, searchKnowledge, settingsFacts, type Passage, type Ranked } from "./retrieval.server";

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

  it("does not correct a word whose stem a synonym group knows, though the shop's text never uses it", () => {
    // "sending" is one letter from "spending"; its stem "send" is a delivery word, so it is left as it is.
    const q = prepareQuestion(index, "sending it to my sister, kitne din");
    expect(q.words.map((w) => w.word)).toContain("sending");
    expect(q.terms).toContain("#ship");
  });

  it("corrects a typo only to a word with the same first letter, and never a common word spelled right", () => {
    const withWords = buildIndex([...passages, { source: "page", title: "Letters", text: "A letter of thanks, and the order status states.", link: "/" }], 0);
    const read = (q: string) => prepareQuestion(withWords, q).words.map((w) => w.word);
    // "better" is one letter from "letter", but at its first letter: another word, not a typo.
    expect(read("which is better")).toContain("better");
    expect(read("bulk quantity discount")).toContain("quantity");
    expect(read("shiping fee")).toContain("shipping");
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

  it("weighs only the first word the shop never uses as the question's subject: the others are the message's own wording", () => {
    const q = prepareQuestion(index, "my icu colleague insists, kindly ascertain for our procurement: can unused bottles be returned within 7 days");
    const weight = (word: string) => q.weights[q.words.findIndex((w) => w.word === word)]!;
    expect(weight("icu")).toBeGreaterThan(weight("returned"));
    for (const word of ["ascertain", "procurement"]) expect(weight(word)).toBeLessThan(weight("returned"));
    // Each is still a word the shop never uses: a passage missing them is not given the lower bar.
    expect(q.unknown[q.words.findIndex((w) => w.word === "ascertain")]).toBe(true);
    const long = best("hii, my icu colleague insists, kindly ascertain for our procurement: can unused bottles be returned within 7 days of delivery and how");
    expect(long?.passage.title).toBe("Returns");
    expect(isGoodMatch(long)).toBe(true);
    // One unknown word is still the subject, however many shop words stand beside it.
    expect(isGoodMatch(best("can i pay in emi with my credit card"))).toBe(false);
  });

  it("reads an adverb the shop never uses as how, not what about", () => {
    const q = prepareQuestion(index, "honestly, can unused products be returned");
    expect(q.words.find((w) => w.word === "honestly")?.context).toBe(true);
    expect(isGoodMatch(best("honestly, can unused products be returned"))).toBe(true);
  });

  it("reads a letter's greeting and signature as no part of the question", () => {
    const read = (q: string) => prepareQuestion(index, q).words.map((w) => w.word);
    expect(read("Dear team, can I return it? Thanks and regards, Arindam Sen")).toEqual(["return"]);
    expect(read("Respected Sir/Madam, is there a warranty? Regards, A. Sen")).toEqual(["warranty"]);
    expect(read("Good afternoon. shipping fee? Best, Priya")).toEqual(expect.arrayContaining(["shipping", "fee"]));
    expect(read("Good afternoon. shipping fee? Best, Priya")).not.toContain("priya");
  });

  it("does not answer on shop-wide and context words alone", () => {
    // "bottle" and "made" are shop-wide, "yesterday" is context: nothing says what the question is about.
    expect(isGoodMatch(best("bottle made yesterday"))).toBe(false);
  });
});

describe("what a word weighs and which passage answers", () => {
  const classic = {
    slug: "classic",
    title: "Classic Bottle",
    description: "Our signature bottle.",
    options: [{ name: "Color", values: ["Navy", "White"] }],
    hsnCode: null,
    variants: [{ title: "Navy / 750ml", pricePaise: 179_900, compareAtPricePaise: null, stockQuantity: 3 }],
  };
  const shop: Passage[] = [
    ...passages,
    { source: "fact", title: "Colours", text: "Our products come in Navy, White and Black.", link: "/all" },
    { source: "product", title: "Classic Bottle", text: "Our signature bottle. Color: Navy, White. Price ₹1,799.", link: "/product/classic", product: classic },
    { source: "fact", title: "Sizes", text: "Our bottles come in 350ml, 500ml, 750ml and 1000ml sizes.", link: "/all" },
    // Filler, so that rarity means something: words a tenth of the shop uses and fewer.
    ...Array.from({ length: 20 }, (_, i): Passage => ({ source: "page", title: `Note ${i}`, text: `Note number ${i} about bottles and lids.`, link: "/notes" })),
    { source: "page", title: "Make", text: "We make our bottles in small batches.", link: "/story" },
  ];
  const big = buildIndex(shop, 0);

  it("in a question about a return, exchange or the warranty, reads a colour, size or product name as which item the shopper has", () => {
    const q = prepareQuestion(big, "can i exchange it for another colour? got the navy one, wanted white");
    for (const word of ["colour", "navy", "white"]) expect(q.words.find((w) => w.word === word)?.context, word).toBe(true);
    const r = searchKnowledge(big, "can i exchange it for another colour? got the navy one, wanted white")[0];
    expect(r?.passage.title).toBe("Returns");
    expect(isGoodMatch(r)).toBe(true);
    // So does a product's name: the warranty is asked about, not the Classic.
    const warranty = searchKnowledge(big, "is there a warranty on the classic bottle")[0];
    expect(warranty?.passage.title).toBe("Warranty");
    expect(isGoodMatch(warranty)).toBe(true);
    // Without a policy word, a colour is what is asked.
    expect(prepareQuestion(big, "is the classic in navy").words.find((w) => w.word === "navy")?.context).toBe(false);
  });

  it("weighs a shop-wide word at most as a word a tenth of the passages hold, however rarely the shop writes it", () => {
    const q = prepareQuestion(big, "what sizes do u make");
    expect(q.weights[q.words.findIndex((w) => w.word === "make")]!).toBeLessThanOrEqual(0.3 * Math.log(11) + 1e-9);
    expect(isGoodMatch(searchKnowledge(big, "what sizes do u make")[0])).toBe(true);
  });

  it("answers a how-to question from the shop's own text, not a product that shares its words", () => {
    const ranked = (source: Passage["source"], title: string): Ranked => ({
      passage: { source, title, text: "", link: "/" },
      strongMatches: 2,
      namesProduct: false,
      score: 1,
      coverage: 0.8,
      missesUnknown: false,
      matched: [],
      missed: [],
    });
    const list = [ranked("product", "Cleaning Brush Set"), ranked("faq", "How do I clean my bottle?")];
    expect(pickAnswer(list, { howTo: true })?.passage.title).toBe("How do I clean my bottle?");
    expect(pickAnswer(list, { wantsProduct: true })?.passage.title).toBe("Cleaning Brush Set");
    // With no passage of the shop's text over the bar, the product still answers.
    expect(pickAnswer([list[0]!, { ...list[1]!, coverage: 0.2 }], { howTo: true })?.passage.title).toBe("Cleaning Brush Set");
  });

  it("lets a product the question neither names nor asks for yield to the shop's text that covers about as much", () => {
    const ranked = (source: Passage["source"], title: string, coverage: number, namesProduct = false): Ranked => ({
      passage: { source, title, text: "", link: "/" },
      strongMatches: 2,
      namesProduct,
      score: 1,
      coverage,
      missesUnknown: false,
      matched: [],
      missed: [],
    });
    const list = [ranked("product", "Everest Bottle", 0.8), ranked("fact", "Sizes", 0.78)];
    expect(pickAnswer(list)?.passage.title).toBe("Sizes");
    // Asked for a product ("do you have a ..."), or named: the product answers.
    expect(pickAnswer(list, { wantsProduct: true })?.passage.title).toBe("Everest Bottle");
    expect(pickAnswer([ranked("product", "Everest Bottle", 0.8, true), list[1]!])?.passage.title).toBe("Everest Bottle");
    // The shop's text must cover about as much.
    expect(pickAnswer([list[0]!, ranked("fact", "Sizes", 0.65)])?.passage.title).toBe("Everest Bottle");
  });
});

describe("facts made from the settings", () => {
  const settings = {
    shipping: { free_over_paise: 499_900, flat_fee_paise: 9_900 },
    gst: { percentage: 18 },
    cod: { enabled: true, fee_paise: 4_900, max_order_paise: 2_000_000 },
    holdMinutes: 15,
    onlinePayment: { available: false, reason: "Online payment is not switched on yet: please pay cash on delivery." },
    popup: { title: "Get 10% off your first bottle", description: "Join the list." },
  };
  const facts = settingsFacts(settings);
  const text = (title: string) => facts.find((f) => f.title.startsWith(title))?.text ?? "";

  it("quotes the live values: COD fee and maximum, payment hold, GST, the popup's offer", () => {
    expect(text("Cash on delivery")).toContain("₹49");
    expect(text("Cash on delivery")).toContain("₹20,000");
    expect(text("Payment pending")).toContain("15 minutes");
    expect(text("Taxes")).toContain("include GST (18%)");
    expect(text("First order")).toContain("10% off");
    // A staff edit flows through: the passage is made from whatever the settings say.
    const edited = settingsFacts({ ...settings, holdMinutes: 30, cod: { enabled: false, fee_paise: 0, max_order_paise: 0 } });
    expect(edited.find((f) => f.title.startsWith("Payment pending"))?.text).toContain("30 minutes");
    expect(edited.find((f) => f.title.startsWith("Cash on delivery"))?.text).toContain("not offered");
  });

  it("names the payment methods of the footer, and says so when online payment is off", () => {
    expect(text("Payment methods")).toMatch(/UPI.*Visa.*netbanking/);
    expect(text("Payment methods")).toContain("not switched on yet");
    expect(settingsFacts({ ...settings, onlinePayment: { available: true } }).find((f) => f.title.startsWith("Payment methods"))?.text).toContain("You can pay online at checkout");
  });

  it("makes no offer passage from a popup that offers nothing", () => {
    expect(settingsFacts({ ...settings, popup: { title: "Join our newsletter", description: "News about bottles." } }).some((f) => f.title.startsWith("First order"))).toBe(false);
    expect(settingsFacts({ ...settings, popup: null }).some((f) => f.title.startsWith("First order"))).toBe(false);
  });

  it("answers the settings' facts asked in shoppers' words", () => {
    const withFacts = buildIndex([...passages.filter((p) => p.title !== "Payment methods"), ...facts], 0);
    const answer = (q: string) => {
      const r = searchKnowledge(withFacts, q).find(isGoodMatch);
      return r ? r.passage.text : null;
    };
    expect(answer("is there any extra fee for pay on delivery")).toContain("₹49");
    expect(answer("gpay chalega?")).toContain("UPI");
    expect(answer("i closed the payment page by mistake, how long will the order wait for payment")).toContain("15 minutes");
    expect(answer("first order discount code hai kya?")).toContain("10%");
    expect(answer("are taxes extra or already in the price shown")).toContain("GST");
  });
});

describe("facts of the tax invoice", () => {
  const tax = { legal_name: "GLACIAL Drinkware Pvt. Ltd.", address: "12 Residency Road, Bengaluru", state_code: "29", default_hsn: "7323" };
  const facts = invoiceFacts(tax, [
    { title: "Glacier Classic Bottle", hsnCode: null },
    { title: "Chai Tumbler", hsnCode: "7323" },
    { title: "Sport Cap", hsnCode: "3924" },
  ]);
  const text = (title: string) => facts.find((f) => f.title.startsWith(title))?.text ?? "";

  it("names the seller, the GST split by the seller's state, the HSN codes by kind and the per-line limit", () => {
    expect(text("Seller")).toContain("GLACIAL Drinkware Pvt. Ltd.");
    expect(text("GST split")).toContain("Karnataka address splits GST as CGST + SGST");
    expect(text("GST split")).toContain("another state shows IGST");
    // A product without its own code takes the default; products are named by kind, not by name.
    expect(text("HSN codes")).toContain("HSN 7323 for our bottles and tumblers; HSN 3924 for our accessories");
    expect(text("HSN codes")).not.toContain("Glacier");
    expect(text("Quantity")).toContain("up to 50 of each item");
  });

  it("answers them asked in shoppers' words", () => {
    const index = buildIndex([...passages, ...facts], 0);
    const answer = (q: string) => searchKnowledge(index, q).find(isGoodMatch)?.passage.title ?? null;
    expect(answer("ordering from pune, will the invoice show IGST or CGST SGST")).toMatch(/^GST split/);
    expect(answer("what is the HSN code of ur bottles")).toMatch(/^HSN codes/);
    expect(answer("ek order me ek hi bottle max kitni quantity le sakte hai")).toMatch(/^Quantity/);
  });
});

describe("another brand's product", () => {
  const index = buildIndex(passages, 0);
  it("is a word the shop never uses right before a kind of product or a size", () => {
    expect(namesOtherProduct(index, "hydro flask vs glacial which is cheaper")).toBe(true);
    expect(namesOtherProduct(index, "milton thermosteel 1 litre ka price kya hai")).toBe(true);
    // A size the shop does not make, or a word of the shop's, is not a brand.
    expect(namesOtherProduct(index, "do you have 2 litre bottle")).toBe(false);
    expect(namesOtherProduct(index, "cheapest bottle you have")).toBe(false);
  });
});

describe("an answer read from the asking part alone", () => {
  const index = buildIndex(passages, 0);
  const fromAsking = (q: string, asking: string) => searchKnowledge(index, q, 3, asking)[0]!;
  it("is refused when the asking part only asks how much or how long and the story is about something the shop never names", () => {
    const q = "milton thermosteel is cheaper than urs, how much cheaper exactly?";
    const found = fromAsking(q, "how much cheaper exactly?");
    expect(found).toBeDefined();
    expect(missesStory(index, q, "how much cheaper exactly?", found)).toBe(true);
  });
  it("stands when the asking part has a subject of its own, or the story holds only words the shop knows", () => {
    const q = "does it have a warranty? it ruins my laptop bag";
    expect(missesStory(index, q, "does it have a warranty?", fromAsking(q, "does it have a warranty?"))).toBe(false);
    const known = "shipping on a 3000 order, how much?";
    expect(missesStory(index, known, "how much?", fromAsking(known, "how much?"))).toBe(false);
  });
});

