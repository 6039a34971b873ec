import { and, asc, eq, inArray, max, ne, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "~/db/types";
import { media } from "~/modules/media/schema";
import type { collectionInput } from "./collection-form";
import { collections, productCollections, products } from "./schema";

export class CollectionFieldErrors extends Error {
  constructor(readonly fields: Record<string, string>) {
    super(Object.values(fields).join(" "));
  }
}
export class StaleCollectionError extends Error {
  constructor() {
    super("This collection was changed by someone else — reload to see their changes.");
  }
}
export class CollectionNotFoundError extends Error {}

type Input = z.output<typeof collectionInput>;

export async function listCollectionsForAdmin(db: Db) {
  return db.select().from(collections).orderBy(asc(collections.sortOrder), asc(collections.name));
}

export async function saveCollection(db: Db, input: Input, target: { id?: undefined } | { id: string; expectedVersion: number }) {
  return db.transaction(async (tx) => {
    const [clash] = await tx
      .select({ id: collections.id })
      .from(collections)
      .where(target.id ? and(eq(collections.slug, input.slug), ne(collections.id, target.id)) : eq(collections.slug, input.slug));
    if (clash) throw new CollectionFieldErrors({ slug: "This slug is already used by another collection." });
    if (input.heroImageId) {
      const [image] = await tx.select({ id: media.id }).from(media).where(eq(media.id, input.heroImageId));
      if (!image) throw new CollectionFieldErrors({ heroImageId: "That image no longer exists." });
    }
    if (target.id) {
      const [row] = await tx
        .update(collections)
        .set({ ...input, version: sql`${collections.version} + 1` })
        .where(and(eq(collections.id, target.id), eq(collections.version, target.expectedVersion)))
        .returning({ id: collections.id, version: collections.version });
      if (row) return row;
      const [exists] = await tx.select({ id: collections.id }).from(collections).where(eq(collections.id, target.id));
      throw exists ? new StaleCollectionError() : new CollectionNotFoundError("Collection not found.");
    }
    const [last] = await tx.select({ n: max(collections.sortOrder) }).from(collections);
    const [row] = await tx
      .insert(collections)
      .values({ ...input, sortOrder: (last?.n ?? 0) + 10 })
      .returning({ id: collections.id, version: collections.version });
    return row!;
  });
}

export async function deleteCollection(db: Db, id: string) {
  const [row] = await db.delete(collections).where(eq(collections.id, id)).returning({ id: collections.id });
  if (!row) throw new CollectionNotFoundError("Collection not found.");
}

/** The storefront order of collections: exactly the given ids, in order. */
export async function reorderCollections(db: Db, orderedIds: string[]) {
  await db.transaction(async (tx) => {
    const all = await tx.select({ id: collections.id }).from(collections);
    if (orderedIds.length !== all.length || !all.every((c) => orderedIds.includes(c.id))) {
      throw new CollectionFieldErrors({ order: "The new order must list every collection once." });
    }
    for (const [i, id] of orderedIds.entries()) await tx.update(collections).set({ sortOrder: (i + 1) * 10 }).where(eq(collections.id, id));
  });
}

export async function listCollectionProducts(db: Db, collectionId: string) {
  return db
    .select({ productId: products.id, title: products.title, status: products.status, sortOrder: productCollections.sortOrder })
    .from(productCollections)
    .innerJoin(products, eq(products.id, productCollections.productId))
    .where(eq(productCollections.collectionId, collectionId))
    .orderBy(asc(productCollections.sortOrder));
}

/** Replaces a collection's products with the given ids, in that order (add, remove and reorder at once). */
export async function setCollectionProducts(db: Db, collectionId: string, productIds: string[]) {
  const ids = [...new Set(productIds)];
  await db.transaction(async (tx) => {
    const [collection] = await tx.select({ id: collections.id }).from(collections).where(eq(collections.id, collectionId));
    if (!collection) throw new CollectionNotFoundError("Collection not found.");
    if (ids.length) {
      const known = await tx.select({ id: products.id }).from(products).where(inArray(products.id, ids));
      if (known.length !== ids.length) throw new CollectionFieldErrors({ products: "One of the chosen products no longer exists." });
    }
    await tx.delete(productCollections).where(eq(productCollections.collectionId, collectionId));
    if (ids.length) await tx.insert(productCollections).values(ids.map((productId, sortOrder) => ({ collectionId, productId, sortOrder })));
  });
}
