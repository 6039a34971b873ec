import { MAX_LINE_QUANTITY } from "~/lib/cart/cart";
import { formatPaise } from "~/lib/money";
import { shippingFor, splitTax } from "~/modules/orders/orders";
import { ENGRAVING_MAX_LENGTH } from "~/modules/catalog/catalog";
import type { ProductFacts } from "~/modules/catalog/catalog.server";
import { askingPart, isContextWord, isStopWord, normalise, words } from "./language";
import { REGIONAL_CONCEPTS, REGIONAL_HOW_MUCH } from "./regional";

// Product questions whose answer is computed from the catalogue rather than found in a passage:
// a named product's price at a named size ("price of glacier classic 750"), the cheapest or
// dearest item of a kind ("cheapest tumbler?") and whether a size exists ("2 litre bottle?").
// Pure (the products are passed in), so each rule is unit-tested. Strict on purpose: when a rule
// is not sure it returns null and retrieval decides.

export type CatalogProduct = ProductFacts & { link: string };

// With the words for a price and for "how much" in India's other languages (regional.ts' price
// group, which holds its how-much words: "dam koto", "kete tanka", "evlo", "mulh kiteo").
const PRICE_WORDS = new RegExp(`\\b(price|prices|priced|cost|costs|rate|mrp|kitna|kitne|kitni|kimat|keemat|daam|dam|rupees|rs|inr|${REGIONAL_CONCEPTS.price!.join("|")})\\b|\\bhow much\\b`);
const CHEAP = /\b(cheapest|cheap|cheaper|lowest|least expensive|low budget|budget|affordable|sasta|sasti|saste|sabse kam)\b/;
const DEAR = /\b(costliest|most expensive|priciest|highest price|mehenga|mehnga)\b/;
/** Not a bottle or tumbler of its own: add-ons, whose sizes are the bottles they fit. */
const ADD_ON = /\b(sleeve|strap|brush|lid|cap|boot)( set)?$/i;
/** Whether a product is an add-on (a lid, a strap, a sleeve) rather than a bottle or tumbler of its own, by its title. */
export const isAddOn = (title: string): boolean => ADD_ON.test(title);
/** Kinds a shopper asks for, read from the product's title (tumbler, bottle, mug) or, for add-ons, what the item is. */
const KINDS: { kind: string; plural: string; asked: RegExp; is: (p: CatalogProduct) => boolean }[] = [
  { kind: "tumbler", plural: "tumblers", asked: /\b(tumbler|tumblers|mug|mugs|cup|cups)\b/, is: (p) => /\b(tumbler|mug)\b/i.test(p.title) },
  { kind: "bottle", plural: "bottles", asked: /\b(bottle|bottles|bottel|bottels|flask|flasks)\b/, is: (p) => /\bbottle\b/i.test(p.title) && !ADD_ON.test(p.title) },
  { kind: "accessory", plural: "accessories", asked: /\b(accessory|accessories|add ?ons?|spares?)\b/, is: (p) => ADD_ON.test(p.title) },
];

/** The sizes of a product's variants ("750ml"), read from the variant titles. */
function sizesOf(p: ProductFacts): string[] {
  return [...new Set(p.variants.flatMap((v) => v.title.match(/\b\d{3,4}ml\b/gi) ?? []).map((s) => s.toLowerCase()))];
}

/**
 * Words of product names that name no product by themselves: every product is a bottle, a tumbler
 * or a part of one, and "cold" and "hot" describe them all ("will it stay cold" names none; "cold
 * brew" names one by "brew"). The search index and the catalogue's answers share the list.
 */
export const GENERIC_NAME_WORDS: ReadonlySet<string> = new Set(["bottle", "bottles", "tumbler", "tumblers", "with", "the", "and", "lid", "cap", "set", "cold", "hot"]);

/** Words of a product's name that tell it apart (not "bottle", "tumbler" or "with", nor its size "mini"). */
const GENERIC = new Set([...GENERIC_NAME_WORDS, "mini"]);
function nameWords(title: string): string[] {
  return words(normalise(title)).filter((w) => !GENERIC.has(w) && w.length >= 3);
}

/** The kind words of a product's name: "tumbler with straw" is the Travel Tumbler with Straw, not the Straw Lid. */
const KIND_WORDS = ["tumbler", "bottle", "lid", "mug"];
const kindWords = (title: string) => words(normalise(title)).filter((w) => KIND_WORDS.includes(w));

/**
 * The one product the question names best (most of its distinctive name words; a kind word of its
 * name the question also says counts half of one), or null when none or a tie.
 */
export function namedProduct(products: CatalogProduct[], question: string): CatalogProduct | null {
  const asked = new Set(words(normalise(question)));
  const kindsAsked = new Set([...asked].map((w) => w.replace(/s$/, "")));
  let best: { p: CatalogProduct; hits: number; share: number } | null = null;
  let tie = false;
  for (const p of products) {
    const names = nameWords(p.title);
    const distinct = names.filter((w) => asked.has(w)).length;
    if (!distinct) continue;
    const hits = distinct + kindWords(p.title).filter((w) => kindsAsked.has(w)).length / 2;
    const share = distinct / names.length;
    if (!best || hits > best.hits || (hits === best.hits && share > best.share)) {
      best = { p, hits, share };
      tie = false;
    } else if (hits === best.hits && share === best.share) tie = true;
  }
  return best && !tie ? best.p : null;
}

/** The size a question names, as the catalogue writes it ("750ml"), among the given sizes: "750", "750 ml", "1 litre". */
function askedSize(question: string, sizes: string[]): string | null {
  return askedSizes(question, sizes)[0] ?? null;
}

/** Every one of the given sizes the question names. */
function askedSizes(question: string, sizes: string[]): string[] {
  const text = normalise(question);
  return sizes.filter((size) => new RegExp(`\\b${size.replace(/ml$/, "")}(ml)?\\b`).test(text));
}

/** "Glacier Classic Bottle, 750ml: ₹1,799" for a question naming a product and one of its sizes and asking the price; else null. */
export function priceAtSize(products: CatalogProduct[], question: string): string | null {
  if (!PRICE_WORDS.test(normalise(question))) return null;
  const p = namedProduct(products, question);
  if (!p) return null;
  const size = askedSize(question, sizesOf(p));
  if (!size) return null;
  const variants = p.variants.filter((v) => v.title.toLowerCase().includes(size));
  const prices = [...new Set(variants.map((v) => v.pricePaise))].sort((a, b) => a - b);
  if (!prices.length) return null;
  const price = prices.length === 1 ? formatPaise(prices[0]!) : `from ${formatPaise(prices[0]!)} to ${formatPaise(prices.at(-1)!)} depending on the colour`;
  const was = variants.find((v) => v.compareAtPricePaise && v.pricePaise === prices[0])?.compareAtPricePaise;
  const stock = variants.some((v) => v.stockQuantity > 0) ? "In stock." : "Out of stock at the moment.";
  // The MRP struck out beside the price, and what the shopper saves ("mrp vs selling price, kitna bachega").
  const saving = was ? ` (MRP ${formatPaise(was)}: you save ${formatPaise(was - prices[0]!)})` : "";
  return `${p.title}, ${size}: ${price}${saving}. ${stock}\nSee it here: ${p.link}`;
}

