import { describe, expect, it } from "vitest";
import { afterNoMatch, asksUncoveredTopic, classify, findContact, findOrderNumber, onlyNamesOrder, planReply, trackingNeeds, type ConversationState } from "./bot-rules";

const open: ConversationState = { status: "open", staffReplied: false, unmatched: 0 };

describe("classify", () => {
  it("reads the shop cancelling an order as a question, and feeding an infant as one for staff", () => {
    expect(classify("what happens if u cancel my order because item went out of stock, do i get money back")).toBe("question");
    expect(classify("pls cancel my order")).toBe("staff_only");
    expect(classify("can i put hot milk or baby formula in the kids bottle, is it safe for 1 yr old")).toBe("staff_only");
    expect(classify("bpa free hai na? baby ke liye lena hai paani ke liye")).toBe("question");
  });

  it("hands whether something is safe in a health condition to staff, not whether the steel is safe", () => {
    for (const t of ["pregnant hu, garam nimbu paani steel bottle me rakhna safe hai kya?", "my father is diabetic, is it ok to keep juice in it all day", "is copper water medically good for thyroid", "copper bottle se immunity badhti hai kya?"]) {
      expect(classify(t), t).toBe("staff_only");
    }
    for (const t of ["is it safe to keep hot lemon water in the steel bottle?", "is the steel food grade and safe"]) {
      expect(classify(t), t).toBe("question");
    }
  });

  it("recognises a request for a person", () => {
    for (const t of ["talk to a human", "Agent", "agent please", "Can I speak to someone from your team?", "I want a real person"]) {
      expect(classify(t), t).toBe("human");
    }
  });
  it("recognises order tracking", () => {
    for (const t of ["Track my order", "where is my order?", "order status for GL-10234", "my order 100234 has not arrived", "my parcel hasnt come yet, where is it", "package didn't arrive", "delivery still not here"]) {
      expect(classify(t), t).toBe("order");
    }
  });
  it("treats product and policy questions as questions, even with 'track' or an amount in them", () => {
    for (const t of ["How long do bottles keep drinks cold?", "Is it dishwasher safe?", "price of the chai tumbler", "Do you ship to Pune?", "do you track me with advertising cookies", "my order total is 3000, will shipping cost me anything"]) {
      expect(classify(t), t).toBe("question");
    }
  });
  it("hands a logo print job and a delivery sooner than the stated times to staff, not bulk pricing the team may teach", () => {
    for (const t of ["need 500 bottles with our company logo printed, what is your best corporate rate", "can you print our logo on the bottles", "can i get same day delivery in gurgaon", "need it by tonight, possible?", "can you deliver it today to indiranagar"]) {
      expect(classify(t), t).toBe("staff_only");
    }
    for (const t of ["do you offer corporate bulk pricing", "how long does delivery take", "order today, when will it arrive"]) {
      expect(classify(t), t).not.toBe("staff_only");
    }
  });
  it("hands a promised date, a restock date, one PIN code's service and a cancellation to staff, not the shop's usual times and reach", () => {
    for (const t of [
      "can you promise delivery before saturday",
      "will it reach by tomorrow evening",
      "kal tak pahunch jayega kya",
      "is the 1000ml coming back in stock soon",
      "when do you restock the navy one",
      "black wala stock me kab aayega",
      "is 560034 serviceable",
      "do you deliver to 400050",
      "will it be delivered tomorrow",
      "kal tak delivery ho jayegi?",
      "kal parcel pahunch jayega kya",
      "i want to cancel my order",
      "order cancel karna hai",
      "will my order reach by this saturday for sure? its my wife's bday on sunday",
      "need it by friday, possible?",
      "emi available on credit card? 3 months no cost emi",
      "distributor banna hai glacial ka, kaise apply kare",
      "can i become a reseller for your bottles in pune",
      "franchise milegi kya",
    ]) {
      expect(classify(t), t).toBe("staff_only");
    }
    for (const t of ["how long is my unpaid order kept before it cancels", "kal order kiya tha, delivery kab hogi", "how many days to reach pune? need it before my exam", "do you deliver to small towns? my pin is 176215", "is the arctic pro in stock", "what guarantee do you give", "website ne mera order cancel kar diya bola mispriced tha, paise wapas milenge?", "do you deliver on saturday", "payment page band ho gaya, kitni der me pay karna hai warna order cancel ho jayega?"]) {
      expect(classify(t), t).not.toBe("staff_only");
    }
  });
  it("reads a purchase by any name, and one that never came, as an order to look up", () => {
    for (const t of ["where are my things, paid 4 days ago", "where is my stuff", "mera saman kab aayega", "ordered on monday and still nothing came"]) {
      expect(classify(t), t).toBe("order");
    }
  });
  it("tells how tracking works apart from tracking one order", () => {
    for (const t of ["how do i track my order", "How can I track my parcel?", "tracking number kab milega bhai", "order kab ship hoga aur tracking kaise milega", "how will i know that my order is shipped", "where on the website do i check my order status? which page", "ordered as guest without making any account, where do i check the status now"]) {
      expect(classify(t), t).toBe("track_howto");
    }
    for (const t of ["how do i track my order GL-000123", "track my order", "where is my order?"]) expect(classify(t), t).toBe("order");
    // In the middle of a lookup, a message is read as the lookup's.
    expect(classify("how do i track it, my email is asha@example.in", { tracking: true })).toBe("order");
    expect(planReply("track_howto", open)).toEqual({ kind: "answer", offerTracking: true });
  });
  it("hands what only staff can promise to staff at once", () => {
    for (const t of ["flipkart pe same bottle 200 rs sasta hai, price match karoge?", "can you match the price on amazon", "is the price negotiable for 10 bottles", "its cheaper on amazon, can you do something"]) {
      expect(classify(t), t).toBe("staff_only");
    }
    expect(classify("is the bottle cheaper in the sale")).toBe("question");
    expect(planReply("staff_only", open)).toEqual({ kind: "handover", reason: "staff_only" });
    expect(planReply("staff_only", { ...open, status: "waiting_for_staff" })).toEqual({ kind: "silent" });
  });
  it("recognises greetings and thanks only as whole messages", () => {
    expect(classify("Hello!")).toBe("greeting");
    expect(classify("Thanks a lot")).toBe("thanks");
    expect(classify("hello, what sizes do you have?")).toBe("question");
  });
});

