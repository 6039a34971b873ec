import { and, asc, desc, eq } from "drizzle-orm";
import type { Db } from "~/db/types";
import { renderMarkdown } from "~/lib/markdown.server";
import { media } from "~/modules/media/media.server";
import { type ImageOptions, mediaUrl, srcSet, widthSrcSet } from "~/modules/media/media";
import { badgeFor, hasTopSaleBanner } from "./badges";
import { CART_IMAGE } from "./listing.server";
import type { ImageView, ProductOptionView, VariantView } from "./product-view";
import { collections, productCollections, productVariants, products } from "./schema";
import { variantColumns } from "./variants.server";

// The product page's data: one active product with its variants, pictures and place in the shop.

/** Gallery pictures; no format, so the image endpoint picks AVIF or WebP from the Accept header. */
export const GALLERY_IMAGE: ImageOptions = { width: 640, height: 640, quality: 85 };
/** The widths the main picture is offered at: a phone's full width (about 380 px) at 1-3x, a wide screen's half at 1-2x. */
export const GALLERY_IMAGE_WIDTHS = [320, 480, 640, 960, 1280] as const;
/** Product and cart thumbnails are 160x160 WebP at quality 85. */
export const THUMBNAIL_IMAGE: ImageOptions = CART_IMAGE;
/** Open Graph images: JPEG, which every link preview understands. */
export const SOCIAL_IMAGE: ImageOptions = { width: 1200, height: 1200, quality: 85, format: "jpeg" };

export type ProductDetail = {
  id: string;
  slug: string;
  title: string;
  descriptionHtml: string;
  /** Plain text for meta description and JSON-LD. */
  summary: string;
  badge: string | null;
  topSale: boolean;
  options: ProductOptionView[];
  variants: VariantView[];
  images: ImageView[];
  /** Path of the social-card image (relative; the route makes it absolute). */
  socialImage: string | null;
  /** Where the product sits: its first active collection, or All Products. */
  parent: { name: string; path: string };
};

/** An active product by slug, or null: drafts, archived products and unknown slugs look the same. */
export async function getProductDetail(db: Db, slug: string): Promise<ProductDetail | null> {
  const [product] = await db
    .select({
      id: products.id,
      slug: products.slug,
      title: products.title,
      description: products.description,
      seoDescription: products.seoDescription,
      tags: products.tags,
      options: products.options,
    })
    .from(products)
    .where(and(eq(products.slug, slug), eq(products.status, "active")))
    .limit(1);
  if (!product) return null;

  const [variantRows, mediaRows, [parent]] = await Promise.all([
    db
      .select({
        ...variantColumns,
        stock: productVariants.stockQuantity,
      })
      .from(productVariants)
      .where(eq(productVariants.productId, product.id))
      .orderBy(asc(productVariants.sortOrder), asc(productVariants.pricePaise)),
    db
      .select({ id: media.id, fileUrl: media.fileUrl, variantId: media.variantId, alt: media.alt })
      .from(media)
      .where(eq(media.productId, product.id))
      .orderBy(desc(media.isPrimary), asc(media.sortOrder), asc(media.createdAt)),
    db
      .select({ name: collections.name, slug: collections.slug })
      .from(productCollections)
      .innerJoin(collections, eq(collections.id, productCollections.collectionId))
      .where(and(eq(productCollections.productId, product.id), eq(collections.isActive, true)))
      .orderBy(asc(collections.sortOrder))
      .limit(1),
  ]);

  const variants: VariantView[] = variantRows;
  // One picture may be stored once per variant: show it once, remembering every variant it shows.
  const byFile = new Map<string, ImageView>();
  for (const m of mediaRows) {
    const existing = byFile.get(m.fileUrl);
    if (existing) {
      if (m.variantId && !existing.variantIds.includes(m.variantId)) existing.variantIds.push(m.variantId);
      continue;
    }
    byFile.set(m.fileUrl, {
      id: m.id,
      variantIds: m.variantId ? [m.variantId] : [],
      alt: m.alt || product.title,
      src: mediaUrl(m.fileUrl, GALLERY_IMAGE),
      srcSet: widthSrcSet(m.fileUrl, GALLERY_IMAGE, GALLERY_IMAGE_WIDTHS),
      thumb: mediaUrl(m.fileUrl, THUMBNAIL_IMAGE),
      thumbSrcSet: srcSet(m.fileUrl, THUMBNAIL_IMAGE),
      cartImage: mediaUrl(m.fileUrl, THUMBNAIL_IMAGE),
    });
  }

  return {
    id: product.id,
    slug: product.slug,
    title: product.title,
    descriptionHtml: renderMarkdown(product.description),
    summary: (product.seoDescription || product.description).replace(/[#*_`>[\]]/g, "").replace(/\s+/g, " ").trim().slice(0, 300),
    badge: badgeFor(product.tags),
    topSale: hasTopSaleBanner(product.tags),
    options: optionsOf(product.options, variants),
    variants,
    images: [...byFile.values()],
    socialImage: mediaRows[0] ? mediaUrl(mediaRows[0].fileUrl, SOCIAL_IMAGE) : null,
    parent: parent ? { name: parent.name, path: `/collections/${parent.slug}` } : { name: "All Products", path: "/category/all-products" },
  };
}

/** The product's option sets, keeping only values some variant has; derived from variants when unset. */
function optionsOf(declared: { name: string; values: string[] }[], variants: VariantView[]): ProductOptionView[] {
  const names = declared.length ? declared.map((o) => o.name) : [...new Set(variants.flatMap((v) => Object.keys(v.optionValues)))];
  return names
    .map((name) => {
      const order = declared.find((o) => o.name === name)?.values ?? [];
      const present = [...new Set(variants.map((v) => v.optionValues[name]).filter((v): v is string => Boolean(v)))];
      present.sort((a, b) => rank(order, a) - rank(order, b));
      return { name, values: present };
    })
    .filter((o) => o.values.length > 0);
}

const rank = (order: string[], value: string) => {
  const i = order.indexOf(value);
  return i === -1 ? Number.MAX_SAFE_INTEGER : i;
};
