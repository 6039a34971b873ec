import { and, asc, eq, inArray, max, ne, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db, DbOrTx } from "~/db/types";
import { recordAudit, type AuditActor } from "~/modules/audit/audit.server";
import type { EventBus } from "~/modules/events/events.server";
import { media } from "~/modules/media/media.server";
import { notifyCatalogChanged } from "./catalog-events.server";
import type { collectionInput } from "./collection-form";
import { collections, productCollections, productVariants, products } from "./schema";
import { NotFoundError, RejectedInputError, StaleRecordError } from "~/lib/save-outcome";


type Input = z.output<typeof collectionInput>;

const GONE = "This collection no longer exists.";

/** Who makes the change (for the audit row) and where open storefront pages hear about it. */
export type CollectionChangeContext = { actor: AuditActor; events?: EventBus };

// Collections change what the home scroller and collection pages show: open pages reload after the commit.
async function published(ctx: CollectionChangeContext) {
  if (ctx.events) await notifyCatalogChanged(ctx.events, null);
}

export async function listCollectionsForAdmin(db: Db) {
  const rows = await db
    .select({
      id: collections.id,
      name: collections.name,
      slug: collections.slug,
      isActive: collections.isActive,
      sortOrder: collections.sortOrder,
      version: collections.version,
      heroImageUrl: media.fileUrl,
      productCount: sql<number>`(select count(*)::int from ${productCollections} where ${productCollections.collectionId} = ${collections.id})`,
    })
    .from(collections)
    .leftJoin(media, eq(media.id, collections.heroImageId))
    .orderBy(asc(collections.sortOrder), asc(collections.name));
  return rows.map((r) => ({ ...r, productCount: Number(r.productCount) }));
}

/** One collection with its hero image and its products in their order, for the editor. */
export async function getCollectionForAdmin(db: Db, id: string) {
  const [row] = await db
    .select({ collection: collections, heroImageUrl: media.fileUrl })
    .from(collections)
    .leftJoin(media, eq(media.id, collections.heroImageId))
    .where(eq(collections.id, id));
  if (!row) return null;
  const members = await listCollectionProducts(db, id);
  const skus = members.length
    ? await db
        .select({ productId: productVariants.productId, sku: productVariants.sku })
        .from(productVariants)
        .where(inArray(productVariants.productId, members.map((m) => m.productId)))
        .orderBy(asc(productVariants.sortOrder))
    : [];
  return {
    ...row.collection,
    heroImageUrl: row.heroImageUrl,
    products: members.map((m) => ({ ...m, sku: skus.find((s) => s.productId === m.productId)?.sku ?? null })),
  };
}

type Snapshot = Omit<Input, "productIds"> & { productIds: string[] };

async function snapshot(tx: DbOrTx, id: string): Promise<Snapshot | null> {
  const [c] = await tx.select().from(collections).where(eq(collections.id, id));
  if (!c) return null;
  const members = await tx
    .select({ productId: productCollections.productId })
    .from(productCollections)
    .where(eq(productCollections.collectionId, id))
    .orderBy(asc(productCollections.sortOrder));
  return {
    name: c.name,
    slug: c.slug,
    description: c.description,
    isActive: c.isActive,
    heroImageId: c.heroImageId,
    productIds: members.map((m) => m.productId),
  };
}

async function replaceProducts(tx: DbOrTx, collectionId: string, ids: string[]) {
  if (ids.length) {
    const known = await tx.select({ id: products.id }).from(products).where(inArray(products.id, ids));
    if (known.length !== ids.length) throw new RejectedInputError({ productIds: "One of the chosen products no longer exists." });
  }
  await tx.delete(productCollections).where(eq(productCollections.collectionId, collectionId));
  if (ids.length) await tx.insert(productCollections).values(ids.map((productId, sortOrder) => ({ collectionId, productId, sortOrder })));
}

/**
 * Creates or edits a collection (and, when `productIds` is given, its products in that order) in
 * one transaction with its audit row. An edit must carry the version it loaded: a stale one is refused.
 */