/** The cheapest (or dearest) item of a kind the question names ("cheapest tumbler?"), with its price and link; else null. */
export function cheapestOfKind(products: CatalogProduct[], question: string): string | null {
  const text = normalise(question);
  const asks = normalise(askingSentences(question));
  const dear = DEAR.test(asks);
  // Sorting the listing by price ("can I sort cheapest first") asks how, not which: the sorts' fact answers it.
  if ((!dear && !CHEAP.test(asks)) || /\bsort(s|ed|ing)?\b/.test(text)) return null;
  // Two products weighed against each other ("chai tumbler vs commuter coffee tumbler, which is
  // cheaper?") are compared (compareProducts), not the whole kind.
  if (comparedProducts(products, question)) return null;
  const asked = KINDS.filter((k) => k.asked.test(text));
  // One kind, or the whole shop ("cheapest thing on your site"); two kinds, or a thing that is no
  // kind ("cheapest straw for a bottle"), is for retrieval.
  if (asked.length > 1 || (!asked.length && !WHOLE_SHOP.test(text))) return null;
  const kind = asked[0] ?? { kind: "item", plural: "items", is: () => true };
  // A size named ("cheapest 1 litre bottle") narrows it to what is made in that size, at that size's price.
  const size = text.match(/\b\d{3,4}ml\b/)?.[0] ?? null;
  const items = products
    .filter(kind.is)
    .filter((p) => !size || sizesOf(p).includes(size))
    .map((p) => {
      const prices = p.variants.filter((v) => !size || v.title.toLowerCase().includes(size)).map((v) => v.pricePaise);
      return { p, price: dear ? Math.max(...prices) : Math.min(...prices) };
    });
  const known = items.filter((x) => Number.isFinite(x.price));
  if (!known.length) return null;
  const best = dear ? Math.max(...known.map((x) => x.price)) : Math.min(...known.map((x) => x.price));
  const top = known.filter((x) => x.price === best).slice(0, 3);
  const which = dear ? "most expensive" : "cheapest";
  const sized = size ? ` ${size}` : "";
  const head =
    top.length === 1
      ? `Our ${which}${sized} ${kind.kind} is the ${top[0]!.p.title}${sized} at ${formatPaise(best)}.`
      : `Our ${which}${sized} ${kind.plural} are ${formatPaise(best)}: ${top.map((x) => x.p.title).join(", ")}.`;
  return `${head}\nSee ${top.length === 1 ? "it" : "them"} here: ${top.map((x) => x.p.link).join(", ")}`;
}

/**
 * The sentences that ask (those ending in "?"), or the whole message when none does: in "Which
 * grade of steel do you use? Some cheap bottles are 201 steel." the cheap bottles are told, not asked for.
 */
function askingSentences(question: string): string {
  const asking = question.split(/(?<=[.!?])\s+/).filter((s) => s.trim().endsWith("?"));
  return asking.length ? asking.join(" ") : question;
}

/** Anything the shop sells: "cheapest thing on your site", "cheapest item you have". */
const WHOLE_SHOP = /\b(thing|things|item|items|product|products|anything|something|site|website|store|shop)\b/;

const AVAILABLE = /\b(have|has|available|sell|sells|come|comes|make|makes|milega|milegi|milta|milti|got|size|sizes|exist|stock|hai|hain|chahiye|need|want|looking|suggest|recommend)\b/;

/**
 * Whether a size exists ("do you have a 2 litre bottle?", "500ml tumbler milega?"): the products
 * made in it, or, when none is, the sizes there are and the largest. Null when the question names
 * no size, asks nothing about having one, or names a product made in that size (a question about
 * that product, for retrieval or the price rule).
 */
export function sizeOffer(products: CatalogProduct[], question: string): string | null {
  const text = normalise(question);
  const asked = text.match(/\b\d{3,4}ml\b/)?.[0];
  if (!asked || !AVAILABLE.test(text)) return null;
  const askedWords = new Set(words(text));
  const byName = namedProduct(products, question);
  // Named only by a word of the shopper's day ("going to kedarkantha trek" is not the Trek Flip-Lid).
  const named = byName && nameWords(byName.title).some((w) => askedWords.has(w) && !isContextWord(w)) ? byName : null;
  if (named && sizesOf(named).includes(asked)) return null;
  const kinds = KINDS.filter((k) => k.kind !== "accessory" && k.asked.test(text));
  const kind = kinds.length === 1 ? kinds[0]! : null;
  const pool = products.filter((p) => sizesOf(p).length && !ADD_ON.test(p.title) && (!kind || kind.is(p)));
  if (!pool.length) return null;
  const noun = kind ? kind.plural : "bottles and tumblers";
  const list = (items: CatalogProduct[]) => items.map((p) => `${p.title} (${p.link})`).join(", ");
  const inSize = pool.filter((p) => sizesOf(p).includes(asked));
  if (!inSize.length) {
    const all = [...new Set(pool.flatMap(sizesOf))].sort((a, b) => parseInt(a, 10) - parseInt(b, 10));
    const largest = all.at(-1)!;
    return `We do not make ${asked} ${noun}: ours come in ${all.join(", ")}. The largest, ${largest}: ${list(pool.filter((p) => sizesOf(p).includes(largest)).slice(0, 4))}.`;
  }
  // A feature the question asks for ("1 litre bottle with a handle"): the products of that size
  // whose name or description holds the most of the question's words that only some of them hold.
  const holds = (p: CatalogProduct, w: string) => new RegExp(`\\b${w}`, "i").test(`${p.title} ${p.description}`);
  const features = [...askedWords].filter((w) => w.length >= 4 && /^[a-z]+$/.test(w) && !isStopWord(w) && inSize.some((p) => holds(p, w)) && !inSize.every((p) => holds(p, w)));
  const fit = (p: CatalogProduct) => features.filter((w) => holds(p, w)).length;
  const most = Math.max(0, ...inSize.map(fit));
  const chosen = most ? inSize.filter((p) => fit(p) === most) : inSize;
  const others = `our ${asked} ${noun}${most ? ` with what you asked for` : ""}: ${list(chosen.slice(0, 6))}${chosen.length > 6 ? " and more" : ""}.`;
  // A product named in a size it is not made in: its own sizes first, then what is made in that size.
  if (named) return `The ${named.title} comes in ${sizesOf(named).join(", ") || "one size"}, not ${asked} (${named.link}). Instead, ${others}`;
  return `Yes, ${others}`;
}


/**
 * The free-shipping rule as the settings hold it (shipping is free strictly over the threshold),
 * with the cash-on-delivery fee and limit when COD is offered.
 */
export type ShippingRule = { free_over_paise: number; flat_fee_paise: number; cod?: { fee_paise: number; max_order_paise: number } | null };

