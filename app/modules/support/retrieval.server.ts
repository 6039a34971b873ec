import { marked, type Token } from "marked";
import { sql } from "drizzle-orm";
import type { EventBus } from "~/modules/events/event-bus.server";
import { CACHE_POLICIES } from "~/modules/events/cache-policies";
import type { Db } from "~/db/types";
import { formatPaise } from "~/lib/money";
import { listActiveProductFacts, type ProductFacts } from "~/modules/catalog/product-facts.server";
import { listContentPages, listFaqItems } from "~/modules/content/knowledge.server";
import { warrantyTitle } from "~/modules/content/warranty";
import { getSetting } from "~/modules/settings/settings.server";

// The bot's knowledge: passages from the FAQ, the content pages, the service facts and the
// products, ranked against a question with PostgreSQL full-text search (works on PGlite too).

export type Passage = {
  source: "faq" | "page" | "fact" | "product";
  /** Weighted higher in ranking: the FAQ question, the page and section title, the product name. */
  title: string;
  text: string;
  link: string;
  product?: ProductFacts;
};

export type Ranked = { passage: Passage; rank: number; matched: number; terms: number };

export async function buildCorpus(db: Db): Promise<Passage[]> {
  const [faq, pages, productFacts, contact, warranty, shipping] = await Promise.all([
    listFaqItems(db),
    listContentPages(db),
    listActiveProductFacts(db),
    getSetting(db, "store_contact"),
    getSetting(db, "warranty"),
    getSetting(db, "shipping"),
  ]);
  const passages: Passage[] = [];
  for (const f of faq) passages.push({ source: "faq", title: f.question, text: f.answer, link: "/faq" });
  passages.push(
    { source: "fact", title: "Warranty", text: `Every GLACIAL product carries a ${warrantyTitle(warranty.period)} against manufacturer's defects.`, link: "/faq" },
    {
      source: "fact",
      title: "Free shipping delivery charges",
      text: `Shipping is free on orders over ${formatPaise(shipping.free_over_paise)}; below that a flat ${formatPaise(shipping.flat_fee_paise)} applies.`,
      link: "/shipping-policy",
    },
    {
      source: "fact",
      title: "Online support hours contact customer care",
      text: `Our support team is available 24 hours a day, 7 days a week: call ${contact.phone}, write to ${contact.email}, or chat here.`,
      link: "/contact",
    },
  );
  for (const page of pages) {
    for (const section of markdownPassages(page.bodyMarkdown)) {
      passages.push({ source: "page", title: [page.title, section.heading].filter(Boolean).join(": "), text: section.text, link: `/${page.slug}` });
    }
  }
  for (const p of productFacts) {
    const options = p.options.map((o) => `${o.name}: ${o.values.join(", ")}`).join(". ");
    passages.push({ source: "product", title: p.title, text: `${p.description} ${options}.`, link: `/product/${p.slug}`, product: p });
  }
  return passages;
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

/** The corpus with each passage's tsvector, computed once and kept until the shop's content changes. */
export type IndexedCorpus = { passages: Passage[]; vectors: string[]; builtAt: number };

const corpusCache = new WeakMap<Db, Promise<IndexedCorpus>>();
const watched = new WeakSet<EventBus>();

/**
 * Stemming ~100 passages on every question would cost the embedded database (which runs on the
 * server's own thread) hundreds of milliseconds; their vectors are computed once and kept until a
 * catalogue, setting or content change (policy `supportCorpus`), so an FAQ edit is answered at once.
 */
export async function indexedCorpus(db: Db, events: EventBus, now = Date.now()): Promise<IndexedCorpus> {
  const policy = CACHE_POLICIES.supportCorpus;
  if (!watched.has(events)) {
    watched.add(events);
    for (const topic of policy.invalidatedBy) events.subscribe(topic, () => corpusCache.delete(db));
  }
  const cached = corpusCache.get(db);
  if (cached) {
    const corpus = await cached.catch(() => null);
    if (corpus && now - corpus.builtAt < policy.ttlMs) return corpus;
  }
  const building = (async () => {
    const passages = await buildCorpus(db);
    const docs = JSON.stringify(passages.map((p) => [p.title, p.text]));
    const result = (await db.execute(sql`
      select (setweight(to_tsvector('english', e->>0), 'A') || setweight(to_tsvector('english', e->>1), 'B'))::text as v
      from jsonb_array_elements(${docs}::jsonb) with ordinality as t(e, n)
      order by n
    `)) as unknown as { rows: { v: string }[] };
    return { passages, vectors: result.rows.map((r) => r.v), builtAt: now };
  })();
  corpusCache.set(db, building);
  return building;
}

/**
 * Ranks passages by ts_rank against the question's lexemes joined with OR, and counts how many
 * of the question's lexemes each passage contains (the caller's measure of a good match).
 */
export async function rankPassages(db: Db, question: string, corpus: IndexedCorpus, limit = 3): Promise<Ranked[]> {
  const vectors = JSON.stringify(corpus.vectors);
  const result = (await db.execute(sql`
    with q as (
      select coalesce(array_agg(distinct l), '{}') as lex
      from unnest(tsvector_to_array(to_tsvector('english', ${question}))) as l
    ),
    tsq as (
      select case when cardinality(lex) = 0 then null
        else array_to_string(array(select quote_literal(x) from unnest(lex) as x), ' | ')::tsquery end as query,
        lex
      from q
    ),
    docs as (
      select (n - 1)::int as i, (e #>> '{}')::tsvector as v
      from jsonb_array_elements(${vectors}::jsonb) with ordinality as t(e, n)
    )
    select docs.i,
      coalesce(ts_rank(docs.v, tsq.query), 0)::float8 as rank,
      (select count(*) from unnest(tsq.lex) as x where x = any(tsvector_to_array(docs.v)))::int as matched,
      cardinality(tsq.lex)::int as terms
    from docs, tsq
    order by matched desc, rank desc, docs.i
    limit ${limit}
  `)) as unknown as { rows: { i: number; rank: number; matched: number; terms: number }[] };
  return result.rows.map((r) => ({ passage: corpus.passages[Number(r.i)]!, rank: Number(r.rank), matched: Number(r.matched), terms: Number(r.terms) }));
}

/** A good match covers at least half of the question's words (or three of them) with a real rank. */
export function isGoodMatch(r: Ranked | undefined): r is Ranked {
  if (!r || r.matched === 0 || r.rank <= 0) return false;
  return r.matched >= 3 || r.matched / r.terms >= 0.5;
}

/** The built-in answer for a passage: products with price range, stock and link; other passages with their page. */
export function answerFrom(p: Passage): string {
  if (p.source === "product" && p.product) return productAnswer(p.product, p.link);
  return `${p.text}\n\nMore on this: ${p.link}`;
}

function productAnswer(p: ProductFacts, link: string): string {
  const prices = p.variants.map((v) => v.pricePaise);
  const min = Math.min(...prices);
  const max = Math.max(...prices);
  const cheapest = p.variants.find((v) => v.pricePaise === min);
  let price = min === max ? `${formatPaise(min)}` : `from ${formatPaise(min)} to ${formatPaise(max)} depending on the size`;
  if (min === max && cheapest?.compareAtPricePaise) price += ` (was ${formatPaise(cheapest.compareAtPricePaise)})`;
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
