import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "~/modules/audit/schema";
import { collectionInput } from "~/modules/catalog/collection-form";
import {
  deleteCollection,
  getCollectionForAdmin,
  listCollectionProducts,
  listCollectionsForAdmin,
  reorderCollections,
  saveCollection,
  setCollectionProducts,
} from "~/modules/catalog/collection-editor.server";
import { listCollectionCards } from "~/modules/catalog/home-collections.server";
import { collections, productCollections, products } from "~/modules/catalog/schema";
import type { EventBus } from "~/modules/events/event-bus.server";
import { TOPICS } from "~/modules/events/topics";
import { createAuth } from "~/modules/staff/auth.server";
import { upsertStaffUser } from "~/modules/staff/staff-users.server";
import { testFactories } from "../support/factories";
import { DRIVERS, openTestDatabase, type TestDatabase } from "../support/test-database";
import { NotFoundError, RejectedInputError, StaleRecordError } from "~/lib/save-outcome";

/** An event bus that records what was published (the real one's delivery has its own tests). */
function recordingBus(): EventBus & { sent: [string, unknown][] } {
  const sent: [string, unknown][] = [];
  return { sent, publish: async (topic, payload) => void sent.push([topic, payload]), subscribe: () => () => {}, close: async () => {} };
}

describe.each(DRIVERS)("collection editor on %s", (kind) => {
  let database: TestDatabase;
  let ctx: { actor: { id: string; email: string }; events: ReturnType<typeof recordingBus> };
  const auditOf = (targetId: string) =>
    database.db.select().from(auditLog).where(and(eq(auditLog.module, "collections"), eq(auditLog.targetId, targetId))).orderBy(asc(auditLog.createdAt));

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    // The collections the editor works on, with products of their own (no pictures needed).
    const make = testFactories(database.db);
    const made = [];
    for (const title of ["Matte Explorer Bottle", "Arctic Pro Bottle", "Matte Tumbler"]) made.push(await make.product({ title, images: "none" }));
    await make.collection({ name: "Matte Collection", slug: "matte", productIds: made.map((p) => p.id) });
    await make.collection({ name: "Outdoor & Trek", slug: "outdoor", productIds: [made[1]!.id] });
    await make.collection({ name: "Kids", slug: "kids", isActive: false });
    const auth = createAuth(database.db, { secret: "test-secret-test-secret-test-secret!", baseURL: "http://localhost:3000" });
    const { id } = await upsertStaffUser(database.db, auth, { email: "merch@glacial.in", password: "a long passphrase 1", roles: ["admin"] });
    ctx = { actor: { id, email: "merch@glacial.in" }, events: recordingBus() };
  });
  afterAll(() => database?.close());

  it("creates at the end with an audit row, refuses a taken slug, and refuses a stale save", async () => {
    const [someProduct] = await database.db.select({ id: products.id }).from(products).limit(1);
    const created = await saveCollection(database.db, collectionInput.parse({ name: "Monsoon Picks", slug: "monsoon-picks", productIds: [someProduct!.id] }), {}, ctx);
    const all = await listCollectionsForAdmin(database.db);
    expect(all.at(-1)).toMatchObject({ id: created.id, productCount: 1 });
    expect(ctx.events.sent.at(-1)).toEqual([TOPICS.catalogChanged, { productId: null }]);
    expect((await auditOf(created.id)).map((a) => [a.action, a.actorEmail, a.changes.after?.slug])).toEqual([["create", "merch@glacial.in", "monsoon-picks"]]);

    const sentBefore = ctx.events.sent.length;
    await expect(saveCollection(database.db, collectionInput.parse({ name: "X", slug: "matte" }), {}, ctx)).rejects.toMatchObject({
      fieldErrors: { slug: "This slug is already used by another collection." },
    });
    expect(ctx.events.sent.length).toBe(sentBefore);

    const renamed = await saveCollection(database.db, collectionInput.parse({ name: "Monsoon", slug: "monsoon-picks" }), { id: created.id, expectedVersion: created.version }, ctx);
    expect(renamed.version).toBe(created.version + 1);
    // Leaving productIds out keeps the products.
    expect((await listCollectionProducts(database.db, created.id)).map((p) => p.productId)).toEqual([someProduct!.id]);
    const edits = await auditOf(created.id);
    expect(edits.at(-1)).toMatchObject({ action: "edit", changes: { before: { name: "Monsoon Picks" }, after: { name: "Monsoon" } } });

    await expect(
      saveCollection(database.db, collectionInput.parse({ name: "Late", slug: "monsoon-picks", productIds: [] }), { id: created.id, expectedVersion: created.version }, ctx),
    ).rejects.toBeInstanceOf(StaleRecordError);
    const after = await getCollectionForAdmin(database.db, created.id);
    expect(after).toMatchObject({ name: "Monsoon", version: renamed.version, products: [{ productId: someProduct!.id }] });
    expect((await auditOf(created.id)).length).toBe(edits.length);
  });

  it("saves the fields and the products' order in one transaction: a vanished product changes nothing", async () => {
    const [matte] = await database.db.select().from(collections).where(eq(collections.slug, "matte"));
    const members = await listCollectionProducts(database.db, matte!.id);
    const reversed = members.map((m) => m.productId).reverse();
    await expect(
      saveCollection(
        database.db,
        collectionInput.parse({ name: "Renamed", slug: "matte", productIds: [...reversed, "00000000-0000-4000-8000-000000000000"] }),
        { id: matte!.id, expectedVersion: matte!.version },
        ctx,
      ),
    ).rejects.toBeInstanceOf(RejectedInputError);
    const untouched = (await getCollectionForAdmin(database.db, matte!.id))!;
    expect([untouched.name, untouched.version, untouched.products.map((p) => p.productId)]).toEqual([matte!.name, matte!.version, members.map((m) => m.productId)]);

    const same = { name: matte!.name, slug: "matte", description: matte!.description, isActive: matte!.isActive, heroImageId: matte!.heroImageId };
    await saveCollection(database.db, collectionInput.parse({ ...same, productIds: reversed }), { id: matte!.id, expectedVersion: matte!.version }, ctx);
    expect((await listCollectionProducts(database.db, matte!.id)).map((m) => m.productId)).toEqual(reversed);
    expect((await auditOf(matte!.id)).at(-1)!.changes).toEqual({ before: { productIds: members.map((m) => m.productId) }, after: { productIds: reversed } });
  });

  it("reorders collections (every one, once) and the home scroller follows", async () => {
    const all = await listCollectionsForAdmin(database.db);
    const reversed = all.map((c) => c.id).reverse();
    await reorderCollections(database.db, reversed, ctx);
    expect((await listCollectionsForAdmin(database.db)).map((c) => c.id)).toEqual(reversed);
    const activeIds = new Set(all.filter((c) => c.isActive).map((c) => c.id));
    expect((await listCollectionCards(database.db)).map((c) => c.id)).toEqual(reversed.filter((id) => activeIds.has(id)));
    await expect(reorderCollections(database.db, reversed.slice(1), ctx)).rejects.toBeInstanceOf(StaleRecordError);
    await expect(reorderCollections(database.db, [...reversed.slice(1), reversed[1]!], ctx)).rejects.toBeInstanceOf(StaleRecordError);
    const [row] = await database.db.select().from(auditLog).where(and(eq(auditLog.module, "collections"), eq(auditLog.action, "reorder")));
    expect(row!.changes.after).toEqual({ order: reversed });
  });

  it("sets a collection's products on their own, and deletes a collection with an audit row and its memberships", async () => {
    const [matte] = await database.db.select().from(collections).where(eq(collections.slug, "matte"));
    const members = await listCollectionProducts(database.db, matte!.id);
    const newOrder = members.map((m) => m.productId).slice(1);
    await setCollectionProducts(database.db, matte!.id, newOrder, ctx);
    expect((await listCollectionProducts(database.db, matte!.id)).map((m) => m.productId)).toEqual(newOrder);
    await expect(setCollectionProducts(database.db, matte!.id, ["00000000-0000-4000-8000-000000000000"], ctx)).rejects.toBeInstanceOf(RejectedInputError);
    expect((await listCollectionProducts(database.db, matte!.id)).map((m) => m.productId)).toEqual(newOrder);

    const sentBefore = ctx.events.sent.length;
    await deleteCollection(database.db, matte!.id, ctx);
    expect(await getCollectionForAdmin(database.db, matte!.id)).toBeNull();
    expect(await database.db.select().from(productCollections).where(eq(productCollections.collectionId, matte!.id))).toEqual([]);
    expect((await auditOf(matte!.id)).at(-1)).toMatchObject({ action: "delete", changes: { before: { slug: "matte", productIds: newOrder } } });
    expect(ctx.events.sent.length).toBe(sentBefore + 1);
    await expect(deleteCollection(database.db, matte!.id, ctx)).rejects.toBeInstanceOf(NotFoundError);
  });
});