const SHIPPING_WORDS = /\b(ship|shipping|shipped|delivery|deliver|courier|postage)\b/;
const CHARGE_WORDS = /\b(charge|charges|charged|fee|fees|cost|costs|free|pay|paid|extra|kitna|kitni|kitne|lagega|lagegi|lgega|price)\b/;

/** An amount the shopper states, in paise: "3200 rs", "₹5,000", "25k", "a 5000 rupee order", "my order total is 3000". */
export function statedAmount(question: string): number | null {
  const text = normalise(question).replace(/(\d),(\d)/g, "$1$2");
  const m =
    text.match(/\b(\d{3,7})(?:\.\d{1,2})?\s*(?:rupees?|rs|inr|\/-)(?![a-z])/) ??
    text.match(/\b(?:rupees?|rs|inr)\.?\s*(\d{3,7})\b/) ??
    // A number said to be the cart's or order's value (not a PIN code: six digits stay out).
    text.match(/\b(?:cart|order|total|bill|amount|worth|value|subtotal)\b(?:\s+[a-z]+){0,3}\s+(\d{3,5})\b(?!\s*ml)/) ??
    text.match(/\b(\d{3,5})\s+(?:total|worth|order|cart|bill)\b/) ??
    // The amount of what is in the cart: "3800 in cart", "6200 ka saman", "4000 of items".
    text.match(/\b(\d{3,5})\s+(?:in|of|ka|ki|ke)\s+(?:the\s+|my\s+)?(?:cart|order|bill|saman|samaan|items?|stuff|products?|shopping)\b/);
  return m ? Number(m[1]) * 100 : null;
}

/** Counts said in words before a product ("three everest bottles", "teen chai tumbler"). */
const COUNT_WORDS: Record<string, number> = {
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, ek: 1, teen: 3, char: 4, chaar: 4, paanch: 5, panch: 5, chhe: 6, saat: 7, aath: 8, das: 10,
  // One to three in Punjabi, Tamil, Telugu and Kannada ("ik", "onnu", "okati", "ondu"...).
  ik: 1, onnu: 1, okati: 1, ondu: 1, rendu: 2, eradu: 2, moonu: 3, moodu: 3, mooru: 3,
  // And in Bengali, Odia and Malayalam ("ekta", "duto", "gote", "oru").
  ekta: 1, ekti: 1, duto: 2, duita: 2, gote: 1, oru: 1, randu: 2, moonnu: 3,
};
/** Words that count items: "6 pcs", "6 nang" (Gujarati), "6 nos". */
const COUNTING = ["x", "pcs", "pieces", "piece", "nos", "units", "nang", "nag"];
/** Words that may stand between a count, a product's name and its size without ending the mention. */
const FILLER = new Set([...[...GENERIC].filter((w) => w !== "and" && w !== "the"), "bottel", "bottels", "tumblr", "mug", "mugs", "of", "qty", ...COUNTING]);
/**
 * Words between a count and what is counted: those above, and "6 ta" (Bengali, Assamese), "4 go"
 * (Bhojpuri), "2 ennam" (Malayalam), which between two words of a name would mean something else.
 */
const COUNTERS = new Set([...COUNTING, "ta", "ti", "go", "ennam"]);
/** What a number after a product's name may measure instead of a count: a time, a size, money. */
const NOT_COUNTED = /^(days?|din|dino|weeks?|hafte|months?|mahine|years?|saal|hours?|hrs?|ghante|minutes?|mins?|baje|am|pm|ml|l|litres?|liters?|ltrs?|rs|rupees?|inr|percent|times?|baar)$/;
/** Words that may stand between a name and its size: "monsoon slim in 350ml", "commuter tumblers, 500ml". */
const BEFORE_SIZE = new Set(["in", "of", "and"]);
/** Words between a name and a count after it: "everest ki 2 bottle", "chai tumbler x 4". */
const COUNT_AFTER = new Set(["ki", "ke", "ka", "of", "x", "qty", "quantity"]);
/** Words between sizes of one product: "monsoon slim 350 and 500 both". */
const SIZE_JOIN = new Set(["and", "aur", "or", "both", "each", "ml", "one", "ek", "plus", "n"]);

/** What joins the products of a list ("+" and "," are read as "and"). */
// "and" in Punjabi ("te"), Gujarati ("ane"), Marathi ("ani"), Kannada ("mattu"), Odia ("au"),
// Assamese ("aru") and Bengali ("ar") too. The same words split a list of products (LIST_BREAK).
const LIST_WORDS = ["and", "aur", "plus", "with", "te", "ane", "ani", "mattu", "au", "aru", "ar"];
// Before a name, "or" and "n" also join it to the one before ("classic or monsoon").
const JOINERS = new Set([...LIST_WORDS, "or", "n"]);

/** One line of an order a question describes: a product, the size named (if any), how many, the price of one. */
export type CartLine = { p: CatalogProduct; size: string | null; qty: number; paise: number; counted?: boolean };

/** Whether a word names a size of the product: "750ml", "750", or "1000ml" from "1l" (normalise writes litres as millilitres). */
function sizeWord(word: string, sizes: string[]): string | null {
  return sizes.find((size) => word === size || word === size.replace(/ml$/, "")) ?? null;
}

function countWord(word: string | undefined): number | null {
  if (!word) return null;
  const n = COUNT_WORDS[word] ?? (/^\d{1,2}x?$/.test(word) ? parseInt(word, 10) : null);
  return n !== null && n >= 1 && n <= 50 ? n : null;
}

/**
 * The order a question describes, read as a shopper types a cart: each product named with a count
 * before it (a number or a number word, "2 glacier classic", "three everest bottles") and the sizes
 * after it ("monsoon slim 350 and 500", "travel tumbler straw 1000ml"), the products joined by +,
 * "and", commas or nothing at all. A product named again without a count is the same line ("for
 * office: 3 office lid tumblers"). Null when nothing is named, a name fits two products equally, or
 * a line's price depends on a size not given.
 */
