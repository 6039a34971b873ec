import { and, asc, count, desc, eq, ilike, inArray } from "drizzle-orm";
import type { Db } from "~/db/types";
import { formatPaise } from "~/lib/money";
import { media } from "~/modules/media/media.server";
import { type ImageOptions, mediaUrl, widthSrcSet } from "~/modules/media/media";
import { badgeFor, hasTopSaleBanner } from "./badges";
import { TUMBLERS_TITLE_MATCH } from "./home-rules";
import type { HomeCardView, ProductCardView } from "./card-types";
import { productVariants, products } from "./schema";

export type { ProductCardView };

/** Product card images are 512x512 WebP at quality 85. */
export const CARD_IMAGE: ImageOptions = { width: 512, height: 512, quality: 85, format: "webp" };
/** The widths a card's picture is offered at: a phone's two columns need 256-384, a wide screen's four at 2x up to 1024. */
export const CARD_IMAGE_WIDTHS = [256, 384, 512, 768, 1024] as const;

/** Cart thumbnails are 160x160 WebP at quality 85. */
export const CART_IMAGE: ImageOptions = { width: 160, height: 160, quality: 85, format: "webp" };

/** What a list query must select for the card mapping. */
export type ProductRow = { id: string; slug: string; title: string; tags: string[] };

/** The columns of `products` a list query selects for toCards. */
export const productRowColumns = { id: products.id, slug: products.slug, title: products.title, tags: products.tags };

/** Active best sellers, sort order ascending then newest first, with the total for "Load More". */
export async function listBestSellers(db: Db, page: { offset: number; limit: number }) {
  const where = and(eq(products.status, "active"), eq(products.isBestSeller, true));
  const [rows, [total]] = await Promise.all([
    db
      .select(productRowColumns)
      .from(products)
      .where(where)
      .orderBy(asc(products.sortOrder), desc(products.createdAt), asc(products.id))
      .offset(page.offset)
      .limit(page.limit),
    db.select({ n: count() }).from(products).where(where),
  ]);
  return { cards: forHome(await toCards(db, rows)), total: total?.n ?? 0 };
}

/** Active products whose title contains 'tumbler' (case-insensitive), at most `limit`. */
export async function listTumblers(db: Db, limit = 8) {
  const rows = await db
    .select(productRowColumns)
    .from(products)
    .where(and(eq(products.status, "active"), ilike(products.title, `%${TUMBLERS_TITLE_MATCH}%`)))
    .orderBy(asc(products.sortOrder), desc(products.createdAt), asc(products.id))
    .limit(limit);
  return forHome(await toCards(db, rows));
}

/** The home page's cards: without the srcset their one-size image does not use. */
function forHome(cards: ProductCardView[]): HomeCardView[] {
  return cards.map(({ imageSrcSet: _oneSize, ...card }) => card);
}

/**
 * Cards for product rows, in the rows' order: each with its first variant (sort order, then
 * cheapest) and its first image (primary, then sort order). Shared by every product list.
 */
export async function toCards(db: Db, rows: ProductRow[], imageOptions: ImageOptions = CARD_IMAGE): Promise<ProductCardView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [variants, images] = await Promise.all([
    db
      .select({
        id: productVariants.id,
        productId: productVariants.productId,
        sku: productVariants.sku,
        title: productVariants.title,
        pricePaise: productVariants.pricePaise,
        compareAtPricePaise: productVariants.compareAtPricePaise,
      })
      .from(productVariants)
      .where(inArray(productVariants.productId, ids))
      .orderBy(asc(productVariants.sortOrder), asc(productVariants.pricePaise)),
    db
      .select({ productId: media.productId, fileUrl: media.fileUrl })
      .from(media)
      .where(inArray(media.productId, ids))
      .orderBy(desc(media.isPrimary), asc(media.sortOrder)),
  ]);
  return rows.map((p) => {
    const variant = variants.find((v) => v.productId === p.id);
    const image = images.find((m) => m.productId === p.id);
    return {
      id: p.id,
      slug: p.slug,
      name: p.title,
      price: variant ? formatPaise(variant.pricePaise) : "",
      oldPrice: variant?.compareAtPricePaise ? formatPaise(variant.compareAtPricePaise) : null,
      pricePaise: variant?.pricePaise ?? 0,
      image: mediaUrl(image?.fileUrl, imageOptions),
      imageSrcSet: widthSrcSet(image?.fileUrl, imageOptions, CARD_IMAGE_WIDTHS),
      cartImage: mediaUrl(image?.fileUrl, CART_IMAGE),
      variantId: variant?.id ?? null,
      variantTitle: variant?.title || "Default",
      sku: variant?.sku ?? null,
      badge: badgeFor(p.tags),
      topSale: hasTopSaleBanner(p.tags),
    };
  });
}