export async function saveCollection(
  db: Db,
  input: Input,
  target: { id?: undefined } | { id: string; expectedVersion: number },
  ctx: CollectionChangeContext,
) {
  const { productIds, ...fields } = input;
  const saved = await db.transaction(async (tx) => {
    const [clash] = await tx
      .select({ id: collections.id })
      .from(collections)
      .where(target.id ? and(eq(collections.slug, fields.slug), ne(collections.id, target.id)) : eq(collections.slug, fields.slug));
    if (clash) throw new RejectedInputError({ slug: "This slug is already used by another collection." });
    if (fields.heroImageId) {
      const [image] = await tx.select({ id: media.id }).from(media).where(eq(media.id, fields.heroImageId));
      if (!image) throw new RejectedInputError({ heroImageId: "That image no longer exists." });
    }
    if (target.id) {
      const before = await snapshot(tx, target.id);
      const [row] = await tx
        .update(collections)
        .set({ ...fields, version: sql`${collections.version} + 1`, updatedAt: new Date() })
        .where(and(eq(collections.id, target.id), eq(collections.version, target.expectedVersion)))
        .returning({ id: collections.id, version: collections.version });
      if (!row) throw before ? new StaleRecordError("This collection") : new NotFoundError(GONE);
      if (productIds) await replaceProducts(tx, row.id, productIds);
      const after = (await snapshot(tx, row.id))!;
      const changes = diffSnapshots(before!, after);
      await recordAudit(tx, { actor: ctx.actor, module: "collections", action: "edit", targetId: row.id, ...changes });
      return row;
    }
    const [last] = await tx.select({ n: max(collections.sortOrder) }).from(collections);
    const [row] = await tx
      .insert(collections)
      .values({ ...fields, sortOrder: (last?.n ?? 0) + 10 })
      .returning({ id: collections.id, version: collections.version });
    if (productIds) await replaceProducts(tx, row!.id, productIds);
    await recordAudit(tx, { actor: ctx.actor, module: "collections", action: "create", targetId: row!.id, after: (await snapshot(tx, row!.id))! });
    return row!;
  });
  await published(ctx);
  return saved;
}

function diffSnapshots(before: Snapshot, after: Snapshot) {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof Snapshot)[]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      b[key] = before[key];
      a[key] = after[key];
    }
  }
  return { before: b, after: a };
}

export async function deleteCollection(db: Db, id: string, ctx: CollectionChangeContext) {
  await db.transaction(async (tx) => {
    const before = await snapshot(tx, id);
    if (!before) throw new NotFoundError(GONE);
    await tx.delete(collections).where(eq(collections.id, id));
    await recordAudit(tx, { actor: ctx.actor, module: "collections", action: "delete", targetId: id, before });
  });
  await published(ctx);
}

/** The storefront order of collections: exactly the given ids, in order. */
export async function reorderCollections(db: Db, orderedIds: string[], ctx: CollectionChangeContext) {
  await db.transaction(async (tx) => {
    const all = await tx.select({ id: collections.id }).from(collections).orderBy(asc(collections.sortOrder), asc(collections.name));
    if (orderedIds.length !== all.length || new Set(orderedIds).size !== all.length || !all.every((c) => orderedIds.includes(c.id))) {
      throw new StaleRecordError("The list of collections");
    }
    for (const [i, id] of orderedIds.entries()) await tx.update(collections).set({ sortOrder: (i + 1) * 10 }).where(eq(collections.id, id));
    await recordAudit(tx, { actor: ctx.actor, module: "collections", action: "reorder", before: { order: all.map((c) => c.id) }, after: { order: orderedIds } });
  });
  await published(ctx);
}

export async function listCollectionProducts(db: DbOrTx, collectionId: string) {
  return db
    .select({ productId: products.id, title: products.title, status: products.status, sortOrder: productCollections.sortOrder })
    .from(productCollections)
    .innerJoin(products, eq(products.id, productCollections.productId))
    .where(eq(productCollections.collectionId, collectionId))
    .orderBy(asc(productCollections.sortOrder));
}

/** Replaces a collection's products with the given ids, in that order (add, remove and reorder at once). */
export async function setCollectionProducts(db: Db, collectionId: string, productIds: string[], ctx: CollectionChangeContext) {
  const ids = [...new Set(productIds)];
  await db.transaction(async (tx) => {
    const before = await snapshot(tx, collectionId);
    if (!before) throw new NotFoundError(GONE);
    await replaceProducts(tx, collectionId, ids);
    await tx.update(collections).set({ version: sql`${collections.version} + 1`, updatedAt: new Date() }).where(eq(collections.id, collectionId));
    await recordAudit(tx, { actor: ctx.actor, module: "collections", action: "edit", targetId: collectionId, before: { productIds: before.productIds }, after: { productIds: ids } });
  });
  await published(ctx);
}