export function cartLines(products: CatalogProduct[], question: string, opts: { priced: boolean } = { priced: true }): CartLine[] | null {
  const tokens = words(normalise(question).replace(/(\d),(\d)/g, "$1$2").replace(/[+&,]/g, " and "));
  const named = products.map((p) => ({ p, names: nameWords(p.title) }));
  const isName = (w: string) => named.some((n) => n.names.includes(w));
  const lines: (CartLine & { counted: boolean })[] = [];
  let i = 0;
  while (i < tokens.length) {
    if (!isName(tokens[i]!)) {
      i++;
      continue;
    }
    // The mention: name words, and the generic words between them ("travel tumbler with straw").
    let j = i;
    const mention: string[] = [];
    while (j < tokens.length && (isName(tokens[j]!) || (FILLER.has(tokens[j]!) && mention.length))) mention.push(tokens[j++]!);
    const scored = named
      .map(({ p, names }) => ({ p, hits: names.filter((w) => mention.includes(w)).length, share: names.filter((w) => mention.includes(w)).length / names.length }))
      .filter((x) => x.hits)
      .sort((a, b) => b.hits - a.hits || b.share - a.share);
    const best = scored[0];
    if (!best || (scored[1] && scored[1].hits === best.hits && scored[1].share === best.share)) return null;
    // A count just before the name, perhaps with a size or a counting word between ("2 500ml
    // glacier classic", "6 nang glacier classic", "4 pcs 750ml everest").
    const sizes = sizesOf(best.p);
    let before = i - 1;
    if (COUNTERS.has(tokens[before] ?? "")) before--;
    const sizeBefore = before >= 0 ? sizeWord(tokens[before]!, sizes) : null;
    if (sizeBefore) before--;
    if (COUNTERS.has(tokens[before] ?? "")) before--;
    let qty = countWord(tokens[before]);
    // Sizes after the name: one, or several joined ("350 and 500 both").
    const after: string[] = [];
    let k = j;
    // "in 350ml", ", 500ml" (a comma is read as "and"): a size just after such a word is this product's.
    if (BEFORE_SIZE.has(tokens[k] ?? "") && sizeWord(tokens[k + 1] ?? "", sizes)) k++;
    while (k < tokens.length) {
      const size = sizeWord(tokens[k]!, sizes);
      if (size) after.push(size);
      else if (!SIZE_JOIN.has(tokens[k]!) || !after.length) break;
      k++;
    }
    // Or a count after the name and its sizes ("everest ki 2 bottle", "chai tumbler x 4, total"):
    // not one of a time or a size ("classic 2 days ago"), nor the count of the next product named
    // ("classic 2 chai tumbler").
    if (qty === null) {
      const at = COUNT_AFTER.has(tokens[k] ?? "") ? k + 1 : k;
      const later = countWord(tokens[at]);
      const next = tokens[at + 1];
      if (later !== null && (next === undefined || FILLER.has(next) || COUNTERS.has(next) || (!isName(next) && !NOT_COUNTED.test(next)))) {
        qty = later;
        k = at + 1;
      }
    }
    // Only a real mention: with a count or a size, or by most of the name or its first word
    // ("himalaya"); outside a list, by its whole name and not only by words of the shopper's day
    // ("for the trek", "for office", "i travel a lot").
    const sized = qty !== null || !!sizeBefore || after.length > 0;
    const first = nameWords(best.p.title)[0];
    const byName = best.share >= 0.5 || best.hits >= 2 || (!!first && mention.includes(first));
    const listed = i === 0 || JOINERS.has(tokens[i - 1]!) || isName(tokens[i - 1]!);
    const whole = best.share === 1 || best.hits >= 2;
    if (!sized && (!byName || (!listed && (!whole || mention.every((w) => !isName(w) || isContextWord(w)))))) {
      i = j;
      continue;
    }
    const asked = [...new Set([...(sizeBefore ? [sizeBefore] : []), ...after])];
    for (const size of asked.length ? asked : [null]) {
      const prices = [...new Set(best.p.variants.filter((v) => !size || v.title.toLowerCase().includes(size)).map((v) => v.pricePaise))];
      if (prices.length !== 1 && opts.priced) return null;
      const same = lines.find((l) => l.p === best.p && l.size === size);
      if (!same) lines.push({ p: best.p, size, qty: qty ?? 1, paise: Math.min(...prices), counted: qty !== null });
      else if (qty !== null) {
        // The same count said again is the same items named twice ("3 kids mini bottles for my
        // three kids"); another count adds to the line.
        same.qty = same.counted && same.qty !== qty ? same.qty + qty : qty;
        same.counted = true;
      }
    }
    i = Math.max(j, k);
  }
  return lines.length ? lines : null;
}

/** Whether a cart is more than one product once: a count over one, or two lines. */
const isOrder = (lines: CartLine[]): boolean => lines.length >= 2 || lines[0]!.qty > 1;
/** A cart whose amount the shopper told: an order, or one product with its count ("just 1 kids bottle"). */
const isCounted = (lines: CartLine[]): boolean => isOrder(lines) || !!lines[0]?.counted;
const subtotalOf = (lines: CartLine[]) => lines.reduce((sum, l) => sum + l.qty * l.paise, 0);

/** Where a list of products splits: "urban smart + matte explorer 1000ml", "classic and chai tumbler". */
const LIST_BREAK = new RegExp(`\\s*(?:\\+|&|,|${LIST_WORDS.map((w) => `\\b${w}\\b`).join("|")})\\s*`);

/**
 * The products a question lists, one per part ("urban smart bottle plus kids mini bottle"), each at
 * its one price (or its price at the size named); null when a part names no product, more than one
 * or one whose price depends on a size not given. Two parts naming the same product count once.
 */
export function listedLines(products: CatalogProduct[], question: string): { p: CatalogProduct; size: string | null; paise: number }[] | null {
  const parts = normalise(question).split(LIST_BREAK).filter((part) => words(part).length);
  const lines: { p: CatalogProduct; size: string | null; paise: number }[] = [];
  for (const part of parts) {
    const p = namedProduct(products, part);
    if (!p) continue;
    const size = askedSize(part, sizesOf(p));
    const prices = [...new Set(p.variants.filter((v) => !size || v.title.toLowerCase().includes(size)).map((v) => v.pricePaise))];
    if (prices.length !== 1) return null;
    if (!lines.some((l) => l.p === p && l.size === size)) lines.push({ p, size, paise: prices[0]! });
  }
  return lines.length ? lines : null;
}

const lineLabel = (l: CartLine) => (l.qty > 1 || l.counted ? `${l.qty} × ${l.p.title}${l.size ? ` ${l.size}` : ""} at ${formatPaise(l.paise)}` : `${l.p.title}${l.size ? ` ${l.size}` : ""} (${formatPaise(l.paise)})`);
/** The cart a question describes: counts and sizes read first (cartLines), else one product per listed part. */
// A list that names more products than the cart reading found, none of them counted ("the Everest
// bottle and the Matte Explorer in 1 litre"), is read as the list.
const orderLines = (products: CatalogProduct[], question: string): CartLine[] | null => {
  const read = cartLines(products, question);
  const listed = listedLines(products, question)?.map((l) => ({ ...l, qty: 1 })) ?? null;
  return read && listed && listed.length > read.length && read.every((l) => !l.counted) ? listed : (read ?? listed);
};
const COD_WORDS = /\bcod\b/;
// With the words that ask how much, or what it comes to, in India's other languages (regional.ts:
// "kul kinna", "evlo", "koto", "kiman"), and "thase" (Gujarati: will it come to), "milai"
// (Assamese: together), "lagi", "laggegi" (Bhojpuri, Haryanvi: will it cost).
const TOTAL_WORDS = new RegExp(
  `\\b(total|final|amount|padega|padegi|kitna|kitni|kitne|charges|altogether|overall|pay|paying|cost|bill|banega|banegi|bante|banta|milake|milakar|thase|milai|lagi|laggegi|${REGIONAL_HOW_MUCH.join("|")})\\b|\\bhow much\\b`,
);

