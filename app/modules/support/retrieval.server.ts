import { marked, type Token } from "marked";
import MiniSearch from "minisearch";
import SearchableMap from "minisearch/SearchableMap";
import type { Db } from "~/db/types";
import { MAX_LINE_QUANTITY } from "~/lib/cart/cart";
import { stateByCode } from "~/lib/india";
import { formatPaise } from "~/lib/money";
import { ENGRAVING_MAX_LENGTH, SORTS } from "~/modules/catalog/catalog";
import { listActiveCollectionFacts, listActiveProductFacts, type ProductFacts } from "~/modules/catalog/catalog.server";
import { listContentPages, listFaqWithPhrasings } from "~/modules/content/content.server";
import { warrantyTitle } from "~/modules/content/content";
import { CACHE_POLICIES } from "~/modules/events/events";
import type { EventBus } from "~/modules/events/events.server";
import { quoteCart } from "~/modules/orders/orders.server";
import { getActivePopup } from "~/modules/marketing/marketing.server";
import { getSetting } from "~/modules/settings/settings.server";
import { MIN_PASSWORD_LENGTH } from "~/modules/staff/staff";
import { GENERIC_NAME_WORDS, isAddOn, type CatalogProduct, type GstRule, type ShippingRule } from "./catalog-answers";
import { allowedEdits, analyseQuestion, hasConcept, hasKnownStem, isContextWord, isKnownEnglish, isStopWord, isWeakWord, normalise, SYNONYM_WORDS, termsOfWord, words, type QueryWord } from "./language";

// The bot's knowledge: passages from the FAQ (with the other ways shoppers ask each question),
// the content pages, facts taken from the settings and the catalogue, the collections and the
// products, searched in process with MiniSearch (BM25) over the terms language.ts produces.
// docs/decisions/0008-support-bot-retrieval.md says why this and not PostgreSQL full-text search.

export type Passage = {
  source: "faq" | "page" | "fact" | "collection" | "product";
  /** Weighted higher in ranking: the FAQ question, the page and section title, the product name. */
  title: string;
  /** Other ways shoppers ask an FAQ question (weighted like the title). */
  asked?: string[];
  text: string;
  link: string;
  product?: ProductFacts;
  /** The free-shipping rule behind the shipping fact, for comparing an amount a shopper names with it. */
  shipping?: ShippingRule;
  /** The GST rate behind the taxes fact, for the tax inside an amount a shopper names. */
  gst?: GstRule;
  /** The FAQ entry a passage comes from, for staff teaching the bot. */
  faqId?: string;
  /** The passage that quotes the shop's own GSTIN. */
  sellerGstin?: true;
};

export type Ranked = {
  passage: Passage;
  /** Words of the question (not weak ones like "order" or "bottle") the passage contains. */
  strongMatches: number;
  /** The passage is a product the question names. */
  namesProduct: boolean;
  /** MiniSearch's BM25 score. */
  score: number;
  /** Share of the question's meaning (its words weighted by rarity) the passage contains, 0..1. */
  coverage: number;
  /** The passage misses a word no passage of the shop holds (nor its synonyms): the question may be about something the shop does not know. */
  missesUnknown: boolean;
  matched: string[];
  missed: string[];
};