describe("order details in a message", () => {
  it("finds the order number however it is typed", () => {
    for (const t of ["GL-000123", "gl 000123", "order #000123", "it is GL000123.", "order 000123 please"]) expect(findOrderNumber(t), t).toBe("GL-000123");
    expect(findOrderNumber("call me on 98765 43210")).toBeNull();
    expect(findOrderNumber("9876543210")).toBeNull();
  });
  it("finds the checkout email or Indian mobile", () => {
    expect(findContact("my email is Asha.Rao@Example.in.")).toBe("asha.rao@example.in");
    expect(findContact("phone +91 98765-43210")).toBe("+919876543210");
    expect(findContact("order GL-000123")).toBeNull();
  });
  it("continues an order lookup with a bare number or contact, and knows what is still missing", () => {
    expect(classify("GL-000123")).toBe("order");
    expect(classify("asha@example.in")).toBe("question");
    expect(classify("asha@example.in", { tracking: true })).toBe("order");
    expect(trackingNeeds({ number: null, contact: null })).toBe("both");
    expect(trackingNeeds({ number: "GL-000123", contact: null })).toBe("contact");
    expect(trackingNeeds({ number: null, contact: "a@b.in" })).toBe("number");
    expect(trackingNeeds({ number: "GL-000123", contact: "a@b.in" })).toBe("ready");
  });
});

describe("hand-over rules", () => {
  it("hands over when asked, and not twice", () => {
    expect(planReply("human", open)).toEqual({ kind: "handover", reason: "asked" });
    expect(planReply("human", { ...open, status: "waiting_for_staff" })).toEqual({ kind: "silent" });
  });
  it("hands over on the second unanswered question", () => {
    expect(afterNoMatch(open)).toEqual({ kind: "no_match" });
    expect(afterNoMatch({ ...open, unmatched: 1 })).toEqual({ kind: "handover", reason: "unmatched" });
  });
  it("stays silent once staff replied, whatever the visitor writes", () => {
    const answered = { ...open, staffReplied: true };
    for (const intent of ["human", "order", "greeting", "thanks", "question"] as const) {
      expect(planReply(intent, answered)).toEqual({ kind: "silent" });
    }
    expect(afterNoMatch(answered)).toEqual({ kind: "silent" });
  });
  it("while waiting for staff, answers what it can but adds nothing for unanswered questions", () => {
    const waiting = { ...open, status: "waiting_for_staff" as const };
    expect(planReply("question", waiting)).toEqual({ kind: "answer" });
    expect(afterNoMatch(waiting)).toEqual({ kind: "silent" });
  });
  it("starts order tracking on an order question", () => {
    expect(planReply("order", open)).toEqual({ kind: "order" });
  });
});

describe("topics the shop's text does not cover (the blind16 and blind18 rounds)", () => {
  it("knows a card issued abroad and gift wrapping, and leaves an Indian bank's card and a gift card alone", () => {
    for (const q of ["my card is issued in Singapore, will international card work on ur site?", "do you accept foreign credit cards", "will my UAE-issued visa card work", "diwali ke liye gift wrapping karke bhejoge kya?", "can you wrap it as a gift"]) {
      expect(asksUncoveredTopic(q), q).toBe(true);
      // Not staff-only: an FAQ entry staff teach for it answers it.
      expect(classify(q), q).toBe("question");
    }
    for (const q of ["my card is issued by hdfc, will it work", "do you take rupay debit cards", "is there a gift card"]) expect(asksUncoveredTopic(q), q).toBe(false);
  });
});

