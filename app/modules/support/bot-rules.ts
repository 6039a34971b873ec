import { normaliseIndianMobile } from "~/lib/india";

// The bot's decisions that need no database: which kind of message this is, and what the
// conversation's state allows. Pure, so the hand-over rules are unit-tested.

export type Intent = "human" | "order" | "track_howto" | "staff_only" | "greeting" | "thanks" | "question";

const HUMAN = [
  /\b(talk|speak|chat|connect|transfer)\b.{0,30}\b(human|person|people|someone|agent|representative|staff|team|executive)\b/i,
  /\b(real|live)\s+(person|human|agent)\b/i,
  /\b(agent|human|representative|customer care executive)\b/i,
];
// "Track" alone is not enough: "do you track me with cookies" is a privacy question.
const ORDER = [
  /\btrack(ing)?\b.{0,30}\b(order|parcel|package|delivery|shipment|consignment)\b/i,
  /\b(order|parcel|package|shipment)\b.{0,30}\btrack(ing)?\b/i,
  /^\s*track(ing)?\b/i,
  // Whatever the shopper calls what they bought: "where is my stuff", "mera saman kaha hai".
  /\bwhere\b.{0,20}\b(my|the)\s+(order|parcel|package|delivery|shipment|stuff|things|items?|saman|samaan|purchase|purchases)\b/i,
  /\b(mera|meri|mere)\s+(order|parcel|package|saman|samaan|delivery)\b.{0,20}\b(kaha|kahan|kidhar|kab)\b/i,
  /\b(order|parcel|package)\b.{0,20}\b(kaha|kahan|kab aayega|kab ayega|status|not (yet )?(arrived|come|received|delivered))\b/i,
  // However the "not yet" is said: "hasn't come yet", "still not here", "didn't arrive".
  /\b(order|ordered|parcel|package|shipment|delivery)\b.{0,30}\b(has ?n[o']?t|have ?n[o']?t|did ?n[o']?t|has not|have not|did not|still not|still nothing|nothing|yet to|never) (yet )?(arrive[ds]?|come|came|reach(ed)?|been delivered|delivered|here|shipped)\b/i,
  /\border\s*(status|number|no\.?|id)\b/i,
];
// An order number: GL-000123, or six digits or more ("order total is 3000" is not one). Alone it
// opens the lookup too, unless the message asks something else beside it (`onlyNamesOrder`).
const ORDER_NUMBER = /\border\b.{0,20}(\bGL[\s#-]*\d{4,}|#\d{4,}|\b\d{6,})\b/i;
const BARE_ORDER_NUMBER = /^\s*(#|GL[\s#-]*)\d{4,9}\s*$/i;

/** "How" in India's other languages, for a how-to question about tracking ("order track kasa karaycha"). */
const HOW_REGIONAL = "kasa|kashi|kase|epdi|eppadi|ela|elaa|hege|engane|kivabe|kibhabe|kemon|kem|kiven|kenekoi|kemiti";

/**
 * How tracking works, not a request to track one: "how do I track my order", "tracking kaise
 * milega", "how will I know it shipped". Answered from the shop's text (the tracking link comes by
 * email and SMS), with the in-chat lookup offered; a message naming an order is a lookup.
 */
const TRACK_HOWTO = [
  /\bhow\b.{0,12}\b(do|can|could|will|would|should|to|does|one)\b.{0,12}\btrack/i,
  new RegExp(`\\btrack(ing)?\\b.{0,30}\\b(kaise|kese|kaisa|kab|when|how|${HOW_REGIONAL})\\b|\\b(kaise|kese|${HOW_REGIONAL})\\s+track`, "i"),
  /\b(get|receive|send|sent|milega|milegi|aayega|ayega)\b.{0,20}\btracking\b/i,
  /\bhow (will|would|do|can|shall) (i|we) (know|find out|come to know)\b.{0,30}\b(ship|dispatch|sent|deliver|order|parcel|package|arriv)/i,
  // Where to look an order up, asked without its number ("where do i check the status now").
  /\bwhere (do|can|should|will|shall) (i|we) (check|see|find|track|follow)\b.{0,30}\b(status|order|parcel|package|tracking|shipment)\b/i,
  // Where on the site an order's status is shown ("where on the website do i check my order status? which page").
  /\b(website|site|page|link|app)\b.{0,40}\b(order status|status of (my |the |an )?order|track\w*)\b|\b(order status|tracking)\b.{0,40}\b(which|what) (page|link)\b/i,
];

/**
 * What only staff can decide or promise: matching another seller's price, bargaining. A price in
 * the catalogue is no answer to it, so the chat goes to the team at once.
 */
const STAFF_ONLY = [
  /\bprice ?match(ing)?\b|\bmatch (the |your |this |that |their |a )?(price|rate|offer|deal)\b|\bbeat (the |their |that )?(price|rate|offer)\b/i,
  // A logo printed on bottles is a custom job the team quotes for (the shop engraves names, it
  // prints no logos). Bulk pricing alone is not here: staff may teach the bot an FAQ entry for it.
  /\b(company|corporate|our|business|brand) logos?\b|\blogos? (print(ed|ing)?|on (the |our |each )?(bottles?|tumblers?))\b/i,
  // A delivery sooner than the shop's stated times ("same day", "by tonight"): only the team can say whether it can be arranged.
  /\bsame[- ]?day (delivery|shipping|dispatch)\b|\b(by|before) tonight\b|\b(deliver|delivered|delivery)\b.{0,20}\b(today|tonight)\b/i,
  /\b(negotiate|negotiable|bargain|bargaining|mol ?bhav|molbhav)\b/i,
  // Selling the shop's products as a business (a distributor, a dealer, a franchise): a partnership
  // the team discusses; the shop's pages sell to shoppers only. Bulk buying is not here (see above).
  /\b(distributors?|distributorship|distribution partner|dealers?|dealership|resellers?|resell(ing)?|franchise|franchisee|stockists?)\b/i,
  // Paying in instalments (EMI, "no cost EMI"): what the payment gateway offers on which card the
  // shop's pages do not say; the team answers.
  /\b(emi|emis|no[- ]cost emi|instal?l?ments?|kisht|kishton)\b/i,
  // A promise about one delivery's day or hour ("can you guarantee delivery by friday", "kal tak
  // pahunch jayega?"): the shop states its usual times; whether one parcel can make a date, only the team can say.
  /\b(guarantee[ds]?|guaranteed|promise|assure|commit|pakka)\b.{0,30}\b(deliver\w*|reach\w*|arriv\w*|pahunch\w*|dispatch\w*)\b.{0,20}\b(by|before|till|until|on|tak)\b/i,
  /\b(deliver\w*|reach|arrive|pahunch\w*)\b.{0,25}\b(by|before|till|until)\s+(tomorrow|kal)\b|\b(tomorrow|kal) tak\b.{0,20}\b(deliver\w*|pahunch\w*|aa jayega|mil jayega|aayega|milega)\b/i,
  // A parcel wanted by a named day ("will my order reach by this saturday for sure", "need it by
  // friday"): the shop states working days, not dates; only the team can say about one parcel.
  /\b(deliver\w*|reach\w*|arriv\w*|pahunch\w*|get (it|them|the order)|need (it|them)|want (it|them))\b.{0,20}\b(by|before|till|until)\s+(this |next |coming |the )?(monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekend|tomorrow)\b/i,
  // Delivery tomorrow ("will it be delivered tomorrow", "kal delivery ho jayegi"): "kal" only with a
  // future verb, since it also means yesterday ("kal delivery hui thi").
  /\b(deliver\w*|arrive|reach)\b.{0,15}\btomorrow\b|\btomorrow\b.{0,15}\b(deliver\w*|arrive|reach)\b|\bkal\b(\s+\w+){0,2}\s+(deliver\w*|pahunch\w*|aa|mil)\b(\s+\w+){0,2}\s+(jayegi|jayega|jaegi|jaega|jaayegi|jaayega|hogi|hoga|milega|milegi)\b/i,
  // Cancelling an order the shopper placed: the team does it (the shop's pages say only when the shop cancels).
  /\b(want to|wanna|need to|have to|please|pls|plz|how (do|can) i|how to|can i|can you|can u) cancel\b|(?<!\b(?:if|when|agar|jab|why would|why did|will) (?:u|you|they|the shop|glacial|aap|ap|app) (?:ever )?)\bcancel (my|mera|meri|the|this|an) order\b|\border\b(\s+\w+){0,2}\s+(cancel|cancle)\s+(karna|kar|karo|karwana|karwa|kaise|please|pls|ho)\b(?!\s+(diya|di|diye|dia|gaya|gayi|gya|hua|hui|jayega|jaega|jayegi|jaegi|jaata|jata|jati))/i,
  // When a sold-out item comes back: the team knows the restock, the shop's pages do not.
  /\b(back|again) in stock\b|\bin stock again\b|\bre-?stock\w*|\bavailable again\b|\bstock (me|mein|mai|main) (kab|wapas|vapas)\b|\b(kab|when)\b.{0,30}\bstock (aayega|ayega|aaega|hoga|milega)\b/i,
  // Whether one PIN code is served: the team checks it with the courier (the shop's pages say only "every serviceable PIN code").
  /\b\d{6}\b.{0,40}\b(serviceable|servicable|serviceability|service available)\b|\b(serviceable|servicable|serviceability)\b.{0,40}\b\d{6}\b/i,
  /\b(deliver|delivery|ship|shipping|courier)\b(\s+\w+){0,2}\s+(to|at|on|in|for)\s+(pin\s*(code)?\s+|pincode\s+)?\d{6}\b/i,
  // Feeding an infant (formula, milk for a baby or a child of months or a year): a question for a
  // doctor, not one the shop's pages answer; the team replies.
  /\b(baby|babies|infant|infants|toddler|newborn|\d+ ?(yr|yrs|year|years|month|months|mahine) old)\b.{0,50}\b(formula|milk|doodh)\b|\b(formula|milk|doodh)\b.{0,50}\b(baby|babies|infant|infants|toddler|newborn|\d+ ?(yr|yrs|year|years|month|months|mahine) old)\b/i,
  // Whether something is safe or good in a health condition (pregnancy, diabetes, thyroid), or
  // does the body good (immunity, acidity, digestion): a question for a doctor, whatever the shop
  // says of its steel; the team replies.
  /\b(pregnan\w*|garbhavati|garbhvati|diabet\w*|sugar patient|thyroid|kidney stones?|cancer|chemo\w*|heart patient|bp patient|medically|immunity|acidity|digestion)\b/i,
  // Blood pressure and blood sugar, a cure, a health benefit ("copper water is good for BP"): the same.
  /\b(bp|blood pressure|blood sugar|cures?|cured|health benefits?|medicinal)\b/i,
  // What a doctor said, or pain ("gode vich dard": knee pain), is the same kind of question.
  /\b(doctors?|dard|knee pain|joint pain|back pain)\b/i,
  // Someone's sorrow ("my son does not call me, i am very sad"): a person answers, not the shop's pages.
  /\b(very sad|i am sad|i'?m sad|feeling sad|lonely|depressed|depression)\b/i,
  // A firm promise asked for ("pakka wada karo"): only the team can give one.
  /\b(pakka|pakki) (wada|waada|vaada|vada)\b|\b(wada|waada|vaada) karo\b/i,
  /\b(cheaper|sasta|sasti|saste|less|lower|kam)\b.{0,30}\b(on|at|in|pe|par)\s+(amazon|flipkart|myntra|meesho|ajio|nykaa|jiomart|croma|another|other|a different)\b/i,
  // An order placed with another shop ("my amazon order of a milton flask has not come"): this
  // shop cannot look it up, and asking for its order number would mislead; the team replies.
  /\b(amazon|flipkart|myntra|meesho|ajio|nykaa|jiomart|croma|snapdeal|tata ?cliq|blinkit|zepto|bigbasket|swiggy instamart)\b(\s+\w+){0,2}\s+(order|orders|parcel|delivery|package)\b|\b(order|orders|ordered|parcel|bought|purchased)\b(\s+\w+){0,4}\s+(on|from|at|through|via|se)\s+(amazon|flipkart|myntra|meesho|ajio|nykaa|jiomart|croma|snapdeal|tata ?cliq|blinkit|zepto|bigbasket)\b/i,
  // Another brand's bottle weighed against ours ("Milton ki bottle sasti hai, dono compare karke
  // batao"): the team answers a comparison, the shop's pages describe only its own.
  /\b(milton|borosil|cello|hydro ?flask|stanley|thermos brand|contigo|yeti|klean kanteen|tupperware|signoraware|pexpo)\b.{0,60}\b(compare|comparison|better|best|sasti|sasta|saste|cheaper|cheap|mehenga|mehenge|mehengi|costly|vs|versus)\b|\b(compare|comparison|better|cheaper|vs|versus)\b.{0,40}\b(milton|borosil|cello|hydro ?flask|stanley|contigo|yeti|klean kanteen|tupperware|signoraware|pexpo)\b/i,
  // A job with the shop ("warehouse me naukri", "any vacancy", "internship"): the team replies.
  /\b(naukri|naukari|vacancy|vacancies|hiring|internship|job opening|job openings|apply for (a |the )?job|looking for (a )?job|job (chahiye|milegi|mil sakti)|my (cv|resume)|send (my )?(cv|resume))\b/i,
  // The courier's own people ("Delhivery wale bhaiya ka number do"): the shop does not give them out; the team follows up with the courier.
  /\b(courier|delivery (boy|guy|man|person|wale|wala)|delhivery|blue ?dart|dtdc|ecom express|xpressbees|ekart|shadowfax)\b.{0,40}\b(personal|phone|mobile|contact) (number|no)\b|\b(delivery (boy|guy|man|wale|wala)|courier wale|delhivery wale)\b.{0,30}\b(ka|ki|ke) (number|no|phone)\b/i,
  // The company as an investment (an IPO, its share price, investors, funding): nothing a shop's
  // pages say; the team replies.
  /\b(ipo|share price|stock price|shares? of (glacial|your company|the company)|listed (on|in) (the )?(nse|bse|stock market|share market)|stock market|share market|investors?|invest in (glacial|your company|the company|your brand)|valuation)\b/i,
  // Compensation for a late or lost parcel ("will u pay me 500 rs compensation?"): a promise the
  // shop's pages never make; only the team can say what it will do for one order.
  /\b(compensation|compensate|muaavza|muavza|harjana)\b/i,
  // A free product for a post, a collaboration, an influencer's code: the team decides.
  /\b(followers|influencers?|collab|collaboration|sponsor(ed|ship)?|barter)\b|\bfree (bottle|product|tumbler|sample)s?\b.{0,40}\b(insta|instagram|youtube|reels?|post|review|video)\b/i,
];

/**
 * Topics the shop's own text does not cover but staff may teach the bot (an FAQ entry from the
 * inbox): a card issued abroad, the founder's name, the shop's social pages, a battery, gift
 * wrapping. Unlike the staff-only questions above, which no FAQ answer could settle (one parcel's
 * date, a cancellation), these are answered by an FAQ entry once there is one, and otherwise get
 * no answer, rather than the nearest passage that shares their words (engraving for gift
 * wrapping, the payment methods for a card from Singapore).
 */
const UNCOVERED = [
  // A card issued abroad: whether the gateway takes it, the shop's pages do not say (they name
  // Indian methods); the team answers unless it has taught the bot.
  /\b(international|foreign|overseas|non[- ]?indian|abroad)\s+((credit|debit)\s+)?cards?\b|\bcards?\b.{0,25}\b(issued|from|of)\s+(outside|abroad|overseas|(in |from )?(the )?(usa|us|uk|singapore|dubai|uae|canada|australia|london|europe|germany|france|japan|malaysia|hong kong|qatar|saudi|oman|kuwait|nepal|bhutan|bangladesh|sri lanka|maldives|another country|a foreign bank))\b|\b(usa|us|uk|uae|dubai|singapore|canada|australia|foreign|overseas|non[- ]?indian)[- ](issued|based|bank)\b.{0,20}\bcards?\b/i,
  // Who founded or runs the company: the shop's story does not name them; the team answers unless it has taught the bot.
  /\b(founder|founders|co-?founders?|ceo|owner|owners|managing director)\b.{0,30}\b(name|naam|who|kaun|kon|kaun hai)\b|\b(who|kaun|kon)\b.{0,25}\b(founder|co-?founder|ceo|owner)\b/i,
  // The shop's social media pages: its pages do not list them; the team gives them.
  /\b(instagram|insta|facebook|fb|youtube|twitter|linkedin|social media)\b.{0,15}\b(page|id|handle|account|channel|profile)\b|\bfollow (you|u|your page|ur page)\b/i,
  // A battery or charging (the smart cap's): the shop's pages do not say how long it lasts or how it charges.
  /\bbatter(y|ies)\b|\bcharg(e|ing) (it|the cap|the bottle|kaise|karna)\b/i,
  // Gift wrapping: the shop's pages offer engraving, not wrapping; whether an order can be wrapped, the team says.
  /\bgift[- ]?(wrap|wraps|wrapped|wrapping|pack|packed|packing)\b|\bwrap(ped|ping)?\b.{0,20}\b(as a |as |like a )?gift\b/i,
];

/** Whether a message asks about a topic the shop's text does not cover (UNCOVERED): only a taught FAQ entry answers it. */
export function asksUncoveredTopic(text: string): boolean {
  return UNCOVERED.some((r) => r.test(text));
}

/** An order number as the shop prints it (GL-000123), found in a message in any of the ways shoppers type it. */
export function findOrderNumber(text: string): string | null {
  const prefixed = text.match(/\bGL[\s#-]*(\d{4,9})\b/i);
  if (prefixed) return `GL-${prefixed[1]!.padStart(6, "0")}`;
  // Bare digits: 4 to 9 of them, once mobile numbers (10 digits, however spaced) are set aside.
  const bare = text.replace(MOBILE, " ").match(/(?:^|[^\d+])#?(\d{4,9})(?![\d])/);
  if (bare && !normaliseIndianMobile(bare[1]!)) return `GL-${bare[1]!.padStart(6, "0")}`;
  return null;
}

const MOBILE = /(?:\+?91[\s-]*)?[6-9](?:[\s-]*\d){9}/g;

/** The email or Indian mobile number in a message (what checkout asked for), or null. */
export function findContact(text: string): string | null {
  const email = text.match(/[^\s@<>()"',;:]+@[^\s@<>()"',;:]+\.[a-z]{2,}/i);
  if (email) return email[0].replace(/[.]+$/, "").toLowerCase();
  for (const candidate of text.match(MOBILE) ?? []) {
    const phone = normaliseIndianMobile(candidate);
    if (phone) return phone;
  }
  return null;
}

/**
 * The kind of a message. While the bot is collecting an order's details (`tracking`), a message
 * giving an order number or an email/mobile continues that.
 */
export function classify(text: string, opts: { tracking?: boolean } = {}): Intent {
  const t = text.trim();
  if (HUMAN.some((r) => r.test(t))) return "human";
  if (STAFF_ONLY.some((r) => r.test(t))) return "staff_only";
  if (TRACK_HOWTO.some((r) => r.test(t)) && !findOrderNumber(t) && !findContact(t) && !opts.tracking) return "track_howto";
  if (ORDER.some((r) => r.test(t)) || ORDER_NUMBER.test(t)) return "order";
  if (BARE_ORDER_NUMBER.test(t)) return "order";
  if (opts.tracking && (findOrderNumber(t) || findContact(t))) return "order";
  if (/^(hi|hello|hey|hii+|namaste|good\s+(morning|afternoon|evening))\b[\s!.,]*$/i.test(t)) return "greeting";
  if (/^(thanks|thank you|thx|ok(ay)?|great|cool)\b[\s!.,]*(a lot|so much)?[\s!.,]*$/i.test(t)) return "thanks";
  return "question";
}

/**
 * A message that names an order by its number but neither asks where it is nor gives the
 * checkout's email or mobile: "my order GL-000318 came with a dent, which email do I send the
 * photos to?". Its own question may have an answer in the shop's text; the lookup is offered beside it.
 */
export function onlyNamesOrder(text: string): boolean {
  const t = text.trim();
  return ORDER_NUMBER.test(t) && !ORDER.some((r) => r.test(t)) && !BARE_ORDER_NUMBER.test(t) && !findContact(t);
}

export type ConversationState = {
  status: "open" | "waiting_for_staff" | "closed";
  /** A staff member has replied in this conversation. */
  staffReplied: boolean;
  /** Unanswered questions so far. */
  unmatched: number;
};

/** Questions in a row the bot may fail to answer before it hands over. */
export const UNMATCHED_BEFORE_HANDOVER = 2;

export type BotStep =
  | { kind: "silent" }
  | { kind: "handover"; reason: "asked" | "unmatched" | "staff_only" }
  | { kind: "order" }
  | { kind: "greeting" }
  | { kind: "thanks" }
  /** `offerTracking`: a question about how tracking works; the answer offers to look an order up here. */
  | { kind: "answer"; offerTracking?: true };

/**
 * What the bot does before retrieval. Once staff replied, the bot stays silent for good.
 * While waiting for staff it still answers questions it can, but says nothing otherwise.
 */
export function planReply(intent: Intent, state: ConversationState): BotStep {
  if (state.staffReplied) return { kind: "silent" };
  if (intent === "human") return state.status === "waiting_for_staff" ? { kind: "silent" } : { kind: "handover", reason: "asked" };
  if (intent === "order") return { kind: "order" };
  // Staff decide it; while already waiting for them, the bot adds nothing.
  if (intent === "staff_only") return state.status === "waiting_for_staff" ? { kind: "silent" } : { kind: "handover", reason: "staff_only" };
  if (intent === "track_howto") return { kind: "answer", offerTracking: true };
  if (intent === "greeting") return { kind: "greeting" };
  if (intent === "thanks") return state.status === "waiting_for_staff" ? { kind: "silent" } : { kind: "thanks" };
  return { kind: "answer" };
}

/** Order tracking: what is still missing before the bot may look the order up. */
export function trackingNeeds(details: { number: string | null; contact: string | null }): "both" | "number" | "contact" | "ready" {
  if (!details.number && !details.contact) return "both";
  if (!details.number) return "number";
  if (!details.contact) return "contact";
  return "ready";
}

/** After a question retrieval could not answer. */
export function afterNoMatch(state: ConversationState): BotStep | { kind: "no_match" } {
  if (state.staffReplied || state.status === "waiting_for_staff") return { kind: "silent" };
  return state.unmatched + 1 >= UNMATCHED_BEFORE_HANDOVER ? { kind: "handover", reason: "unmatched" } : { kind: "no_match" };
}
