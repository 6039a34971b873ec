import { data } from "react-router";
import { ListingScreen } from "~/components/catalog/listing-screen";
import { pageMeta } from "~/lib/meta";
import { getActiveCollection, listCollectionProducts, parseListingParams } from "~/modules/catalog/catalog.server";
import { READ_KEYS, storefrontCacheFor } from "~/modules/events/events.server";
import type { Route } from "./+types/collection";

// /collections/{slug} and /collection/{slug}: one screen; the canonical URL is the plural form.
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db, config, events } = context.services;
  const cache = storefrontCacheFor(events);
  const collection = await cache.get(READ_KEYS.collection(params.slug), () => getActiveCollection(db, params.slug));
  if (!collection) throw data(null, { status: 404 });
  const listingParams = parseListingParams(new URL(request.url).searchParams);
  const listing = await cache.get(READ_KEYS.collectionListing(collection.id, listingParams), () =>
    listCollectionProducts(db, collection.id, listingParams),
  );
  return {
    collection,
    listing,
    pathname: new URL(request.url).pathname,
    canonical: `${config.publicUrl}/collections/${encodeURIComponent(collection.slug)}${listing.page > 1 ? `?page=${listing.page}` : ""}`,
    socialImage: collection.heroImage ? `${config.publicUrl}${collection.heroImage}` : undefined,
  };
}

export const meta: Route.MetaFunction = ({ data }) => {
  if (!data) return pageMeta({ title: "Page not found", noindex: true });
  return pageMeta({
    title: data.collection.name,
    description: data.collection.description || `Shop the ${data.collection.name} at GLACIAL.`,
    canonical: data.canonical,
    image: data.socialImage,
    noindex: data.listing.sort !== "featured",
  });
};

export default function Collection({ loaderData }: Route.ComponentProps) {
  const { collection, listing } = loaderData;
  return (
    <ListingScreen
      title={collection.name}
      description={collection.description}
      pathname={loaderData.pathname}
      hero={collection.heroImage ? { src: collection.heroImage, srcSet: collection.heroSrcSet } : null}
      {...listing}
    />
  );
}
