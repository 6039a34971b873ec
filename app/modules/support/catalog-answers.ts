import { formatPaise } from "~/lib/money";
import { shippingFor } from "~/modules/orders/orders";
import type { ProductFacts } from "~/modules/catalog/catalog.server";
import { isContextWord, normalise, words } from "./language";

// Product questions whose answer is computed from the catalogue rather than found in a passage:
// a named product's price at a named size ("price of glacier classic 750"), the cheapest or
// dearest item of a kind ("cheapest tumbler?") and whether a size exists ("2 litre bottle?").
// Pure (the products are passed in), so each rule is unit-tested. Strict on purpose: when a rule
// is not sure it returns null and retrieval decides.

export type CatalogProduct = ProductFacts & { link: string };

const PRICE_WORDS = /\b(price|prices|priced|cost|costs|rate|mrp|kitna|kitne|kitni|kimat|keemat|daam|rupees|rs|inr)\b|\bhow much\b/;
const CHEAP = /\b(cheapest|cheap|cheaper|lowest|least expensive|low budget|budget|affordable|sasta|sasti|saste|sabse kam)\b/;
const DEAR = /\b(costliest|most expensive|priciest|highest price|mehenga|mehnga)\b/;
/** Not a bottle or tumbler of its own: add-ons, whose sizes are the bottles they fit. */
const ADD_ON = /\b(sleeve|strap|brush|lid|cap|boot)( set)?$/i;
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

/** Words of a product's name that tell it apart (not "bottle", "tumbler" or "with"). */
const GENERIC = new Set(["bottle", "bottles", "tumbler", "tumblers", "with", "the", "and", "lid", "cap", "set", "mini"]);
function nameWords(title: string): string[] {
  return words(normalise(title)).filter((w) => !GENERIC.has(w) && w.length >= 3);
}

/** The one product the question names best (most of its distinctive name words), or null when none or a tie. */
export function namedProduct(products: CatalogProduct[], question: string): CatalogProduct | null {
  const asked = new Set(words(normalise(question)));
  let best: { p: CatalogProduct; hits: number; share: number } | null = null;
  let tie = false;
  for (const p of products) {
    const names = nameWords(p.title);
    const hits = names.filter((w) => asked.has(w)).length;
    if (!hits) continue;
    const share = hits / names.length;
    if (!best || hits > best.hits || (hits === best.hits && share > best.share)) {
      best = { p, hits, share };
      tie = false;
    } else if (hits === best.hits && share === best.share) tie = true;
  }
  return best && !tie ? best.p : null;
}

/** The size a question names, as the catalogue writes it ("750ml"), among the given sizes: "750", "750 ml", "1 litre". */
function askedSize(question: string, sizes: string[]): string | null {
  const text = normalise(question);
  return sizes.find((size) => new RegExp(`\\b${size.replace(/ml$/, "")}(ml)?\\b`).test(text)) ?? null;
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
  return `${p.title}, ${size}: ${price}${was ? ` (was ${formatPaise(was)})` : ""}. ${stock}\nSee it here: ${p.link}`;
}

/** The cheapest (or dearest) item of a kind the question names ("cheapest tumbler?"), with its price and link; else null. */
export function cheapestOfKind(products: CatalogProduct[], question: string): string | null {
  const text = normalise(question);
  const dear = DEAR.test(text);
  if (!dear && !CHEAP.test(text)) return null;
  const asked = KINDS.filter((k) => k.asked.test(text));
  // One kind, or the whole shop ("cheapest thing on your site"); two kinds, or a thing that is no
  // kind ("cheapest straw for a bottle"), is for retrieval.
  if (asked.length > 1 || (!asked.length && !WHOLE_SHOP.test(text))) return null;
  const kind = asked[0] ?? { kind: "item", plural: "items", is: () => true };
  const items = products.filter(kind.is).map((p) => {
    const prices = p.variants.map((v) => v.pricePaise);
    return { p, price: dear ? Math.max(...prices) : Math.min(...prices) };
  });
  const known = items.filter((x) => Number.isFinite(x.price));
  if (!known.length) return null;
  const best = dear ? Math.max(...known.map((x) => x.price)) : Math.min(...known.map((x) => x.price));
  const top = known.filter((x) => x.price === best).slice(0, 3);
  const which = dear ? "most expensive" : "cheapest";
  const head =
    top.length === 1
      ? `Our ${which} ${kind.kind} is the ${top[0]!.p.title} at ${formatPaise(best)}.`
      : `Our ${which} ${kind.plural} are ${formatPaise(best)}: ${top.map((x) => x.p.title).join(", ")}.`;
  return `${head}\nSee ${top.length === 1 ? "it" : "them"} here: ${top.map((x) => x.p.link).join(", ")}`;
}

