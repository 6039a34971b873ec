import { Link } from "react-router";
import { PAGE_SIZE, type SortKey, type ProductCardView } from "~/modules/catalog/catalog";
import { Pagination, ResultCount, SortForm } from "./listing-controls";
import { ProductGrid } from "./product-grid";

export type ListingScreenProps = {
  title: string;
  description: string;
  pathname: string;
  hero?: { src: string; srcSet: string | undefined } | null;
  cards: ProductCardView[];
  total: number;
  page: number;
  pageCount: number;
  sort: SortKey;
};

/** The collection and category screen: heading, optional hero, sort form, grid and pages. */
export function ListingScreen(props: ListingScreenProps) {
  return (
    <div id="main" className="mx-auto max-w-6xl px-4 py-8">
      <nav aria-label="Breadcrumb" className="text-sm text-slate-700">
        <ol className="flex gap-2">
          <li>
            <Link to="/" className="underline-offset-2 hover:underline">
              Home
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li aria-current="page">{props.title}</li>
        </ol>
      </nav>
      <header className="mt-4 grid items-center gap-6 md:grid-cols-2">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">{props.title}</h1>
          {props.description ? <p className="mt-3 max-w-prose text-slate-700">{props.description}</p> : null}
        </div>
        {props.hero ? (
          <img
            src={props.hero.src}
            srcSet={props.hero.srcSet}
            sizes="(min-width: 1152px) 548px, (min-width: 768px) calc(50vw - 28px), calc(100vw - 32px)"
            alt=""
            width={800}
            height={600}
            fetchPriority="high"
            className="aspect-[4/3] w-full rounded-xl bg-slate-100 object-cover"
          />
        ) : null}
      </header>
      <div className="mt-8 flex flex-wrap items-end justify-between gap-4 border-b border-slate-200 pb-4">
        <ResultCount total={props.total} page={props.page} pageSize={PAGE_SIZE} pageCount={props.pageCount} />
        {props.total > 0 ? <SortForm sort={props.sort} /> : null}
      </div>
      <section aria-labelledby="listing-products" className="mt-8">
        {/* The cards' h3 titles sit under a heading of their own (headings descend one level at a time). */}
        <h2 id="listing-products" className="sr-only">
          Products
        </h2>
        {props.cards.length === 0 ? (
          <p className="py-16 text-center text-slate-700">No products available at the moment</p>
        ) : (
          <ProductGrid cards={props.cards} />
        )}
      </section>
      <Pagination pathname={props.pathname} params={{ sort: props.sort === "featured" ? undefined : props.sort }} page={props.page} pageCount={props.pageCount} />
    </div>
  );
}