export async function buildCorpus(db: Db): Promise<Passage[]> {
  const [faq, pages, productFacts, collections, contact, warranty, shipping, gst, cod, quote, hold, popup, tax] = await Promise.all([
    listFaqWithPhrasings(db),
    listContentPages(db),
    listActiveProductFacts(db),
    listActiveCollectionFacts(db),
    getSetting(db, "store_contact"),
    getSetting(db, "warranty"),
    getSetting(db, "shipping"),
    getSetting(db, "gst_settings"),
    getSetting(db, "cod"),
    // The checkout's own payment options (an empty cart): what the bot says follows what checkout offers.
    quoteCart(db, []),
    getSetting(db, "payment_hold"),
    getActivePopup(db),
    getSetting(db, "store_tax"),
  ]);
  const passages: Passage[] = [];
  for (const f of faq) passages.push({ source: "faq", title: f.question, asked: f.phrasings, text: f.answer, link: "/faq", faqId: f.id });
  passages.push(
    {
      source: "fact",
      title: "Warranty guarantee: how to claim",
      text: `Every GLACIAL product carries a ${warrantyTitle(warranty.period)} against manufacturer's defects. To claim it, write to ${contact.email} with your order number and a photo.`,
      link: "/faq",
    },
    {
      source: "fact",
      title: "Free shipping: delivery charges",
      text: `Shipping is free on orders over ${formatPaise(shipping.free_over_paise)}; below that a flat ${formatPaise(shipping.flat_fee_paise)} applies.`,
      link: "/shipping-policy",
      shipping: {
        free_over_paise: shipping.free_over_paise,
        flat_fee_paise: shipping.flat_fee_paise,
        // The COD fee and limit, for a cash-on-delivery total computed as checkout computes it.
        cod: cod.enabled ? { fee_paise: cod.fee_paise, max_order_paise: cod.max_order_paise } : null,
      },
    },
    {
      source: "fact",
      title: "Online support hours: contact customer care",
      text: `Our support team is available 24 hours a day, 7 days a week: call ${contact.phone}, write to ${contact.email}, or chat here.`,
      link: "/contact",
    },
    {
      source: "fact",
      title: "GST invoice",
      text: "A GST tax invoice is issued when your order ships; with an account, download it from the order under My orders. For a business invoice, give your company's GSTIN at checkout, in the GSTIN box (optional, for a business invoice).",
      link: "/account/orders",
    },
    {
      // Checkout refuses a GSTIN of another state than the billing address (checkout-form).
      source: "fact",
      title: "GSTIN and billing address: same state",
      text: "A GSTIN given at checkout must be registered in the same state as the billing address; checkout does not accept a GSTIN of another state.",
      link: "/checkout",
    },
    {
      // What registering and signing in ask of a shopper (the register page and the sign-in check).
      source: "fact",
      title: "Account: creating one, password, signing in",
      text: `Creating an account needs your email and a password of at least ${MIN_PASSWORD_LENGTH} characters. We then mail you a link: open it to confirm your email before you sign in (check your spam folder if it has not arrived). Orders you placed as a guest with the same email show in your account once the email is confirmed.`,
      link: "/register",
    },
    {
      // The cart lives in the browser's storage (the cart library), and a line is one variant with one engraving.
      source: "fact",
      title: "Cart: kept in this browser, one line per item and engraving",
      text: "Your cart (its contents) is saved in this browser on this device and is not synced to your account: a cart filled on your phone does not show on your laptop or any other device. The same variant (a product in one size and colour) added again is merged into its line, whose quantity goes up; with a different engraving text it stays a separate line.",
      link: "/cart",
    },
    {
      // The product grids' Sort by box (the catalogue's sorts).
      source: "fact",
      title: "Sorting products: cheapest first, newest",
      text: `Collections and the product listing can be sorted with the Sort by box above the products: ${SORTS.map((s) => s.label).join(", ")}.`,
      link: "/category/all-products",
    },
    {
      // Checkout's contact field accepts an Indian mobile number only (the address form's rule).
      source: "fact",
      title: "Mobile at checkout: the form's rule",
      text: "Checkout's mobile field takes a 10-digit Indian mobile number starting with 6, 7, 8 or 9 (+91 optional); a landline number is not accepted.",
      link: "/checkout",
    },
    {
      // Checkout's PIN code field (the address form's rule): six digits, never starting with 0.
      source: "fact",
      title: "PIN code at checkout: the form's rule",
      text: "Checkout's PIN code field takes a 6-digit PIN code; no PIN code starts with 0, so one that does is refused. Please check the PIN code of your area with your post office.",
      link: "/checkout",
    },
    {
      // Checkout's discount box: where a coupon or discount code is typed.
      source: "fact",
      title: "Discount code or coupon: where to enter it",
      // Checkout takes one code (its form has one code field): a second replaces the first.
      text: "Type your coupon or discount code in the Discount code box at checkout and press Apply: the order total is worked out again with it before you pay. Only one discount code can be used on an order: two codes cannot be combined.",
      link: "/checkout",
    },
    {
      source: "fact",
      title: "Engraving: personalised gifts",
      text: `Any product can be engraved with a name or message of up to ${ENGRAVING_MAX_LENGTH} characters: type it in the Engraving box on the product page. Engraved products cannot be returned unless they arrive damaged or defective.`,
      link: "/collections/gifting",
    },
    {
      // Checkout charges an engraved item at its product's price: engraving itself costs nothing.
      // A passage of its own, so that price words do not lead every price question to engraving.
      source: "fact",
      title: "Engraving price",
      text: "Engraving costs nothing extra: an engraved product is charged at the product's own price, with no extra charge for the engraving.",
      link: "/collections/gifting",
    },
  );
  passages.push(...settingsFacts({ shipping, gst, cod, holdMinutes: hold.minutes, onlinePayment: quote.payment.find((o) => o.method !== "cod"), popup }));
  passages.push(...invoiceFacts(tax, productFacts));

  const sizes = optionValues(productFacts, "Size").sort((a, b) => parseInt(a, 10) - parseInt(b, 10));
  if (sizes.length)
    passages.push({ source: "fact", title: "Sizes and capacities", text: `Our bottles and tumblers come in ${listOf(sizes)} sizes.`, link: "/category/all-products" });
  const colours = optionValues(productFacts, "Color");
  if (colours.length) passages.push({ source: "fact", title: "Colours", text: `Our products come in ${listOf(colours)} (not every product in every colour).`, link: "/category/all-products" });

  for (const page of pages) {
    for (const section of markdownPassages(page.bodyMarkdown)) {
      passages.push({ source: "page", title: [page.title, section.heading].filter(Boolean).join(": "), text: section.text, link: `/${page.slug}` });
    }
  }
  for (const c of collections) {
    if (!c.description) continue;
    const products = c.productTitles.length ? ` In it: ${listOf(c.productTitles.slice(0, 6))}.` : "";
    passages.push({ source: "collection", title: `${c.name} collection`, text: `${c.description}${products}`, link: `/collections/${c.slug}` });
  }
  for (const p of productFacts) {
    const options = p.options.map((o) => `${o.name}: ${o.values.join(", ")}`).join(". ");
    const prices = p.variants.map((v) => formatPaise(v.pricePaise)).join(", ");
    const stock = p.variants.some((v) => v.stockQuantity > 0) ? "In stock" : "Out of stock";
    passages.push({ source: "product", title: p.title, text: `${p.description} ${options}. Price ${prices}. ${stock}.`, link: `/product/${p.slug}`, product: p });
  }
  return passages;
}

