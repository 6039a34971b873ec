import { data } from "react-router";
import { ListingScreen } from "~/components/catalog/listing-screen";
import { pageMeta } from "~/lib/meta";
import { getActiveCollection, listCollectionProducts } from "~/modules/catalog/collection-listing.server";
import { parseListingParams } from "~/modules/catalog/listing-params";
import type { Route } from "./+types/collection";

// /collections/{slug} and /collection/{slug}: one screen; the canonical URL is the plural form.
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db, config } = context.services;
  const collection = await getActiveCollection(db, params.slug);
  if (!collection) throw data(null, { status: 404 });
  const listing = await listCollectionProducts(db, collection.id, parseListingParams(new URL(request.url).searchParams));
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