/**
 * What an order of the products a question names comes to with cash on delivery ("glacier classic
 * 500ml cod, total kitna padega", "urban smart + matte explorer, paying cash on delivery, final
 * amount"): the prices, shipping as checkout charges it (the orders module's own rule) and the COD
 * fee, or that COD is not offered for that much. Null when COD or a total is not asked, or the
 * products are not all clear.
 */
export function codTotal(products: CatalogProduct[], question: string, rule: ShippingRule | null): string | null {
  if (!rule?.cod) return null;
  const text = normalise(question);
  if (!COD_WORDS.test(text)) return null;
  // An amount the shopper states ("around 25k total, can I pay cash on delivery") is asked against
  // the COD limit as checkout applies it: with shipping and the fee added, which the limit's
  // sentence alone leaves out (₹19,980 is under ₹20,000, its COD total is not).
  const stated = statedAmount(question);
  if (stated !== null) return codForAmount(stated, { ...rule, cod: rule.cod });
  const lines = orderLines(products, question);
  // A total asked, or an order of several ("20 chai tumblers, can we pay cash on delivery for the
  // whole lot"): whether COD takes it depends on what it comes to.
  if (!lines || (!TOTAL_WORDS.test(text) && !isOrder(lines))) return null;
  const subtotal = subtotalOf(lines);
  const shipping = shippingFor(subtotal, rule);
  const total = subtotal + shipping;
  const items = lines.map(lineLabel).join(" + ");
  // Checkout offers cash on delivery while the total with the COD fee is within the limit.
  if (total + rule.cod.fee_paise > rule.cod.max_order_paise)
    return `${items} comes to ${formatPaise(total + rule.cod.fee_paise)} with the ${formatPaise(rule.cod.fee_paise)} cash on delivery fee, over the ${formatPaise(rule.cod.max_order_paise)} cash on delivery limit, so this order is paid online.\n\nMore on this: /checkout`;
  const shippingText = shipping ? `${formatPaise(shipping)} shipping (free only over ${formatPaise(rule.free_over_paise)})` : "free shipping";
  return `${items}, with ${shippingText} and the ${formatPaise(rule.cod.fee_paise)} cash on delivery fee, comes to ${formatPaise(total + rule.cod.fee_paise)} in all (GST included).\n\nMore on this: /checkout`;
}

function codForAmount(amount: number, rule: ShippingRule & { cod: NonNullable<ShippingRule["cod"]> }): string {
  const { cod } = rule;
  const shipping = shippingFor(amount, rule);
  const total = amount + shipping + cod.fee_paise;
  const parts = shipping ? `with ${formatPaise(shipping)} shipping (free only over ${formatPaise(rule.free_over_paise)}) and the ${formatPaise(cod.fee_paise)} cash on delivery fee` : `with free shipping and the ${formatPaise(cod.fee_paise)} cash on delivery fee`;
  const rules = `Cash on delivery is offered while the order with its ${formatPaise(cod.fee_paise)} fee is at most ${formatPaise(cod.max_order_paise)}.`;
  if (total > cod.max_order_paise) return `An order of ${formatPaise(amount)}, ${parts}, comes to ${formatPaise(total)}: over the ${formatPaise(cod.max_order_paise)} cash on delivery limit, so it is paid online (UPI, cards or netbanking). ${rules}\n\nMore on this: /checkout`;
  return `Yes: an order of ${formatPaise(amount)}, ${parts}, comes to ${formatPaise(total)}, within the ${formatPaise(cod.max_order_paise)} cash on delivery limit. ${rules}\n\nMore on this: /checkout`;
}

/**
 * What an order the question describes comes to ("2 glacier classic 500ml and 1 chai tumbler, total
 * with delivery", "3 everest bottles how much", "monsoon slim 350 and 500 both"): each line's count
 * and price, shipping as checkout charges it (the orders module's own rule) and the total. Null
 * unless a total is asked of more than one item; cash on delivery is codTotal's.
 */
export function cartTotal(products: CatalogProduct[], question: string, rule: ShippingRule | null): string | null {
  if (!rule) return null;
  const text = normalise(question);
  if (!TOTAL_WORDS.test(text) || COD_WORDS.test(text) || statedAmount(question) !== null) return null;
  const lines = orderLines(products, question);
  if (!lines || !isOrder(lines)) return null;
  const subtotal = subtotalOf(lines);
  const shipping = shippingFor(subtotal, rule);
  const shippingText = shipping
    ? `a flat ${formatPaise(shipping)} shipping applies (shipping is free only on orders over ${formatPaise(rule.free_over_paise)})`
    : `shipping is free (orders over ${formatPaise(rule.free_over_paise)})`;
  return `${lines.map(lineLabel).join(" + ")} comes to ${formatPaise(subtotal)}; ${shippingText}, so the total is ${formatPaise(subtotal + shipping)} (GST included).\n\nMore on this: /checkout`;
}

/**
 * Whether shipping is free for an amount the shopper names ("my cart is 3200 rs, will I pay for
 * delivery?", "if I buy 2 Himalaya bottles is shipping free?"): the amount compared with the
 * threshold, with the rule itself. Null when the question names no amount or is not about the
 * shipping charge (cash on delivery has its own limit and fee).
 */
export function shippingForAmount(products: CatalogProduct[], question: string, rule: ShippingRule | null): string | null {
  if (!rule) return null;
  const text = normalise(question);
  if (!SHIPPING_WORDS.test(text) || !CHARGE_WORDS.test(text) || /\bcod\b/.test(text)) return null;
  const stated = statedAmount(question);
  // Two or more products named together: their prices added up decide it.
  const lines = stated === null ? orderLines(products, question) : null;
  const counted = lines && isCounted(lines) ? { paise: subtotalOf(lines), label: lines.map(lineLabel).join(" + ") } : null;
  const amount = stated ?? counted?.paise ?? null;
  if (amount === null) return null;
  const subject = counted ? `${counted.label} comes to ${formatPaise(amount)}, which is` : `An order of ${formatPaise(amount)} is`;
  const free = amount > rule.free_over_paise;
  // Short of the threshold, what more it takes: shipping is free strictly over it.
  const gap = rule.free_over_paise - amount;
  const short = free ? "" : gap > 0 ? ` Add more than ${formatPaise(gap)} to your order and shipping is free.` : " Add anything more to your order and shipping is free.";
  const verdict = `${subject} ${free ? "over" : "not over"} ${formatPaise(rule.free_over_paise)}, so ${free ? "shipping is free" : `a flat ${formatPaise(rule.flat_fee_paise)} shipping applies`}.${short}`;
  return `${verdict} Shipping is free on orders over ${formatPaise(rule.free_over_paise)}; below that a flat ${formatPaise(rule.flat_fee_paise)} applies.\n\nMore on this: /shipping-policy`;
}

