import { data } from "react-router";
import { ProductPage } from "~/components/catalog/product-page";
import { markDegraded } from "~/load-context";
import { pageMeta } from "~/lib/meta";
import { getProductDetail } from "~/modules/catalog/catalog.server";
import { productJsonLd } from "~/modules/catalog/catalog";
import { READ_KEYS, storefrontCacheFor } from "~/modules/events/events.server";
import { storefrontShipping, storefrontWarranty } from "~/modules/settings/settings.server";
import type { Route } from "./+types/product";

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, config, events } = context.services;
  const cache = storefrontCacheFor(events);
  const degraded = () => markDegraded(context);
  const [product, shipping, warranty] = await Promise.all([
    cache.get(READ_KEYS.product(params.slug), () => getProductDetail(db, params.slug)),
    storefrontShipping(context.services, degraded),
    storefrontWarranty(context.services, degraded),
  ]);
  if (!product) throw data(null, { status: 404 });
  const canonical = `${config.publicUrl}/product/${encodeURIComponent(product.slug)}`;
  const socialImage = product.socialImage ? new URL(product.socialImage, config.publicUrl).toString() : undefined;
  const jsonLd = productJsonLd({
    title: product.title,
    description: product.summary,
    url: canonical,
    images: socialImage ? [socialImage] : [],
    variants: product.variants,
    breadcrumb: [
      { name: "Home", url: `${config.publicUrl}/` },
      { name: product.parent.name, url: `${config.publicUrl}${product.parent.path}` },
      { name: product.title, url: canonical },
    ],
  });
  return { product, canonical, socialImage, jsonLd, freeShippingOverPaise: shipping.free_over_paise, warranty };
}

export const meta: Route.MetaFunction = ({ data }) => {
  if (!data) return pageMeta({ title: "Page not found", noindex: true });
  return pageMeta({
    title: data.product.title,
    description: data.product.summary,
    canonical: data.canonical,
    image: data.socialImage,
    type: "product",
    jsonLd: data.jsonLd,
  });
};

export default function Product({ loaderData }: Route.ComponentProps) {
  // key: a client navigation to another product starts with fresh choices.
  return <ProductPage key={loaderData.product.id} product={loaderData.product} freeShippingOverPaise={loaderData.freeShippingOverPaise} warranty={loaderData.warranty} />;
}