type OnlineOption = { method?: string; available: boolean; reason?: string | null } | undefined;

/**
 * Facts held only in the settings, the checkout or the page chrome (the footer's payment logos,
 * the first-order popup), written as passages so the bot reads them like any page. Built from the
 * live values each time the index is built (a settings, catalogue or content change rebuilds it:
 * cache policy supportCorpus), so a staff edit flows into the answers.
 */
export function settingsFacts(s: {
  shipping: { free_over_paise: number; flat_fee_paise: number };
  gst: { percentage: number };
  cod: { enabled: boolean; fee_paise: number; max_order_paise: number };
  holdMinutes: number;
  onlinePayment: OnlineOption;
  popup: { title: string; description: string | null } | null;
}): Passage[] {
  const out: Passage[] = [];
  const codText = s.cod.enabled
    ? `Cash on delivery (COD, pay cash when the parcel is delivered) is available on orders up to ${formatPaise(s.cod.max_order_paise)}, with an extra COD fee of ${formatPaise(s.cod.fee_paise)}. An order above ${formatPaise(s.cod.max_order_paise)} is paid online. On delivery you pay in cash (or UPI to the courier, where offered).`
    : "Cash on delivery is not offered at the moment: orders are paid online.";
  out.push({ source: "fact", title: "Cash on delivery (COD): fee and maximum order", text: codText, link: "/checkout" });
  // The footer shows these logos on every page: the methods the shop's payment gateway takes.
  const methods = "UPI (Google Pay, PhonePe, Paytm, BHIM UPI), credit and debit cards (Visa, MasterCard, RuPay) and netbanking";
  const online = s.onlinePayment;
  // Checkout names its gateway beside the online option ("UPI, cards or netbanking (Razorpay)"); so does the bot.
  const gateway = online?.method === "razorpay" ? ", through Razorpay" : "";
  const onlineText = !online
    ? ""
    : online.available
      ? `You can pay online at checkout by ${methods}${gateway}.`
      : `The shop takes ${methods} online${gateway}${online.reason ? `, but at the moment: ${online.reason}` : "."}`;
  out.push({
    source: "fact",
    title: "Payment methods: UPI, cards, netbanking, cash on delivery",
    text: [onlineText, s.cod.enabled ? `Cash on delivery is available up to ${formatPaise(s.cod.max_order_paise)} (fee ${formatPaise(s.cod.fee_paise)}).` : ""].filter(Boolean).join(" "),
    link: "/checkout",
  });
  out.push({
    source: "fact",
    title: "Payment pending: how long an unpaid order waits",
    text: `An order paid online waits ${s.holdMinutes} minutes for its payment, with its items held for you. If the payment page was closed or the payment failed, pay again from the order within ${s.holdMinutes} minutes; after that the hold ends, the unpaid order is cancelled and its items are released, and you can simply order again.`,
    link: "/account/orders",
  });
  out.push({
    source: "fact",
    title: "Taxes: the GST rate, included in the price (MRP)",
    gst: { ratePercent: s.gst.percentage },
    text: `All our prices include GST (${s.gst.percentage}%): the price shown is the MRP, inclusive of all taxes, and no tax is added at checkout. Only shipping below ${formatPaise(s.shipping.free_over_paise)} (${formatPaise(s.shipping.flat_fee_paise)}) or the cash on delivery fee can be added.`,
    link: "/terms-of-service",
  });
  // The first-order offer lives in the active popup; only an offer (a percentage, "off", a discount) is a fact to quote.
  if (s.popup && /\d+\s*%|\boff\b|discount/i.test(`${s.popup.title} ${s.popup.description ?? ""}`)) {
    out.push({
      source: "fact",
      title: "First order discount code offer",
      text: `${s.popup.title}: join our email list in the welcome popup on our home page to get it.`,
      link: "/",
    });
  }
  return out;
}

/**
 * What a business buyer's accounts team asks of an invoice: who the seller is, how GST is split
 * (the invoice module charges CGST + SGST within the seller's state and IGST to any other), the
 * HSN codes of what the shop sells, and how many of one item an order line takes. Built from the
 * tax settings, each product's own HSN code (or the default) and the cart's own limit.
 */
