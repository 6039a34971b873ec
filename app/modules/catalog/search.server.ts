import { type SQL, and, asc, count, desc, eq, exists, inArray, or, sql } from "drizzle-orm";
import type { Db } from "~/db/types";
import { type ProductCardView, productRowColumns, toCards } from "./listing.server";
import { PAGE_SIZE, clampPage, pageCount } from "./listing-params";
import { HIGHLIGHT_START, HIGHLIGHT_STOP, type TextPart, highlightParts, normaliseQuery } from "./search-text";
import { productVariants, products } from "./schema";

// Full-text search over active products: title, tags and description through products.search_vector
// (English stemming, weighted A/B/C), SKUs through product_variants.sku_vector ('simple'). Both are
// generated columns with GIN indexes. websearch_to_tsquery accepts any text, so no input is an error.

export type SearchHit = ProductCardView & { titleParts: TextPart[]; snippetParts: TextPart[]; matchedSku: string | null };
export type SearchResult = { query: string; hits: SearchHit[]; total: number; page: number; pageCount: number };

const TITLE_HEADLINE = `StartSel=${HIGHLIGHT_START}, StopSel=${HIGHLIGHT_STOP}, HighlightAll=true`;
const SNIPPET_HEADLINE = `StartSel=${HIGHLIGHT_START}, StopSel=${HIGHLIGHT_STOP}, MaxWords=28, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "`;
/** An exact SKU hit outranks any text relevance (ts_rank stays well below 1 for short documents). */
const SKU_BOOST = 1;

export async function searchProducts(db: Db, rawQuery: string | null | undefined, requestedPage: number): Promise<SearchResult> {
  const query = normaliseQuery(rawQuery);
  if (!query) return { query, hits: [], total: 0, page: 1, pageCount: 1 };

  const english = sql`websearch_to_tsquery('english'::regconfig, ${query})`;
  const simple = sql`websearch_to_tsquery('simple'::regconfig, ${query})`;
  const skuMatch = (): SQL =>
    exists(
      db
        .select({ one: sql`1` })
        .from(productVariants)
        .where(and(eq(productVariants.productId, products.id), sql`${productVariants.skuVector} @@ ${simple}`)),
    );
  const where = and(eq(products.status, "active"), or(sql`${products.searchVector} @@ ${english}`, skuMatch()));

  const [totalRow] = await db.select({ n: count() }).from(products).where(where);
  const total = totalRow?.n ?? 0;
  if (total === 0) return { query, hits: [], total: 0, page: 1, pageCount: 1 };
  const page = clampPage(requestedPage, total);

  const rank = sql<number>`ts_rank(${products.searchVector}, ${english}) + case when ${skuMatch()} then ${SKU_BOOST} else 0 end`;
  const rows = await db
    .select({
      ...productRowColumns,
      titleMarked: sql<string>`ts_headline('english'::regconfig, ${products.title}, ${english}, ${TITLE_HEADLINE})`,
      snippetMarked: sql<string>`ts_headline('english'::regconfig, ${products.description}, ${english}, ${SNIPPET_HEADLINE})`,
    })
    .from(products)
    .where(where)
    .orderBy(desc(rank), asc(products.sortOrder), asc(products.id))
    .offset((page - 1) * PAGE_SIZE)
    .limit(PAGE_SIZE);

  const ids = rows.map((r) => r.id);
  const [cards, skuRows] = await Promise.all([
    toCards(db, rows),
    // Which SKU matched, to show it: a separate query, since Drizzle leaves column names
    // unqualified inside select fields and a correlated subquery there would bind to the wrong table.
    db
      .select({ productId: productVariants.productId, sku: productVariants.sku })
      .from(productVariants)
      .where(and(inArray(productVariants.productId, ids), sql`${productVariants.skuVector} @@ ${simple}`))
      .orderBy(asc(productVariants.sortOrder)),
  ]);
  const hits = cards.map((card, i) => {
    const row = rows[i]!;
    return {
      ...card,
      titleParts: highlightParts(row.titleMarked),
      snippetParts: highlightParts(row.snippetMarked),
      matchedSku: skuRows.find((r) => r.productId === row.id)?.sku ?? null,
    };
  });
  return { query, hits, total, page, pageCount: pageCount(total) };
}
