import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collectionInput } from "~/modules/catalog/collection-form";
import {
  CollectionFieldErrors,
  StaleCollectionError,
  listCollectionProducts,
  listCollectionsForAdmin,
  reorderCollections,
  saveCollection,
  setCollectionProducts,
} from "~/modules/catalog/collection-editor.server";
import { DRIVERS, openTestDatabase, type TestDatabase } from "../support/test-database";

describe.each(DRIVERS)("collection editor on %s", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(kind, { seeded: true });
  });
  afterAll(() => database?.close());

  it("creates at the end, refuses a taken slug, and refuses a stale save", async () => {
    const created = await saveCollection(database.db, collectionInput.parse({ name: "Monsoon Picks", slug: "monsoon-picks" }), {});
    const all = await listCollectionsForAdmin(database.db);
    expect(all.at(-1)!.id).toBe(created.id);
    await expect(saveCollection(database.db, collectionInput.parse({ name: "X", slug: "matte" }), {})).rejects.toMatchObject({
      fields: { slug: "This slug is already used by another collection." },
    });
    const renamed = await saveCollection(database.db, collectionInput.parse({ name: "Monsoon", slug: "monsoon-picks" }), { id: created.id, expectedVersion: created.version });
    expect(renamed.version).toBe(created.version + 1);
    await expect(
      saveCollection(database.db, collectionInput.parse({ name: "Late", slug: "monsoon-picks" }), { id: created.id, expectedVersion: created.version }),
    ).rejects.toBeInstanceOf(StaleCollectionError);
  });

  it("reorders collections, and sets a collection's products in a given order", async () => {
    const all = await listCollectionsForAdmin(database.db);
    const reversed = all.map((c) => c.id).reverse();
    await reorderCollections(database.db, reversed);
    expect((await listCollectionsForAdmin(database.db)).map((c) => c.id)).toEqual(reversed);
    await expect(reorderCollections(database.db, reversed.slice(1))).rejects.toBeInstanceOf(CollectionFieldErrors);

    const matte = all.find((c) => c.slug === "matte")!;
    const members = await listCollectionProducts(database.db, matte.id);
    const newOrder = members.map((m) => m.productId).reverse().slice(0, -1);
    await setCollectionProducts(database.db, matte.id, newOrder);
    expect((await listCollectionProducts(database.db, matte.id)).map((m) => m.productId)).toEqual(newOrder);
    await expect(setCollectionProducts(database.db, matte.id, ["00000000-0000-4000-8000-000000000000"])).rejects.toBeInstanceOf(CollectionFieldErrors);
    expect((await listCollectionProducts(database.db, matte.id)).map((m) => m.productId)).toEqual(newOrder);
  });
});