export function invoiceFacts(
  tax: { legal_name: string; gstin?: string; address: string; state_code: string; default_hsn: string },
  products: Pick<ProductFacts, "title" | "hsnCode">[],
): Passage[] {
  const state = stateByCode(tax.state_code)?.name;
  const out: Passage[] = [
    {
      source: "fact",
      // Not "name": that word stands for engraving in the bot's vocabulary.
      title: "Seller on the tax invoice: legal entity",
      // The legal name alone: an address would make every city a shopper names look like a match.
      text: `The seller on our tax invoices is ${tax.legal_name}.`,
      link: "/contact",
    },
  ];
  // The shop's own GST registration, when staff have entered it (Admin, Settings, store tax): a
  // business buyer's vendor form asks for it. Without it the bot has nothing to quote and hands
  // the question to the team (understand, in bot.server.ts).
  if (tax.gstin)
    out.push({
      source: "fact",
      title: "Our GSTIN: the seller's GST number",
      text: `Our GSTIN (the seller's GST registration number, printed on every tax invoice) is ${tax.gstin}${state ? `, registered in ${state}` : ""}.`,
      link: "/contact",
      sellerGstin: true,
    });
  if (state)
    out.push({
      source: "fact",
      title: "GST split on the invoice: CGST + SGST or IGST",
      text: `We invoice from ${state}: the tax invoice of an order to a ${state} address splits GST as CGST + SGST, and of an order to an address in another state shows IGST. The total is the same either way: GST is included in our prices.`,
      link: "/terms-of-service",
    });
  // Each code with the kinds of product under it (not their names: a passage listing every product
  // would look like an answer to any question naming one).
  const byCode = new Map<string, Set<string>>();
  for (const p of products) {
    const code = p.hsnCode || tax.default_hsn;
    byCode.set(code, (byCode.get(code) ?? new Set()).add(kindOf(p.title)));
  }
  if (byCode.size) {
    const codes = [...byCode].sort((a, b) => b[1].size - a[1].size);
    const text = codes.map(([code, kinds]) => `HSN ${code} for our ${listOf([...kinds])}`).join("; ");
    out.push({ source: "fact", title: "HSN codes of our products", text: `HSN codes, as printed on our tax invoices. ${text}.`, link: "/account/orders" });
  }
  out.push({
    source: "fact",
    title: "Quantity: how many of one item in an order",
    text: `An order can hold up to ${MAX_LINE_QUANTITY} of each item: one order line, a product in one size and colour, takes at most ${MAX_LINE_QUANTITY}. For more than that, write to our team in this chat and we will help.`,
    link: "/cart",
  });
  return out;
}

const kindOf = (title: string) =>
  isAddOn(title) ? "accessories" : /\btumbler\b/i.test(title) ? "tumblers" : /\bmug\b/i.test(title) ? "mugs" : /\bbottle\b/i.test(title) ? "bottles" : "other products";

function optionValues(products: ProductFacts[], name: string): string[] {
  return [...new Set(products.flatMap((p) => p.options.filter((o) => o.name === name).flatMap((o) => o.values)))];
}

