import { type SQL, and, asc, count, desc, eq, exists, ilike, not, sql } from "drizzle-orm";
import type { Db } from "~/db/types";
import { media } from "~/modules/media/media.server";
import { type ImageOptions, mediaUrl, widthSrcSet } from "~/modules/media/media";
import { ACCESSORIES_COLLECTION_SLUG, type CategorySlug } from "./categories";
import { type ProductCardView, productRowColumns, toCards } from "./listing.server";
import { type ListingParams, PAGE_SIZE, type SortKey, clampPage, pageCount } from "./listing-params";
import { collections, productCollections, productVariants, products } from "./schema";

// Product grids of collection and category pages: only active products, sorted and paged.

export type ListingPage = { cards: ProductCardView[]; total: number; page: number; pageCount: number; sort: SortKey };

/** Collection heroes are 800x600 WebP at quality 90. */
export const COLLECTION_HERO_IMAGE: ImageOptions = { width: 800, height: 600, quality: 90, format: "webp" };
/** The widths a collection's banner is offered at (each 4:3 on the image ladder): a phone's full width to a wide screen's half at 2x. */
export const COLLECTION_HERO_WIDTHS = [320, 480, 640, 800, 1280, 1600] as const;

export type CollectionView = {
  id: string;
  name: string;
  slug: string;
  description: string;
  heroImage: string | null;
  heroSrcSet: string | undefined;
};

/** An active collection by slug, or null (unknown and inactive collections look the same: not found). */
export async function getActiveCollection(db: Db, slug: string): Promise<CollectionView | null> {
  const [row] = await db
    .select({ id: collections.id, name: collections.name, slug: collections.slug, description: collections.description, hero: media.fileUrl })
    .from(collections)
    .leftJoin(media, eq(media.id, collections.heroImageId))
    .where(and(eq(collections.slug, slug), eq(collections.isActive, true)))
    .limit(1);
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    heroImage: row.hero ? mediaUrl(row.hero, COLLECTION_HERO_IMAGE) : null,
    heroSrcSet: widthSrcSet(row.hero, COLLECTION_HERO_IMAGE, COLLECTION_HERO_WIDTHS),
  };
}

/** The price a card shows: its first variant by sort order, then the cheapest. */
const cardPrice = sql<number | null>`(select ${productVariants.pricePaise} from ${productVariants}
  where ${productVariants.productId} = ${products.id}
  order by ${productVariants.sortOrder}, ${productVariants.pricePaise} limit 1)`;

function orderFor(sort: SortKey, featured: SQL[]): SQL[] {
  const tail = [asc(products.id)];
  switch (sort) {
    case "featured":
      return [...featured, ...tail];
    case "price-asc":
      return [sql`${cardPrice} asc nulls last`, ...featured, ...tail];
    case "price-desc":
      return [sql`${cardPrice} desc nulls last`, ...featured, ...tail];
    case "newest":
      return [desc(products.createdAt), ...tail];
  }
}

const byProductOrder = [asc(products.sortOrder), desc(products.createdAt)];

/** Active products of a collection; "featured" is the order staff gave them inside the collection. */
export async function listCollectionProducts(db: Db, collectionId: string, params: ListingParams): Promise<ListingPage> {
  const where = and(eq(productCollections.collectionId, collectionId), eq(products.status, "active"));
  const [totalRow] = await db
    .select({ n: count() })
    .from(productCollections)
    .innerJoin(products, eq(products.id, productCollections.productId))
    .where(where);
  const total = totalRow?.n ?? 0;
  const page = clampPage(params.page, total);
  const rows = await db
    .select(productRowColumns)
    .from(productCollections)
    .innerJoin(products, eq(products.id, productCollections.productId))
    .where(where)
    .orderBy(...orderFor(params.sort, [asc(productCollections.sortOrder), ...byProductOrder]))
    .offset((page - 1) * PAGE_SIZE)
    .limit(PAGE_SIZE);
  return { cards: await toCards(db, rows), total, page, pageCount: pageCount(total), sort: params.sort };
}

function inAccessoriesCollection(db: Db): SQL {
  return exists(
    db
      .select({ one: sql`1` })
      .from(productCollections)
      .innerJoin(collections, eq(collections.id, productCollections.collectionId))
      .where(and(eq(productCollections.productId, products.id), eq(collections.slug, ACCESSORIES_COLLECTION_SLUG))),
  );
}

/** The category rule of categories.ts as SQL: each product belongs to at most one category. */
export function categoryCondition(db: Db, category: CategorySlug): SQL | undefined {
  const accessory = inAccessoriesCollection(db);
  const tumbler = ilike(products.title, "%tumbler%");
  switch (category) {
    case "accessories":
      return accessory;
    case "tumblers":
      return and(tumbler, not(accessory));
    case "bottles":
      return and(ilike(products.title, "%bottle%"), not(tumbler), not(accessory));
    case "all-products":
      return undefined;
  }
}

/** Active products of a category page; "featured" is the products' own sort order. */
export async function listCategoryProducts(db: Db, category: CategorySlug, params: ListingParams): Promise<ListingPage> {
  const where = and(eq(products.status, "active"), categoryCondition(db, category));
  const [totalRow] = await db.select({ n: count() }).from(products).where(where);
  const total = totalRow?.n ?? 0;
  const page = clampPage(params.page, total);
  const rows = await db
    .select(productRowColumns)
    .from(products)
    .where(where)
    .orderBy(...orderFor(params.sort, byProductOrder))
    .offset((page - 1) * PAGE_SIZE)
    .limit(PAGE_SIZE);
  return { cards: await toCards(db, rows), total, page, pageCount: pageCount(total), sort: params.sort };
}

/** For the sitemap: every active collection. */
export async function listActiveCollectionsForSitemap(db: Db): Promise<{ slug: string; updatedAt: Date }[]> {
  return db
    .select({ slug: collections.slug, updatedAt: collections.updatedAt })
    .from(collections)
    .where(eq(collections.isActive, true))
    .orderBy(asc(collections.sortOrder), asc(collections.slug));
}

/** For the sitemap: every active product. */
export async function listActiveProductsForSitemap(db: Db): Promise<{ slug: string; updatedAt: Date }[]> {
  return db
    .select({ slug: products.slug, updatedAt: products.updatedAt })
    .from(products)
    .where(eq(products.status, "active"))
    .orderBy(asc(products.sortOrder), asc(products.slug));
}
