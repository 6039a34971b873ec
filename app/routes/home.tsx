import { Suspense } from "react";
import { Await } from "react-router";
import { BestSellers } from "~/components/storefront/home/best-sellers";
import { CollectionScroller, CollectionScrollerFallback } from "~/components/storefront/home/collection-scroller";
import { CollectionTiles } from "~/components/storefront/home/collection-tiles";
import { HomeFaq } from "~/components/storefront/home/faq";
import { FeatureStrip } from "~/components/storefront/home/feature-strip";
import { DEFAULT_HERO_IMAGES } from "~/components/storefront/home/hero-defaults";
import { HeroCarousel, type HeroSlide } from "~/components/storefront/home/hero-carousel";
import { ServiceStrip } from "~/components/storefront/home/service-strip";
import { PremiumTumblers } from "~/components/storefront/home/tumblers";
import { HydrateWhenNear } from "~/components/storefront/hydrate-when-near";
import { useLiveStorefront } from "~/components/storefront/home/use-live-storefront";
import { markDegraded } from "~/load-context";
import { settledNow } from "~/lib/settled-now.server";
import { pageMeta } from "~/lib/meta";
import { formatPaise } from "~/lib/money";
import { listCollectionCards, listBestSellers, listTumblers } from "~/modules/catalog/catalog.server";
import { TUMBLERS_LIMIT, DEFAULT_WARRANTY, FREE_SHIPPING_THRESHOLD_PAISE } from "~/modules/catalog/catalog";
import { listFaqItems } from "~/modules/content/content.server";
import { warrantyTitle } from "~/modules/content/content";
import { mediaUrl, PLACEHOLDER_IMAGE } from "~/modules/media/media";
import { READ_KEYS, storefrontCacheFor } from "~/modules/events/events.server";
import type { HomePageSetting } from "~/modules/settings/settings";
import { storefrontShipping, storefrontWarranty, getSetting, SETTINGS } from "~/modules/settings/settings.server";
import type { Route } from "./+types/home";