describe("the blind18 round", () => {
  it("knows the founder's name, the shop's social pages and a battery as topics the shop's text does not cover, and not the brand's story or a charge", () => {
    for (const q of ["aapke founder kaun hai? unka naam kya hai", "who is the ceo of glacial", "nimma instagram page ide na? insta id kodi", "whats the battery life of the urban smart bottle cap"])
      expect(asksUncoveredTopic(q), q).toBe(true);
    for (const q of ["when was glacial founded", "is there a delivery charge", "do you have a facebook ad offer"]) expect(asksUncoveredTopic(q), q).toBe(false);
  });
  it("reads a how-to about tracking asked with another language's 'how' as the how-to", () => {
    expect(classify("order track kasa karaycha?")).toBe("track_howto");
    expect(classify("tracking eppadi pannanum?")).toBe("track_howto");
  });
});
describe("a how-to about tracking with 'how' first", () => {
  it("reads 'kaise track karu' as the how-to", () => {
    expect(classify("mera order kahan tak pahuncha? kaise track karu?")).toBe("track_howto");
  });
});

describe("the blind21 round", () => {
  it("hands another shop's order and the company as an investment to the team", () => {
    for (const q of ["my amazon order of milton flask not come yet can u check", "ordered a bottle from flipkart, where is it", "glacial ipo kab aa raha, share price kya hoga", "are you listed on the nse"])
      expect(classify(q), q).toBe("staff_only");
  });
  it("still answers a question that only names another shop or shares", () => {
    for (const q of ["is it cheaper than on your site", "do you sell on amazon too?", "can i share my cart with my wife"]) expect(classify(q), q).not.toBe("staff_only");
  });
});

describe("the blind22 round", () => {
  it("tells an order named beside another question from a lookup", () => {
    expect(onlyNamesOrder("my order GL-000318 came with a dent, which email do I send the photos to?")).toBe(true);
    expect(classify("my order GL-000318 came with a dent, which email do I send the photos to?")).toBe("order");
    for (const q of ["where is my order GL-000318", "order GL-000318 not delivered yet", "track order GL-000318", "GL-000318", "order GL-000318 email a@b.in", "order status GL-000318"])
      expect(onlyNamesOrder(q), q).toBe(false);
  });
  it("hands a comparison with another brand, a job and a courier's own number to the team", () => {
    for (const q of ["Milton ki bottle sasti hai, aap log itne mehenge kyun ho? dono compare karke batao", "aapke warehouse me naukri mil sakti hai kya?", "Delhivery wale bhaiya ka personal number do"])
      expect(classify(q), q).toBe("staff_only");
    for (const q of ["is the everest better for trekking or the summit sport", "what is your customer care number"]) expect(classify(q), q).not.toBe("staff_only");
  });
});

describe("the blind24 round", () => {
  it("hands a demand for compensation to the team, a promise the shop's pages never make", () => {
    for (const q of ["if delivery is late for my sisters wedding will u pay me 500 rs compensation? promise?", "parcel lost, will you compensate me"]) expect(classify(q), q).toBe("staff_only");
    expect(classify("how long does delivery take to lucknow")).not.toBe("staff_only");
  });
});

describe("the blind25 round", () => {
  it("hands a question about blood pressure, blood sugar or a cure to the team, as it does diabetes or thyroid", () => {
    for (const q of ["My doctor said copper water is good for BP. Will the Arctic Pro copper lining give me that benefit?", "will copper water cure my cough", "does it have health benefits"]) expect(classify(q), q).toBe("staff_only");
    for (const q of ["is the lid BPA free", "is 18/8 steel safe for hot water"]) expect(classify(q), q).not.toBe("staff_only");
  });
});

describe("the blind26 round", () => {
  it("hands what a doctor said, pain, sorrow and a firm promise to the team", () => {
    for (const q of ["Ji mere gode vich bahut dard rehnda, doctor ne kuch nahi dassya. thanda paani peena theek hai ki nahi?", "my son does not call me since 3 months, i am very sad", "200 bottle lenge, sab par naam free mein likh doge? pakka wada karo"])
      expect(classify(q), q).toBe("staff_only");
    for (const q of ["how long will water stay cold", "can you engrave a name on 10 bottles"]) expect(classify(q), q).not.toBe("staff_only");
  });
});

describe("the blind27 round", () => {
  it("hands a free product for a post, a collaboration or an influencer's code to the team", () => {
    for (const q of ["send me a free bottle for my insta reel? 12k followers", "can we do a collab? i make fitness videos", "influencer code GLAC25 not working, why"]) expect(classify(q), q).toBe("staff_only");
    for (const q of ["tumbler with straw like the one all the insta girls have?", "is shipping free over 4999"]) expect(classify(q), q).not.toBe("staff_only");
  });
});