// And in Bengali ("sob cheye boro", "shob theke chhoto") and Marathi ("sarvat motha").
const LARGEST = /\b(biggest|largest|max(imum)? size|max(imum)? capacity|sabse bada|sabse badi|sabse bade|(sob|shob|sab) ?(cheye|theke) boro|sarvat (motha|mothi|mothe)|(sabto|sabton|sab ton) (vadda|vaddi|vadde))\b/;
const SMALLEST = /\b(smallest|tiniest|min(imum)? size|sabse chhota|sabse chota|sabse choti|sabse chhoti|(sob|shob|sab) ?(cheye|theke) (chhoto|choto)|sarvat (lahan|chhota))\b/;

/**
 * The largest or smallest size of a kind ("biggest bottle u have?", "smallest tumbler"), with the
 * products made in it; null when no such word, a product is named, or no kind or size is asked of.
 */
export function sizeExtreme(products: CatalogProduct[], question: string): string | null {
  const text = normalise(question);
  const largest = LARGEST.test(text);
  if (!largest && !SMALLEST.test(text)) return null;
  const kinds = KINDS.filter((k) => k.kind !== "accessory" && k.asked.test(text));
  if (kinds.length > 1 || (!kinds.length && !/\b(size|sizes|capacity|capacities)\b/.test(text))) return null;
  const kind = kinds[0] ?? null;
  // A product named by a word that is a feature of the kind asked ("largest bottle with a handle"
  // names the Handle Mug, a tumbler): the word narrows the kind to the products that hold it.
  // A product of the kind asked, named, is a question about that product.
  // Only the part that asks may name a product: "planning a 5 day trek, which is ur biggest bottle"
  // tells of a trek, it does not ask about the Trek Flip-Lid.
  const named = namedProduct(products, askingPart(question) ?? question);
  if (named && (!kind || kind.is(named))) return null;
  const asked = new Set(words(text));
  const features = named ? nameWords(named.title).filter((w) => asked.has(w)) : [];
  const holds = (p: CatalogProduct) => features.every((w) => new RegExp(`\\b${w}`, "i").test(`${p.title} ${p.description}`));
  const pool = products.filter((p) => sizesOf(p).length && !ADD_ON.test(p.title) && (!kind || kind.is(p)) && holds(p));
  if (!pool.length) return null;
  const all = [...new Set(pool.flatMap(sizesOf))].sort((a, b) => parseInt(a, 10) - parseInt(b, 10));
  const size = largest ? all.at(-1)! : all[0]!;
  const inSize = pool.filter((p) => sizesOf(p).includes(size));
  const noun = kind ? kind.plural : "bottles and tumblers";
  return `Our ${largest ? "largest" : "smallest"} ${noun} hold ${size} (ours come in ${all.join(", ")}): ${inSize
    .slice(0, 6)
    .map((p) => `${p.title} (${p.link})`)
    .join(", ")}${inSize.length > 6 ? " and more" : ""}.`;
}

const COLOUR_ASK = /\b(colou?rs?|shades?|rang|rangon|finish|finishes)\b/;
const SIZE_ASK = /\b(sizes?|capacity|capacities|ml|how big|volume)\b/;
/** A question about a policy (returning, exchanging, a claim, delivery, paying) is not one about a product's options. */
const POLICY = /\b(return\w*|exchange\w*|refund\w*|replace\w*|warranty|guarantee|defect\w*|broken|damaged|ship\w*|deliver\w*|cod|pay\w*|engrav\w*|stock)\b/;

/**
 * The colours or sizes of a product the question names ("glacier classic me kaunse colours
 * milenge", "what sizes does the monsoon slim come in"), from its options, with its price and
 * link. Null when no one product is named, neither is asked, or the question is about a policy
 * ("exchange the classic for another colour"), a size's price (priceAtSize) or whether a size is made.
 */
export function productOptions(products: CatalogProduct[], question: string): string | null {
  const text = normalise(question);
  const colours = COLOUR_ASK.test(text);
  const sizes = SIZE_ASK.test(text);
  if ((!colours && !sizes) || POLICY.test(text)) return null;
  const p = namedProduct(products, question);
  // Named only by a word of the shopper's day ("for my office desk" is not the Office Lid Tumbler).
  const asked = new Set(words(text));
  if (!p || !nameWords(p.title).some((w) => asked.has(w) && !isContextWord(w))) return null;
  const option = (name: string) => p.options.find((o) => o.name === name)?.values ?? [];
  const lines: string[] = [];
  if (colours && option("Color").length) lines.push(`Colours: ${option("Color").join(", ")}`);
  const madeIn = sizesOf(p);
  const from = (size: string) => Math.min(...p.variants.filter((v) => v.title.toLowerCase().includes(size)).map((v) => v.pricePaise));
  if (sizes && madeIn.length) lines.push(`Sizes: ${madeIn.map((size) => (madeIn.length > 1 ? `${size} (${formatPaise(from(size))})` : size)).join(", ")}`);
  if (!lines.length) return null;
  const prices = [...new Set(p.variants.map((v) => v.pricePaise))].sort((a, b) => a - b);
  const price = prices.length === 1 ? formatPaise(prices[0]!) : `from ${formatPaise(prices[0]!)} to ${formatPaise(prices.at(-1)!)} depending on the size`;
  return `The ${p.title} comes in these options. ${lines.join(". ")}. Price ${price}.\nSee it here: ${p.link}`;
}

/** Asking which one: "which of your bottles", "kaunsi", "sabse". */
const WHICH = /\b(which|what|konsa|konsi|konse|kaunsa|kaunsi|kaunse|sabse)\b/;

/**
 * The one product whose own description claims the superlative the question asks for ("which
 * bottle keeps drinks cold the longest": the one "for the longest cold"). Superlatives of price
 * and size are computed from prices and sizes (above); this reads the descriptions, so it follows
 * the catalogue. Null when no word of the question is a superlative exactly one product claims.
 */
export function superlativeProduct(products: CatalogProduct[], question: string): string | null {
  const text = normalise(question);
  if (!WHICH.test(text)) return null;
  const superlatives = words(text).filter((w) => w.length > 5 && /est$/.test(w));
  for (const word of superlatives) {
    const claim = new RegExp(`\\b${word}\\b`, "i");
    const claimed = products.filter((p) => claim.test(p.description));
    if (claimed.length !== 1) continue;
    const p = claimed[0]!;
    const sentence = p.description.split(/(?<=\.)\s+/).find((s) => claim.test(s)) ?? p.description;
    return `The ${p.title}: ${sentence}\nSee it here: ${p.link}`;
  }
  return null;
}

/** What one product's description says that another's does not: the sentences they share (the insulation) left out. */
function ownSentences(p: CatalogProduct, others: CatalogProduct[]): string {
  const sentences = p.description.split(/(?<=\.)\s+/);
  const own = sentences.filter((sentence) => !others.some((o) => o.description.includes(sentence)));
  return (own.length ? own : sentences).join(" ");
}

const priceText = (p: CatalogProduct) => {
  const prices = [...new Set(p.variants.map((v) => v.pricePaise))].sort((a, b) => a - b);
  return prices.length === 1 ? formatPaise(prices[0]!) : `from ${formatPaise(prices[0]!)}`;
};

