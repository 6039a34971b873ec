import { Form } from "react-router";
import { Pagination, ResultCount } from "~/components/catalog/listing-controls";
import { ProductGrid } from "~/components/catalog/product-grid";
import { pageMeta } from "~/lib/meta";
import { PAGE_SIZE, MAX_QUERY_LENGTH, type TextPart } from "~/modules/catalog/catalog";
import { parseListingParams, searchProducts } from "~/modules/catalog/catalog.server";
import type { Route } from "./+types/search";

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const result = await searchProducts(context.services.db, params.get("q"), parseListingParams(params).page);
  return { ...result, canonical: `${context.services.config.publicUrl}/search` };
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta({
    title: data?.query ? `Search results for “${data.query}”` : "Search",
    description: "Search GLACIAL bottles, tumblers and accessories by name, description, tag or SKU.",
    canonical: data?.canonical,
    // Result pages are endless variations of one page: keep them out of search engines.
    noindex: true,
  });

export default function Search({ loaderData }: Route.ComponentProps) {
  const { query, hits, total, page, pageCount } = loaderData;
  const byId = new Map(hits.map((h) => [h.id, h]));
  return (
    <div id="main" className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-bold text-slate-900">Search</h1>
      <Form method="get" role="search" className="mt-6 flex max-w-2xl gap-2">
        <label htmlFor="search-q" className="sr-only">
          Search products
        </label>
        <input
          id="search-q"
          type="search"
          name="q"
          defaultValue={query}
          maxLength={MAX_QUERY_LENGTH}
          placeholder="Search bottles, tumblers, accessories or a SKU"
          className="flex-1 rounded-full border border-slate-400 px-5 py-3 text-slate-900"
        />
        <button type="submit" className="rounded-full bg-brand px-6 py-3 font-semibold text-white hover:bg-slate-800">
          Search
        </button>
      </Form>

      <section aria-label="Search results" className="mt-8">
        {!query ? (
          <p className="text-slate-700">Type what you are looking for: a product name, a colour, a use such as “chai” or “trek”, or a SKU.</p>
        ) : total === 0 ? (
          <div>
            <h2 className="text-xl font-semibold text-slate-900">No results for “{query}”</h2>
            <p className="mt-2 text-slate-700">Check the spelling, or try a broader word such as “bottle” or “tumbler”.</p>
          </div>
        ) : (
          <>
            <h2 className="sr-only">Results for “{query}”</h2>
            <ResultCount total={total} page={page} pageSize={PAGE_SIZE} pageCount={pageCount} />
            <div className="mt-6">
              <ProductGrid cards={hits} renderTitle={(card) => <Highlighted parts={byId.get(card.id)!.titleParts} />}>
                {(card) => {
                  const hit = byId.get(card.id)!;
                  return (
                    <div className="mt-1 text-sm text-slate-700" data-testid="search-snippet">
                      <p className="line-clamp-3">
                        <Highlighted parts={hit.snippetParts} />
                      </p>
                      {hit.matchedSku ? <p>SKU: <mark className="bg-yellow-200 text-slate-900">{hit.matchedSku}</mark></p> : null}
                    </div>
                  );
                }}
              </ProductGrid>
            </div>
          </>
        )}
      </section>
      {query ? <Pagination pathname="/search" params={{ q: query }} page={page} pageCount={pageCount} /> : null}
    </div>
  );
}

/** Highlighted text as React nodes: matched words in <mark>, everything else escaped text. */
function Highlighted({ parts }: { parts: TextPart[] }) {
  return (
    <>
      {parts.map((p, i) =>
        p.match ? (
          <mark key={i} className="bg-yellow-200 text-slate-900">
            {p.text}
          </mark>
        ) : (
          <span key={i}>{p.text}</span>
        ),
      )}
    </>
  );
}