function heroSlide(image: { url: string; alt: string }): HeroSlide {
  // Bundled defaults are public files; stored images go through the image endpoint at two widths.
  if (image.url.startsWith("/") || /^https?:\/\//i.test(image.url)) return { src: image.url, alt: image.alt };
  const at = (width: number) => mediaUrl(image.url, { width, quality: 80, format: "webp" });
  return { src: at(1600), srcSet: `${at(800)} 800w, ${at(1600)} 1600w`, alt: image.alt };
}

const tile = (url: string) => (url ? mediaUrl(url, { width: 800, height: 600, quality: 85, format: "webp" }) : PLACEHOLDER_IMAGE);

export async function loader({ context }: Route.LoaderArgs) {
  const { db, log, config, events } = context.services;
  const cache = storefrontCacheFor(events);
  // Only the settings open home pages listen for: a setting read here but missing from that list
  // would leave open pages stale after staff change it.
  const setting = <K extends HomePageSetting>(key: K) => cache.get(READ_KEYS.setting(key), () => getSetting(db, key));
  // Each block's load failure is logged only; the block shows its empty state.
  const safe = <T,>(what: string, work: Promise<T>, fallback: T): Promise<T> =>
    work.catch((error: unknown) => {
      log.error({ err: error }, `home: ${what} could not be loaded`);
      markDegraded(context);
      return fallback;
    });
  const [heroImages, sections, products, faq, contact, warranty, shipping] = await Promise.all([
    safe("hero carousel images", setting("hero_carousel_images"), []),
    safe("collection sections", setting("collection_sections"), SETTINGS.collection_sections.fallback),
    safe("homepage products setting", setting("homepage_products"), SETTINGS.homepage_products.fallback),
    safe("FAQ", cache.get(READ_KEYS.faq(), () => listFaqItems(db)), []),
    safe("store contact", setting("store_contact"), SETTINGS.store_contact.fallback),
    storefrontWarranty(context.services, () => markDegraded(context)),
    storefrontShipping(context.services, () => markDegraded(context)),
  ]);
  const best = await safe(
    "best sellers",
    cache.get(READ_KEYS.bestSellers(products.bottles), () => listBestSellers(db, { offset: 0, limit: products.bottles })),
    { cards: [], total: 0 },
  );
  // Below the fold: given as values when the cache has them, else streamed after the first paint.
  const [{ value: collections }, { value: tumblers }] = await Promise.all([
    settledNow(safe("collections", cache.get(READ_KEYS.collectionCards(), () => listCollectionCards(db)), [])),
    settledNow(safe("tumblers", cache.get(READ_KEYS.tumblers(), () => listTumblers(db, TUMBLERS_LIMIT)), [])),
  ]);
  return {
    origin: config.publicUrl,
    contact,
    hero: (heroImages.length ? heroImages : DEFAULT_HERO_IMAGES).map(heroSlide),
    tiles: { bottles: tile(sections.bottles.image_url), tumblers: tile(sections.tumblers.image_url) },
    bestSellers: best.cards,
    total: best.total,
    showLoadMore: products.show_load_more,
    faq,
    warranty,
    freeShippingOverPaise: shipping.free_over_paise,
    collections,
    tumblers,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const origin = loaderData?.origin ?? "";
  return pageMeta({
    title: "Home",
    description: `Premium insulated stainless-steel water bottles and tumblers: cold 24 hours, hot 12 hours, BPA-free, ${warrantyTitle(loaderData?.warranty ?? DEFAULT_WARRANTY)}. Free shipping over ${formatPaise(loaderData?.freeShippingOverPaise ?? FREE_SHIPPING_THRESHOLD_PAISE)}.`,
    canonical: `${origin}/`,
    image: loaderData?.hero[0] ? new URL(loaderData.hero[0].src, `${origin}/`).toString() : undefined,
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "Organization",
      name: loaderData?.contact.store_name ?? "GLACIAL",
      url: `${origin}/`,
      logo: `${origin}/favicon.ico`,
      contactPoint: {
        "@type": "ContactPoint",
        contactType: "customer service",
        telephone: loaderData?.contact.phone,
        email: loaderData?.contact.email,
        areaServed: "IN",
        availableLanguage: ["en", "hi"],
      },
    },
  });
};

export default function Home({ loaderData }: Route.ComponentProps) {
  useLiveStorefront();
  return (
    <>
      <HeroCarousel slides={loaderData.hero} />
      <Suspense fallback={<CollectionScrollerFallback />}>
        <Await resolve={loaderData.collections}>{(collections) => <CollectionScroller collections={collections} />}</Await>
      </Suspense>
      {/* Below the first screen on a phone: hydrated as the shopper comes near each one. */}
      <HydrateWhenNear>
        <CollectionTiles bottles={loaderData.tiles.bottles} tumblers={loaderData.tiles.tumblers} />
      </HydrateWhenNear>
      <HydrateWhenNear>
        <BestSellers initial={loaderData.bestSellers} total={loaderData.total} loadMoreEnabled={loaderData.showLoadMore} />
      </HydrateWhenNear>
      <HydrateWhenNear>
        <Suspense fallback={<p className="mx-auto max-w-7xl px-4 py-12 text-slate-700">Loading tumblers...</p>}>
          <Await resolve={loaderData.tumblers}>{(cards) => <PremiumTumblers cards={cards} />}</Await>
        </Suspense>
      </HydrateWhenNear>
      <HydrateWhenNear>
        <FeatureStrip />
      </HydrateWhenNear>
      <HydrateWhenNear>
        <HomeFaq items={loaderData.faq} />
      </HydrateWhenNear>
      <HydrateWhenNear>
        <ServiceStrip warranty={loaderData.warranty} freeShippingOverPaise={loaderData.freeShippingOverPaise} />
      </HydrateWhenNear>
    </>
  );
}