const COMPARE = /\b(diff|difference|differences|different|differ|compare|comparison|vs|versus|farak|fark|antar|better)\b/;

/** The products a question weighs against each other ("classic vs trek"), or null when it compares fewer than two. */
function comparedProducts(products: CatalogProduct[], question: string): CatalogProduct[] | null {
  const text = normalise(question);
  if (!COMPARE.test(text) || POLICY.test(text)) return null;
  const named = [...new Set((cartLines(products, question, { priced: false }) ?? []).map((l) => l.p))];
  return named.length >= 2 ? named : null;
}

/**
 * Two (or more) products compared ("whats the diff between matte tumbler and commuter coffee
 * tumbler"): what each one's description says that the others' do not, with its price. Null
 * unless a comparison is asked and at least two products are named.
 */
export function compareProducts(products: CatalogProduct[], question: string): string | null {
  const named = comparedProducts(products, question);
  if (!named) return null;
  const rows = named.map((p) => `${p.title} (${priceText(p)}): ${ownSentences(p, named.filter((o) => o !== p))}`);
  const shared = named[0]!.description.split(/(?<=\.)\s+/).filter((sentence) => named.every((o) => o.description.includes(sentence)));
  return `${rows.join("\n")}${shared.length ? `\nBoth: ${shared.join(" ")}` : ""}\nSee them here: ${named.map((p) => p.link).join(", ")}`;
}

/** Asking what a product is for or does: "what does the urban smart bottle do", "features of", "kya khaas hai". */
const DESCRIBE = /\b(what|wht|wat)\s+(does|do|is|are)\b.{0,40}\b(do|does|for|special|different)\b|\b(wht's|whats|what's)\b.{0,40}\b(for|special|different)\b|\bfeatures?\b|\bspecial about\b|\b(kya|kyaa) (karta|karti|karte|khaas|khas|special)\b|\bwhat is (it|the)\b.{0,40}\b(about|like)\b/;

/**
 * What a named product does ("wht does the urban smart bottle do exactly"): its description, price
 * and link. Null unless one product is named by a word of its own name (not a word of the
 * shopper's day) and the question asks what it does or is for, not about a policy.
 */
export function describeProduct(products: CatalogProduct[], question: string): string | null {
  const text = normalise(question);
  if (!DESCRIBE.test(text) || POLICY.test(text) || PRICE_WORDS.test(text)) return null;
  const p = namedProduct(products, question);
  const asked = new Set(words(text));
  if (!p || !nameWords(p.title).some((w) => asked.has(w) && !isContextWord(w))) return null;
  return `The ${p.title}: ${p.description} Price ${priceText(p)}.\nSee it here: ${p.link}`;
}

/**
 * Whether an engraving the shopper quotes fits ("i want to engrave 'Happy Birthday Priyanka!!', will
 * it fit"): its length against the product page's limit. Null without engraving words and a quoted text.
 */
export function engravingFit(question: string, maxLength: number): string | null {
  if (!/\bengrav\w*|\bpersonali[sz]\w*|\blikhwa\w*/i.test(question)) return null;
  const quoted = question.match(/["'‘“]([^"'’”]{1,80})["'’”]/)?.[1]?.trim();
  if (!quoted) return null;
  const length = [...quoted].length;
  const verdict =
    length <= maxLength
      ? `"${quoted}" is ${length} characters, so it fits: engraving takes up to ${maxLength} characters.`
      : `"${quoted}" is ${length} characters, and engraving takes up to ${maxLength} characters (spaces and punctuation count), so it needs to be shortened to fit.`;
  return `${verdict} Type it in the Engraving box on the product page. Engraved products cannot be returned unless they arrive damaged or defective.`;
}

const FITS = /\b(fit|fits|fitting|compatible|compatibility|go on|goes on|work with|works with|lagega|lag jayega|lagta|aayega|ayega)\b/;

/**
 * Whether an add-on fits ("will the sport cap fit my glacier classic?"): the add-on's own
 * description, which says what it is made for ("for standard-mouth bottles", "any wide-mouth
 * bottle"). Null unless fitting is asked, exactly one add-on is named by its whole title (its
 * kind word too, so "sport" alone is the Summit Sport Bottle), and the bottle is one of ours or
 * the question asks which of ours.
 */
export function accessoryFit(products: CatalogProduct[], question: string): string | null {
  const text = normalise(question);
  if (!FITS.test(text)) return null;
  const asked = new Set(words(text).map((w) => w.replace(/s$/, "")));
  const addOns = products.filter((p) => ADD_ON.test(p.title) && words(normalise(p.title)).every((w) => asked.has(w.replace(/s$/, "")) || w === "bottle" || w === "set"));
  if (addOns.length !== 1) return null;
  const p = addOns[0]!;
  // On one of ours ("my glacier classic") or on which of ours ("all bottles"); another brand's bottle is for the team.
  // The add-on's own words ("sport" of the Sport Cap) name no bottle.
  const own = new Set(words(normalise(p.title)));
  const rest = words(text).filter((w) => !own.has(w)).join(" ");
  const ours = namedProduct(products.filter((o) => !ADD_ON.test(o.title)), rest);
  const oursNamed = ours && nameWords(ours.title).some((w) => rest.split(" ").includes(w) && !isContextWord(w));
  if (!oursNamed && !/\b(which|all|any|every|konsi|kaunsi|konse|kaunse|sab|sabhi)\b(\s+\w+){0,2}\s+(bottles?|tumblers?)\b/.test(text)) return null;
  return `The ${p.title}: ${p.description} Price ${priceText(p)}.\nSee it here: ${p.link}`;
}

const MORE = /\b(extra|more|difference|diff|farak|fark|zyada|jyada|gap|vs|versus|between|compared?)\b/;

/**
 * What one size costs over another of the same product ("matte explorer 750 vs 1000, how much extra
 * for the bigger one"): both prices and the difference. Null unless one product and two of its
 * sizes are named and a price or a difference is asked.
 */
export function sizePriceDifference(products: CatalogProduct[], question: string): string | null {
  const text = normalise(question).replace(/(\d),(\d)/g, "$1$2");
  if (!MORE.test(text) || !(PRICE_WORDS.test(text) || /\b(extra|more|difference|diff)\b/.test(text))) return null;
  const p = namedProduct(products, question);
  if (!p) return null;
  const named = askedSizes(question, sizesOf(p));
  if (named.length !== 2) return null;
  const priceAt = (size: string) => [...new Set(p.variants.filter((v) => v.title.toLowerCase().includes(size)).map((v) => v.pricePaise))];
  const [a, b] = named.sort((x, y) => parseInt(x, 10) - parseInt(y, 10)).map(priceAt);
  if (a!.length !== 1 || b!.length !== 1) return null;
  const gap = b![0]! - a![0]!;
  const verdict = gap > 0 ? `the ${named[1]} is ${formatPaise(gap)} more` : gap < 0 ? `the ${named[1]} is ${formatPaise(-gap)} less` : "both cost the same";
  return `${p.title}: ${named[0]} ${formatPaise(a![0]!)}, ${named[1]} ${formatPaise(b![0]!)}, so ${verdict}.\nSee it here: ${p.link}`;
}