/** Anything the shop sells: "cheapest thing on your site", "cheapest item you have". */
const WHOLE_SHOP = /\b(thing|things|item|items|product|products|anything|something|site|website|store|shop)\b/;

const AVAILABLE = /\b(have|has|available|sell|sells|come|comes|make|makes|milega|milegi|milta|milti|got|size|sizes|exist|stock|hai|hain|chahiye)\b/;

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
  const named = namedProduct(products, question);
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
  const others = `our ${asked} ${noun}: ${list(inSize.slice(0, 6))}${inSize.length > 6 ? " and more" : ""}.`;
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
const COUNTS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, do: 2, teen: 3, char: 4, paanch: 5 };

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

/** "2 himalaya bottles": a count of one named product at one price (its only price, or the price at the size named); else null. */
function namedQuantity(products: CatalogProduct[], question: string): { paise: number; label: string } | null {
  const text = normalise(question);
  const p = namedProduct(products, question);
  if (!p) return null;
  const first = nameWords(p.title)[0]!;
  const count = text.match(new RegExp(`\\b(\\d{1,2}|${Object.keys(COUNTS).join("|")})\\s+(?:[a-z]+\\s+){0,2}${first}\\b`));
  if (!count) return null;
  const n = COUNTS[count[1]!] ?? Number(count[1]);
  if (!(n >= 1 && n <= 50)) return null;
  const size = askedSize(question, sizesOf(p));
  const prices = [...new Set(p.variants.filter((v) => !size || v.title.toLowerCase().includes(size)).map((v) => v.pricePaise))];
  if (prices.length !== 1) return null;
  return { paise: n * prices[0]!, label: `${n} × ${p.title}${size ? ` ${size}` : ""} at ${formatPaise(prices[0]!)}` };
}

/** Where a list of products splits: "urban smart + matte explorer 1000ml", "classic and chai tumbler". */
const LIST_BREAK = /\s*(?:\+|&|,|\bplus\b|\band\b|\baur\b|\bwith\b)\s*/;

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

const lineLabel = (l: { p: CatalogProduct; size: string | null; paise: number }) => `${l.p.title}${l.size ? ` ${l.size}` : ""} (${formatPaise(l.paise)})`;
const COD_WORDS = /\bcod\b/;
const TOTAL_WORDS = /\b(total|final|amount|padega|padegi|kitna|kitni|kitne|charges|altogether|overall|pay|paying|cost|bill)\b|\bhow much\b/;

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
  if (!COD_WORDS.test(text) || !TOTAL_WORDS.test(text)) return null;
  // An amount the shopper states ("around 25k total, can I pay cash on delivery") is asked against
  // the COD limit, which the shop's own text answers; a word of it may merely look like a product's name.
  if (statedAmount(question) !== null) return null;
  const lines = listedLines(products, question);
  if (!lines) return null;
  const subtotal = lines.reduce((sum, l) => sum + l.paise, 0);
  const shipping = shippingFor(subtotal, rule);
  const total = subtotal + shipping;
  const items = lines.map(lineLabel).join(" + ");
  if (total > rule.cod.max_order_paise)
    return `${items} comes to ${formatPaise(total)}, over the ${formatPaise(rule.cod.max_order_paise)} cash on delivery limit, so this order is paid online.\n\nMore on this: /checkout`;
  const shippingText = shipping ? `${formatPaise(shipping)} shipping (free only over ${formatPaise(rule.free_over_paise)})` : "free shipping";
  return `${items}, with ${shippingText} and the ${formatPaise(rule.cod.fee_paise)} cash on delivery fee, comes to ${formatPaise(total + rule.cod.fee_paise)} in all (GST included).\n\nMore on this: /checkout`;
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
  const listed = stated === null ? listedLines(products, question) : null;
  const counted = stated === null ? (namedQuantity(products, question) ?? (listed && listed.length >= 2 ? { paise: listed.reduce((sum, l) => sum + l.paise, 0), label: listed.map(lineLabel).join(" + ") } : null)) : null;
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

const LARGEST = /\b(biggest|largest|max(imum)? size|max(imum)? capacity|sabse bada|sabse badi|sabse bade)\b/;
const SMALLEST = /\b(smallest|tiniest|min(imum)? size|sabse chhota|sabse chota|sabse choti|sabse chhoti)\b/;

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
  const named = namedProduct(products, question);
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

/** A computed answer (from the catalogue, or the shipping rule and an amount), or null when the question is not one of these kinds. */
export function catalogAnswer(products: CatalogProduct[], question: string, shipping: ShippingRule | null = null): string | null {
  return codTotal(products, question, shipping) ?? shippingForAmount(products, question, shipping) ?? priceAtSize(products, question) ?? cheapestOfKind(products, question) ?? sizeOffer(products, question) ?? sizeExtreme(products, question) ?? productOptions(products, question) ?? superlativeProduct(products, question);
}
