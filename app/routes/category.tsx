import { data } from "react-router";
import { ListingScreen } from "~/components/catalog/listing-screen";
import { pageMeta } from "~/lib/meta";
import { CATEGORIES, isCategorySlug } from "~/modules/catalog/catalog";
import { listCategoryProducts, parseListingParams } from "~/modules/catalog/catalog.server";
import { READ_KEYS, storefrontCacheFor } from "~/modules/events/events.server";
import type { Route } from "./+types/category";

// /bottles, /tumblers, /accessories, /all-products and their /category/... aliases.
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, config, events } = context.services;
  const url = new URL(request.url);
  const slug = url.pathname.replace(/\/+$/, "").split("/").pop() ?? "";
  if (!isCategorySlug(slug)) throw data(null, { status: 404 });
  const listingParams = parseListingParams(url.searchParams);
  const listing = await storefrontCacheFor(events).get(READ_KEYS.categoryListing(slug, listingParams), () =>
    listCategoryProducts(db, slug, listingParams),
  );
  const category = CATEGORIES[slug];
  return {
    category,
    listing,
    pathname: url.pathname,
    canonical: `${config.publicUrl}${category.path}${listing.page > 1 ? `?page=${listing.page}` : ""}`,
  };
}

export const meta: Route.MetaFunction = ({ data }) => {
  if (!data) return pageMeta({ title: "Page not found", noindex: true });
  return pageMeta({
    title: data.category.title,
    description: data.category.description,
    canonical: data.canonical,
    noindex: data.listing.sort !== "featured",
  });
};

export default function Category({ loaderData }: Route.ComponentProps) {
  const { category, listing } = loaderData;
  return <ListingScreen title={category.title} description={category.description} pathname={loaderData.pathname} {...listing} />;
}