function listOf(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/** Paragraphs and list items of a Markdown page, each with the heading it sits under, as plain text. */
export function markdownPassages(markdown: string): { heading: string; text: string }[] {
  const out: { heading: string; text: string }[] = [];
  let heading = "";
  for (const token of marked.lexer(markdown)) {
    if (token.type === "heading") {
      // The page's own h1 repeats its title.
      heading = token.depth === 1 ? "" : plain(token.tokens ?? []);
    } else if (token.type === "paragraph") {
      out.push({ heading, text: plain(token.tokens ?? []) });
    } else if (token.type === "list") {
      for (const item of token.items) out.push({ heading, text: plain(item.tokens ?? []) });
    }
  }
  return out.filter((p) => p.text.trim());
}

function plain(tokens: Token[]): string {
  return tokens
    .map((t) => {
      if ("tokens" in t && Array.isArray(t.tokens) && t.tokens.length) return plain(t.tokens);
      if (t.type === "br" || t.type === "space") return " ";
      return "text" in t && typeof t.text === "string" ? t.text : "";
    })
    .join("")
    .replace(/\s+/g, " ")
    .trim();
}

// Searching

type Doc = { id: number; title: string; asked: string; text: string };

export type KnowledgeIndex = {
  passages: Passage[];
  search: MiniSearch<Doc>;
  /** Every term of each passage, for judging how much of a question it covers. */
  docTerms: Set<string>[];
  /** In how many passages each term occurs. */
  df: Map<string, number>;
  /** The words the shop's text and the synonym groups use, for correcting misspellings. */
  vocabulary: SearchableMap<number>;
  /** Every stem the passages hold: a word whose stem is known needs no correcting ("trekking" is "trek"). */
  knownStems: Set<string>;
  /** Distinctive words of each product's name (not "bottle" or "tumbler"): naming one points at that product. */
  productNames: Map<number, Set<string>>;
  /** Words of the products' options (navy, white, 750ml): in a question about a policy they say which item the shopper has. */
  attributeWords: Set<string>;
  /** Every product's distinctive name stems, for the same reading. */
  nameStems: Set<string>;
  builtAt: number;
};

const FIELDS = ["title", "asked", "text"] as const;
const BOOST = { title: 2, asked: 2, text: 1 };
/** A product's description repeats what every product has; general questions are for the FAQ and pages first. */
const PRODUCT_PRIOR = 0.6;
/** A weak word (order, buy, glacial) counts this much of a rare word when judging coverage. */
const WEAK_WEIGHT = 0.3;
/** The most rarity a weak word can weigh: that of a word one passage in ten holds. */
const WEAK_RARITY_CAP = Math.log(1 + 10);
/** A context word (yesterday, dad, college) counts this much: it may tip a close call, never decide one. */
export const CONTEXT_WEIGHT = 0.15;
/**
 * A content word no passage holds (shoes, EMI, cashback) counts this much more than the rarest word
 * the shop uses: it is likely what the question is about, and answering it wrongly is worse than
 * handing it over.
 */
export const UNKNOWN_WEIGHT = 1.5;

export function buildIndex(passages: Passage[], now = Date.now()): KnowledgeIndex {
  const search = new MiniSearch<Doc>({
    fields: [...FIELDS],
    tokenize: (text) => words(normalise(text)),
    processTerm: (word) => termsOfWord(word),
  });
  const docs = passages.map((p, id) => ({ id, title: p.title, asked: (p.asked ?? []).join("\n"), text: p.text }));
  search.addAll(docs);

  const docTerms: Set<string>[] = [];
  const df = new Map<string, number>();
  const counts = new Map<string, number>();
  for (const d of docs) {
    const terms = new Set<string>();
    for (const field of FIELDS) {
      for (const word of words(normalise(d[field]))) {
        counts.set(word, (counts.get(word) ?? 0) + 1);
        for (const t of termsOfWord(word)) terms.add(t);
      }
    }
    docTerms.push(terms);
    for (const t of terms) df.set(t, (df.get(t) ?? 0) + 1);
  }
  for (const word of SYNONYM_WORDS) counts.set(word, (counts.get(word) ?? 0) + 1);
  const vocabulary = new SearchableMap<number>();
  for (const [word, n] of counts) if (!/\d/.test(word) && word.length >= 3) vocabulary.set(word, n);
  const knownStems = new Set(df.keys());

  const productNames = new Map<number, Set<string>>();
  passages.forEach((p, i) => {
    if (p.source !== "product") return;
    const names = words(normalise(p.title)).filter((w) => !GENERIC_NAME_WORDS.has(w) && !isStopWord(w));
    productNames.set(i, new Set(names.flatMap((w) => termsOfWord(w).slice(0, 1))));
  });
  const attributeWords = new Set(passages.flatMap((p) => p.product?.options.flatMap((o) => o.values.flatMap((v) => words(normalise(v)))) ?? []));
  const nameStems = new Set([...productNames.values()].flatMap((names) => [...names]));
  return { passages, search, docTerms, df, vocabulary, knownStems, productNames, attributeWords, nameStems, builtAt: now };
}

/** The active products the index holds, with their page links (for answers computed from the catalogue). */
export function catalogProducts(index: KnowledgeIndex): CatalogProduct[] {
  return index.passages.flatMap((p) => (p.source === "product" && p.product ? [{ ...p.product, link: p.link }] : []));
}

/** The free-shipping rule the index was built with, or null. */
export function shippingRule(index: KnowledgeIndex): ShippingRule | null {
  return index.passages.find((p) => p.shipping)?.shipping ?? null;
}

/** The GST rule the index was built with, or null. */
export function gstRule(index: KnowledgeIndex): GstRule | null {
  return index.passages.find((p) => p.gst)?.gst ?? null;
}

/** A word the shop never uses, replaced by the closest one it does (most used first), if any is close enough. */
function corrector(index: KnowledgeIndex) {
  return (word: string): string => {
    if (index.vocabulary.has(word) || hasConcept(word) || isStopWord(word) || isWeakWord(word) || isContextWord(word) || isKnownEnglish(word)) return word;
    if (index.knownStems.has(termsOfWord(word)[0] ?? "") || hasKnownStem(word)) return word;
    const edits = allowedEdits(word);
    if (!edits) return word;
    let best: { word: string; distance: number; count: number } | null = null;
    for (const [candidate, [count, distance]] of index.vocabulary.fuzzyGet(word, edits)) {
      // A typo seldom changes a word's first letter; a word that differs there is another word ("better" is not "letter").
      if (candidate[0] !== word[0]) continue;
      if (!best || distance < best.distance || (distance === best.distance && count > best.count)) best = { word: candidate, distance, count };
    }
    return best?.word ?? word;
  };
}

function weightOf(index: KnowledgeIndex, word: QueryWord): number {
  const n = index.passages.length;
  const idfs = word.terms.map((t) => index.df.get(t) ?? 0).filter((df) => df > 0).map((df) => Math.log(1 + n / df));
  const rarest = Math.log(1 + n);
  // A bare number ("a 5000 rupee order") says how much, not what about.
  if (/^\d+$/.test(word.word)) return 0;
  if (word.context) return (idfs.length ? Math.max(...idfs) : rarest) * CONTEXT_WEIGHT;
  // A content word no passage contains outweighs the rarest: it is likely what the question is about.
  // A shop-wide word's rarity in the shop's text is an accident of wording ("make" is rare, "bottle"
  // everywhere): it counts as at most a word a tenth of the passages hold.
  if (word.weak) return Math.min(idfs.length ? Math.max(...idfs) : rarest, WEAK_RARITY_CAP) * WEAK_WEIGHT;
  return idfs.length ? Math.max(...idfs) : rarest * UNKNOWN_WEIGHT;
}

/** The passages that best answer a question, best first, each with how much of the question it covers. */
/** A question as the index reads it: its words (corrected against the shop's vocabulary), their weights and terms. */
export type PreparedQuestion = {
  words: QueryWord[];
  weights: number[];
  unknown: boolean[];
  /** Words of the story around the asking part (when one is given): they count only where a passage holds them. */
  story: boolean[];
  total: number;
  terms: string[];
  /** Stems that may name a product: the asking part's, when one is given ("my office bag" names no tumbler). */
  stems: Set<string>;
};

export function prepareQuestion(index: KnowledgeIndex, question: string, asking: string | null = null): PreparedQuestion {
  const correct = corrector(index);
  // With the asking part given, the story around it is context that only helps: a passage holding
  // its words ranks higher, one missing them loses nothing, and a word of it the shop never uses
  // does not send the question away.
  const asked = asking === null ? null : new Set(analyseQuestion(asking, correct).flatMap((w) => w.terms));
  const story = (w: QueryWord) => !!asked && !w.terms.some((t) => asked.has(t));
  const read = analyseQuestion(question, correct).map((w) => (story(w) ? { ...w, context: true } : w));
  // In a question about a policy (returning, exchanging, refunds, the warranty), a colour, a size or
  // a product's name says which item the shopper has, not what they ask: "exchange for another
  // colour, got navy", "warranty on the straw lid".
  const policy = read.some((w) => !w.context && isPolicyWord(w));
  const query = policy ? read.map((w) => (!isPolicyWord(w) && describesItem(index, w) ? { ...w, context: true } : w)) : read;
  const weights = query.map((w) => weightOf(index, w));
  const neverUsed = (w: QueryWord, i: number) => weights[i]! > 0 && !w.context && !w.weak && w.terms.every((t) => !index.df.has(t));
  // An adverb the shop never uses ("fairly", "honestly", "normally") says how, not what about; a
  // hyphenated word the shop never uses ("phat-ta", "lora-suwali") is read by its parts, which
  // come beside it.
  query.forEach((w, i) => {
    if (neverUsed(w, i) && (/^[a-z]{3,}ly$/.test(w.word) || /^[\p{L}]+-[\p{L}]+$/u.test(w.word))) {
      query[i] = { ...w, context: true };
      weights[i] = weightOf(index, query[i]);
    }
  });
  // A question outside the shop's knowledge turns on one thing the shop never names (shoes, EMI, a
  // showroom): that word weighs more than the rarest the shop uses. A long message holds more such
  // words, and those beyond the first are the wording of a story or of the asking ("I would be
  // grateful", "my ICU night duty"): they count as context, or one message's own words would
  // outweigh everything it has in common with the answer.
  let unknownSeen = 0;
  query.forEach((w, i) => {
    if (neverUsed(w, i) && unknownSeen++ > 0) weights[i] = Math.log(1 + index.passages.length) * CONTEXT_WEIGHT;
  });
  return {
    words: query,
    weights,
    unknown: query.map(neverUsed),
    story: query.map(story),
    total: weights.reduce((a, b) => a + b, 0),
    terms: [...new Set(query.flatMap((w) => w.terms))],
    stems: new Set(query.filter((w) => !story(w)).map((w) => w.terms[0]!)),
  };
}

/**
 * Whether the question names another brand's product: a word no passage holds right before a kind
 * of product or a size ("hydro flask", "milton thermosteel 1 litre"). A price or size computed
 * from our catalogue would answer a question about someone else's bottle.
 */
export function namesOtherProduct(index: KnowledgeIndex, question: string): boolean {
  const q = prepareQuestion(index, question);
  return q.words.some((w, i) => q.unknown[i] && !/^\d/.test(w.word) && /^(bottles?|flasks?|tumblers?|mugs?|thermos|\d{3,4}ml)$/.test(q.words[i + 1]?.word ?? ""));
}

/** Concepts that say what kind of fact is wanted (how much, how long), not what about. */
const KIND_OF_FACT = new Set(["#price", "#duration", "#limit"]);

/**
 * Whether an answer found from a message's asking part alone misses what its story is about: the
 * story holds a word the shop never uses ("milton thermosteel is cheaper than urs, how much
 * cheaper exactly?"), the asking part only says what kind of fact is wanted (a price, a time),
 * and the answer holds none of the story's words.
 */
export function missesStory(index: KnowledgeIndex, question: string, asking: string, answer: Ranked): boolean {
  const whole = prepareQuestion(index, question);
  const told = prepareQuestion(index, question, asking);
  // An asking part with a subject of its own ("does the bottle sweat?") is answered as it stands.
  const own = told.words.filter((w, i) => !told.story[i] && !w.weak && !w.context);
  if (!own.every((w) => w.terms.some((t) => KIND_OF_FACT.has(t)))) return false;
  if (!whole.words.some((_, i) => whole.unknown[i] && told.story[i])) return false;
  return !told.words.some((w, i) => told.story[i] && answer.matched.includes(w.word));
}

const POLICY_CONCEPTS = new Set(["#return", "#refund", "#warranty"]);
const isPolicyWord = (w: QueryWord) => w.terms.some((t) => POLICY_CONCEPTS.has(t));
const describesItem = (index: KnowledgeIndex, w: QueryWord) =>
  w.terms.includes("#colour") || w.terms.includes("#size") || index.attributeWords.has(w.word) || index.nameStems.has(w.terms[0]!);

function namesProduct(index: KnowledgeIndex, id: number, q: PreparedQuestion): boolean {
  const names = index.productNames.get(id);
  return !!names && [...names].some((n) => q.stems.has(n));
}

/**
 * Judges the candidates a search engine ranked (passage ids with their scores, best first): how
 * much of the question each covers, then the best by coverage and, second, the engine's score.
 */
export function judgeCandidates(index: KnowledgeIndex, q: PreparedQuestion, hits: { id: number; score: number }[], limit = 3): Ranked[] {
  if (!hits.length) return [];
  const top = hits[0]!.score || 1;
  return hits
    .slice(0, 16)
    .map((hit) => {
      const doc = index.docTerms[hit.id]!;
      const matched: string[] = [];
      const missed: string[] = [];
      let covered = 0;
      let total = q.total;
      let strongMatches = 0;
      let missesUnknown = false;
      q.words.forEach((w, i) => {
        if (w.terms.some((t) => doc.has(t))) {
          covered += q.weights[i]!;
          matched.push(w.word);
          if (!w.weak && !w.context) strongMatches++;
        } else {
          missed.push(w.word);
          if (q.story[i]) total -= q.weights[i]!;
          else if (q.unknown[i]) missesUnknown = true;
        }
      });
      const coverage = total ? covered / total : 0;
      return { passage: index.passages[hit.id]!, score: hit.score, coverage, missesUnknown, strongMatches, namesProduct: namesProduct(index, hit.id, q), matched, missed, rel: hit.score / top };
    })
    .sort((a, b) => b.coverage + REL_WEIGHT * b.rel - (a.coverage + REL_WEIGHT * a.rel))
    .slice(0, limit)
    .map(({ rel: _rel, ...r }) => r);
}

/** The passages that best answer a question, best first, each with how much of the question it covers. */
export function searchKnowledge(index: KnowledgeIndex, question: string, limit = 3, asking: string | null = null): Ranked[] {
  const q = prepareQuestion(index, question, asking);
  if (!q.words.length) return [];
  const results = index.search.search(q.terms.join(" "), {
    tokenize: (text) => text.split(" "),
    processTerm: (t) => t,
    boost: BOOST,
    combineWith: "OR",
    // Naming the product ("chai tumbler", "everest") makes it the answer; otherwise it yields to the FAQ.
    boostDocument: (id: number) => (!index.productNames.has(id) ? 1 : namesProduct(index, id, q) ? 2 : PRODUCT_PRIOR),
  });
  return judgeCandidates(
    index,
    q,
    results.map((r) => ({ id: r.id as number, score: r.score })),
    limit,
  );
}

const REL_WEIGHT = 0.35;

/** Below this share of the question's meaning, the bot says it does not know instead of guessing. */
export const MIN_COVERAGE = 0.6;
/**
 * ...unless the passage holds two or more of the question's meaningful words and most of its
 * meaning, and every word it misses is one the shop uses somewhere.
 */
export const MIN_COVERAGE_TWO_WORDS = 0.45;

/**
 * A good match covers most of what the question is about. A question outside the shop's
 * knowledge ("do you sell shoes", "capital of Peru", "can I pay in EMI") turns on a word no
 * passage holds, which weighs as much as the rarest word, so it stays below the bar. The lower
 * bar for two matched words is only for questions whose every word the shop knows: one that
 * also says "showroom" or "EMI" beside two shop words ("see", "card") is about that word.
 */
export function isGoodMatch(r: Ranked | undefined): r is Ranked {
  // Only shop-wide and context words in common ("is the bottle made in china") is no answer.
  if (!r || r.strongMatches < 1) return false;
  return r.coverage >= MIN_COVERAGE || (r.strongMatches >= 2 && r.coverage >= MIN_COVERAGE_TWO_WORDS && !r.missesUnknown);
}

/** A product's or a collection's passage: what the shop sells, not what it says of its terms. */
export const isCatalogue = (r: Ranked) => r.passage.source === "product" || r.passage.source === "collection";

/**
 * The answer among the ranked passages: the best-ranked that meets the bar (ranking mixes
 * coverage with the engine's score, so a passage the engine likes may rank above one that covers
 * the question). Below the first, only the shop's own text (FAQ, pages, facts) may answer: a
 * product or collection that merely shares a word ("colour") is no answer to a question the
 * first passage missed. A question asking how to do something ("how to clean it inside",
 * "kaise saaf karu") is answered by the shop's own text when a passage of it meets the bar: a
 * product whose description holds the same words (a brush, "easy cleaning") sells, it does not explain.
 * Nor does a product answer a question that neither names it nor asks for one, when the shop's
 * text covers about as much.
 */
export function pickAnswer(ranked: Ranked[], form: { howTo?: boolean; wantsProduct?: boolean } = {}): Ranked | undefined {
  const first = ranked.find((r, i) => isGoodMatch(r) && (i === 0 || !isCatalogue(r)));
  if (!first || !isCatalogue(first)) return first;
  if (form.howTo) return ranked.find((r) => isGoodMatch(r) && !isCatalogue(r)) ?? first;
  // A product the question neither names nor asks for ("is the lid dishwasher safe") yields to the
  // shop's own text that covers about as much: its description only shares the words.
  if (!first.namesProduct && !form.wantsProduct) return ranked.find((r) => isGoodMatch(r) && !isCatalogue(r) && r.coverage >= first.coverage - 0.05) ?? first;
  return first;
}

/** The built-in answer for a passage: products with price range, stock and link; other passages quoted with their page. */
export function answerFrom(p: Passage): string {
  if (p.source === "product" && p.product) return productAnswer(p.product, p.link);
  if (p.source === "collection") return `Our ${p.title}: ${p.text}\n\nSee it here: ${p.link}`;
  return `${p.text}\n\nMore on this: ${p.link}`;
}

function productAnswer(p: ProductFacts, link: string): string {
  const prices = p.variants.map((v) => v.pricePaise);
  const min = Math.min(...prices);
  const max = Math.max(...prices);
  const cheapest = p.variants.find((v) => v.pricePaise === min);
  let price = min === max ? `${formatPaise(min)}` : `from ${formatPaise(min)} to ${formatPaise(max)} depending on the size`;
  if (min === max && cheapest?.compareAtPricePaise) price += ` (was ${formatPaise(cheapest.compareAtPricePaise)}: you save ${formatPaise(cheapest.compareAtPricePaise - min)})`;
  const inStock = p.variants.filter((v) => v.stockQuantity > 0);
  const soldOut = p.variants.filter((v) => v.stockQuantity <= 0).map((v) => v.title);
  const stock =
    inStock.length === 0
      ? "It is out of stock at the moment."
      : soldOut.length
        ? `In stock, except ${soldOut.slice(0, 3).join(", ")}${soldOut.length > 3 ? " and others" : ""}.`
        : "In stock.";
  const options = p.options.map((o) => `${o.name === "Size" ? "Sizes" : o.name === "Color" ? "Colours" : o.name}: ${o.values.join(", ")}`).join(". ");
  const lines = [`${p.title}: ${price}. ${stock}`, options ? `${options}.` : "", p.description, `See it here: ${link}`];
  return lines.filter(Boolean).join("\n");
}

/**
 * `wanted` counts the store changes heard; an index remembers the count it was built after. A
 * question is answered from an index at least as new as the last change.
 */
type CacheEntry = {
  current: KnowledgeIndex | null;
  currentGeneration: number;
  wanted: number;
  building: { generation: number; promise: Promise<KnowledgeIndex> } | null;
};
const indexCache = new WeakMap<Db, CacheEntry>();
const watched = new WeakSet<EventBus>();

function ensureBuild(db: Db, entry: CacheEntry): Promise<KnowledgeIndex> {
  if (entry.building && entry.building.generation === entry.wanted) return entry.building.promise;
  const generation = entry.wanted;
  // One build at a time: a newer one starts after the one running.
  const before = entry.building?.promise.catch(() => undefined) ?? Promise.resolve();
  const promise = before
    .then(() => buildCorpus(db))
    .then((passages) => {
      const index = buildIndex(passages, Date.now());
      if (generation >= entry.currentGeneration) {
        entry.current = index;
        entry.currentGeneration = generation;
      }
      return index;
    })
    .finally(() => {
      if (entry.building?.promise === promise) entry.building = null;
    });
  entry.building = { generation, promise };
  return promise;
}

/**
 * The index is built from the store (a few queries and about 100 passages) and kept. A catalogue,
 * setting or content change (policy `supportCorpus`) starts a rebuild at once and questions wait
 * for it, so an FAQ edit or a new phrasing is answered right away. Past the policy's TTL (which
 * covers an event missed) questions are answered from the index in hand while a fresh one is
 * built, so no shopper waits for that.
 */
export async function knowledgeIndex(db: Db, events: EventBus, now = Date.now()): Promise<KnowledgeIndex> {
  const policy = CACHE_POLICIES.supportCorpus;
  let entry = indexCache.get(db);
  if (!entry) indexCache.set(db, (entry = { current: null, currentGeneration: -1, wanted: 0, building: null }));
  if (!watched.has(events)) {
    watched.add(events);
    const changed = entry;
    for (const topic of policy.invalidatedBy) {
      events.subscribe(topic, () => {
        changed.wanted++;
        void ensureBuild(db, changed).catch(() => undefined);
      });
    }
  }
  const current = entry.current;
  if (!current || entry.currentGeneration < entry.wanted) {
    // A failed rebuild leaves the index in hand answering.
    return ensureBuild(db, entry).catch((error: unknown) => current ?? Promise.reject(error));
  }
  if (now - current.builtAt >= policy.ttlMs && !entry.building) void ensureBuild(db, entry).catch(() => undefined);
  return current;
}