const ORIGINAL = /\b(original|actual|real|old|previous|earlier|before|usual|regular|mrp|was|struck|strike|cut)\b.{0,20}\b(price|prices|rate|cost|mrp)\b|\bprice before\b|\bbefore (the )?discount\b|\bwithout (the )?discount\b|\bhow much (is|was) (the )?discount\b|\b(discount|discounts|saving|savings|bachat|bachega)\b|\bhow much off\b|\b\d+ ?% off\b/;

/**
 * The price a named product had before its discount ("sport cap shows a discount, wat was the
 * original price"): the MRP struck out beside each price that has one, and the saving. Null
 * unless one product is named by its own words and the question asks for the price before.
 */
export function originalPrice(products: CatalogProduct[], question: string): string | null {
  const text = normalise(question);
  // A discount code is checkout's box, not a product's struck-out price.
  if (!ORIGINAL.test(text) || /\b(code|codes|coupon|coupons|promo|voucher)\b/.test(text)) return null;
  const p = namedProduct(products, question);
  const asked = new Set(words(text));
  if (!p || !nameWords(p.title).some((w) => asked.has(w) && !isContextWord(w))) return null;
  const size = askedSize(question, sizesOf(p));
  const variants = p.variants.filter((v) => !size || v.title.toLowerCase().includes(size));
  const struck = [...new Map(variants.filter((v) => v.compareAtPricePaise && v.compareAtPricePaise > v.pricePaise).map((v) => [`${v.pricePaise}/${v.compareAtPricePaise}`, v])).values()];
  if (!struck.length) return `The ${p.title}${size ? `, ${size},` : ""} is ${priceText({ ...p, variants })} with no discount: that is its full price (GST included).\nSee it here: ${p.link}`;
  const sizeOf = (v: { title: string }) => (sizesOf(p).length > 1 && !size ? `${v.title.match(/\b\d{3,4}ml\b/i)?.[0]?.toLowerCase() ?? v.title}: ` : "");
  const rows = struck.slice(0, 4).map((v) => `${sizeOf(v)}${formatPaise(v.pricePaise)}, was ${formatPaise(v.compareAtPricePaise!)} (you save ${formatPaise(v.compareAtPricePaise! - v.pricePaise)})`);
  return `The ${p.title}: ${rows.join("; ")}. The struck-out price is the original price before the discount.\nSee it here: ${p.link}`;
}

/**
 * A count over what one order line takes ("want 75 espresso tumblers, can i order all in one
 * line"): the cart's own limit, and that the team helps with more. Null unless a number over the
 * limit stands before a product's name or a kind of product.
 */
export function overLineLimit(products: CatalogProduct[], question: string): string | null {
  // "60 of the same bottle" counts bottles as "60 bottles" does.
  const text = normalise(question)
    .replace(/(\d),(\d)/g, "$1$2")
    .replace(/\b(\d{2,5}) (?:of )?(?:the |these |those |this |your |ur )?(?:same |identical |similar |matching )?(?=[a-z])/g, "$1 ");
  // A price, a discount or a custom job for a large order is for the team to quote.
  if (/\b(discount\w*|price\w*|rates?|cost\w*|quote|quotation|custom\w*|offer\w*|deal|cheaper|sasta|logo\w*|pantone)\b/.test(text)) return null;
  const names = new Set(products.flatMap((p) => nameWords(p.title)));
  for (const m of text.matchAll(/\b(\d{2,5})\s+((?:[a-z-]+\s+){0,3}?)(bottles?|tumblers?|mugs?|flasks?|pieces|pcs|units|nos|[a-z-]+)\b/g)) {
    const count = Number(m[1]);
    const named = /^(bottles?|tumblers?|mugs?|flasks?|pieces|pcs|units|nos)$/.test(m[3]!) || names.has(m[3]!) || words(m[2]!).some((w) => names.has(w));
    if (count > MAX_LINE_QUANTITY && count <= 100_000 && named)
      return `One order line takes at most ${MAX_LINE_QUANTITY} of an item (a product in one size and colour), so ${count} of one item cannot go in one order as it is. For ${count}, write to our team in this chat: they will help with a larger order.`;
  }
  return null;
}

/** The GST behind the prices, which include it: the store's rate, for the tax inside an amount. */
export type GstRule = { ratePercent: number };

const GST_WORDS = /\b(gst|tax|taxes|cgst|sgst|igst)\b/;
const INSIDE_WORDS = /\b(inside|included|includes|including|inclusive|within|part of|portion|component|breakup|break up|how much|kitna|kitni|kitne|amount of)\b/;

/**
 * How much GST is inside an amount the shopper states ("how much GST is sitting inside the ₹999
 * price?"): the prices include it, so it is taken out as the invoice takes it out, with the
 * store's rate; the invoice splits it as CGST + SGST in the seller's state and IGST in any other.
 * A product with a rate of its own is not read here: only a stated amount at the store's rate.
 */
export function gstInside(question: string, gst: GstRule | null): string | null {
  if (!gst) return null;
  const text = normalise(question);
  if (!GST_WORDS.test(text) || !INSIDE_WORDS.test(text)) return null;
  const amount = statedAmount(question);
  if (amount === null) return null;
  // Whole rupees, as the shop prints money: the two parts are rounded so that they add up to the amount.
  const { taxablePaise } = splitTax(amount, gst.ratePercent, false);
  const before = Math.round(taxablePaise / 100) * 100;
  return `Our prices include GST, and nothing is added at checkout: of ${formatPaise(amount)}, about ${formatPaise(before)} is the value before tax and ${formatPaise(amount - before)} is GST at ${gst.ratePercent}%. The tax invoice shows it as CGST + SGST (half each) for an address in our own state, or as IGST for any other state.\n\nMore on this: /terms-of-service`;
}

/** A computed answer (from the catalogue, or the shipping or GST rule and an amount), or null when the question is not one of these kinds. */
export function catalogAnswer(products: CatalogProduct[], question: string, shipping: ShippingRule | null = null, gst: GstRule | null = null): string | null {
  return overLineLimit(products, question) ?? accessoryFit(products, question) ?? codTotal(products, question, shipping) ?? cartTotal(products, question, shipping) ?? shippingForAmount(products, question, shipping) ?? gstInside(question, gst) ?? sizePriceDifference(products, question) ?? originalPrice(products, question) ?? priceAtSize(products, question) ?? cheapestOfKind(products, question) ?? sizeOffer(products, question) ?? sizeExtreme(products, question) ?? productOptions(products, question) ?? superlativeProduct(products, question) ?? compareProducts(products, question) ?? describeProduct(products, question) ?? engravingFit(question, ENGRAVING_MAX_LENGTH);
}
