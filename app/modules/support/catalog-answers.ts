import { formatPaise } from "~/lib/money";
import type { ProductFacts } from "~/modules/catalog/catalog.server";
import { normalise, words } from "./language";

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
  // Exactly one kind: "cheapest straw for a bottle" or no kind at all is for retrieval.
  if (asked.length !== 1) return null;
  const kind = asked[0]!;
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

const AVAILABLE = /\b(have|has|available|sell|sells|come|comes|make|makes|milega|milegi|milta|milti|got|size|sizes|exist|stock)\b/;

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

/** A computed catalogue answer, or null when the question is not one of these kinds. */
export function catalogAnswer(products: CatalogProduct[], question: string): string | null {
  return priceAtSize(products, question) ?? cheapestOfKind(products, question) ?? sizeOffer(products, question);
}
