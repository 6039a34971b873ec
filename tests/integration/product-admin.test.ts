import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listAudit } from "~/modules/audit/audit.server";
import {
  bulkUpdateProducts,
  deleteProducts,
  listProductsForAdmin,
  loadProductForEditor,
  saveProductAsStaff,
} from "~/modules/catalog/product-admin.server";
import { productInput, type ProductInput } from "~/modules/catalog/product-form";
import { products } from "~/modules/catalog/schema";
import { TOPICS } from "~/modules/events/topics";
import { deleteImageAsStaff, reorderImagesAsStaff, setPrimaryImageAsStaff, uploadImageAsStaff } from "~/modules/catalog/product-images.server";
import { localDiskStorage } from "~/modules/media/storage.server";
import { INVALID_TYPE_MESSAGE, MAX_UPLOAD_BYTES, TOO_LARGE_MESSAGE } from "~/modules/media/upload-rules";
import { signInStaff } from "~/modules/staff/sign-in.server";
import { action as mediaAction } from "~/routes/admin/catalog-media";
import type { AppServices } from "~/services.server";
import { DRIVERS } from "../support/test-database";
import { cookieHeader, createStaff, openTestServices, requestFrom, TEST_PUBLIC_URL } from "../support/test-services";
import { answerOf } from "../support/route-calls";
import { refusalThrownBy } from "../support/refusals";

const form = (over: Partial<ProductInput> = {}): ProductInput => ({
  title: "Admin Bottle",
  slug: "admin-bottle",
  status: "draft",
  skuBase: "adm",
  options: [{ name: "Color", values: ["Red", "Blue"] }],
  variants: [
    { optionValues: { Color: "Red" }, price: 999, stockQuantity: 1 },
    { optionValues: { Color: "Blue" }, price: 1099, stockQuantity: 2 },
  ],
  ...over,
});

describe.each(DRIVERS)("product back office faces on %s", (kind) => {
  let services: AppServices;
  let actor: { id: string; email: string; password: string };
  const events: unknown[] = [];
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), "glacial-admin-media-"));
  beforeAll(async () => {
    services = await openTestServices(kind);
    services.storage = localDiskStorage(mediaDir);
    actor = await createStaff(services, "editor@glacial.in", ["admin"]);
    services.events.subscribe(TOPICS.catalogChanged, (payload) => events.push(payload));
  });
  afterAll(async () => {
    await services?.close();
    fs.rmSync(mediaDir, { recursive: true, force: true });
  });
  const auditOf = async (targetId: string) => (await listAudit(services.db, { module: "catalog" })).filter((a) => a.targetId === targetId);

  it("saves a product with its audit row in one transaction and tells the storefront after the commit", async () => {
    events.length = 0;
    const created = await saveProductAsStaff(services, actor, productInput.parse(form()), {});
    expect(created.ok).toBe(true);
    if (!created.ok) return;
    expect(events).toEqual([{ productId: created.id }]);
    const [audit] = await auditOf(created.id);
    expect(audit).toMatchObject({ action: "create", actorEmail: "editor@glacial.in" });
    expect(audit!.changes.after).toMatchObject({ title: "Admin Bottle", status: "draft" });

    const edited = await saveProductAsStaff(services, actor, productInput.parse(form({ title: "Admin Bottle II", variants: [] })), { id: created.id, expectedVersion: created.version });
    expect(edited).toMatchObject({ ok: true, version: created.version + 1 });
    const rows = await auditOf(created.id);
    expect(rows[0]).toMatchObject({ action: "edit", changes: { before: { title: "Admin Bottle" }, after: { title: "Admin Bottle II" } } });

    // The editor that loaded version 1 is refused; nothing changes and no audit row is written.
    events.length = 0;
    const stale = await saveProductAsStaff(services, actor, productInput.parse(form({ title: "Overwrite" })), { id: created.id, expectedVersion: created.version });
    expect(stale).toEqual({ ok: false, status: 409, error: "This product was changed by someone else — reload to see their changes." });
    expect((await loadProductForEditor(services.db, created.id))!.product.title).toBe("Admin Bottle II");
    expect(await auditOf(created.id)).toHaveLength(2);
    expect(events).toEqual([]);
  });

  it("answers a slug clash as a field error and saves nothing", async () => {
    const before = await services.db.select({ id: products.id }).from(products);
    const clash = await saveProductAsStaff(services, actor, productInput.parse(form({ title: "Clash", slug: "admin-bottle" })), {});
    expect(clash).toMatchObject({ ok: false, status: 400, fieldErrors: { slug: "This slug is already used by another product." } });
    expect(await services.db.select({ id: products.id }).from(products)).toHaveLength(before.length);
  });

  it("lists 50 a page with search by title or SKU and filters; bulk actions audit each product", async () => {
    const all = await listProductsForAdmin(services.db, { sort: "title", page: 1 });
    expect(all.rows.length).toBeLessThanOrEqual(50);
    expect(all.total).toBeGreaterThan(0);
    const bySku = await listProductsForAdmin(services.db, { q: "ADM-RED", sort: "updated", page: 1 });
    expect(bySku.rows.map((r) => r.title)).toEqual(["Admin Bottle II"]);
    const id = bySku.rows[0]!.id;

    await bulkUpdateProducts(services, actor, [id], { kind: "add-tag", tag: "flash-sale" });
    await bulkUpdateProducts(services, actor, [id], { kind: "status", status: "archived" });
    const archived = await listProductsForAdmin(services.db, { status: "archived", tag: "flash-sale", sort: "updated", page: 1 });
    expect(archived.rows.map((r) => r.id)).toEqual([id]);
    await bulkUpdateProducts(services, actor, [id], { kind: "remove-tag", tag: "flash-sale" });
    expect((await listProductsForAdmin(services.db, { tag: "flash-sale", q: "Admin Bottle", sort: "updated", page: 1 })).total).toBe(0);
    expect((await auditOf(id)).map((a) => a.action).slice(0, 3)).toEqual(["bulk_remove_tag", "bulk_status", "bulk_add_tag"]);
    // A bulk change bumps the version, so an editor opened before it is refused.
    expect((await loadProductForEditor(services.db, id))!.product.version).toBe(5);
  });

  it("uploads, reorders, sets primary and deletes images with audit rows; a renamed text file is refused", async () => {
    const [p] = await services.db.select({ id: products.id }).from(products).where(eq(products.slug, "admin-bottle"));
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: "#123456" } }).png().toBuffer();
    const a = await uploadImageAsStaff(services, actor, { fileName: "a.png", declaredType: "image/png", bytes: png, productId: p!.id });
    const b = await uploadImageAsStaff(services, actor, { fileName: "b.png", declaredType: "image/png", bytes: png, productId: p!.id });
    expect([a.id, b.id]).toEqual([expect.any(String), expect.any(String)]);
    const text = new TextEncoder().encode("just some text, not an image");
    // Refused as bad input (400 through the one refusal table), with the message the editor shows.
    expect(await refusalThrownBy(uploadImageAsStaff(services, actor, { fileName: "photo.jpg", declaredType: "image/jpeg", bytes: text, productId: p!.id }))).toEqual({
      ok: false,
      status: 400,
      error: INVALID_TYPE_MESSAGE,
    });
    const ids = [a.id!, b.id!];
    // Putting an image first makes it the primary (the storefront shows the primary first).
    expect(await reorderImagesAsStaff(services, actor, p!.id, [ids[1]!, ids[0]!])).toEqual({ id: undefined });
    expect((await loadProductForEditor(services.db, p!.id))!.media.map((m) => [m.id, m.isPrimary])).toEqual([
      [ids[1], true],
      [ids[0], false],
    ]);
    await setPrimaryImageAsStaff(services, actor, p!.id, ids[0]!);
    expect((await loadProductForEditor(services.db, p!.id))!.media.map((m) => [m.id, m.isPrimary])).toEqual([
      [ids[0], true],
      [ids[1], false],
    ]);
    await setPrimaryImageAsStaff(services, actor, p!.id, ids[1]!);
    await deleteImageAsStaff(services, actor, p!.id, ids[1]!);
    const left = (await loadProductForEditor(services.db, p!.id))!.media;
    expect(left.map((m) => [m.id, m.isPrimary])).toEqual([[ids[0], true]]);
    expect(fs.readdirSync(path.join(mediaDir, "products"))).toHaveLength(1);
    expect((await auditOf(p!.id)).map((x) => x.action).slice(0, 6)).toEqual(["media_delete", "media_primary", "media_primary", "media_reorder", "media_upload", "media_upload"]);
  });

  it("answers the image endpoint's refusals as the media module threw them, each status from the one refusal table", async () => {
    const [p] = await services.db.select({ id: products.id }).from(products).where(eq(products.slug, "admin-bottle"));
    const signedIn = await signInStaff(services, requestFrom("/admin/login", { method: "POST" }), actor);
    if (signedIn.kind !== "signed-in") throw new Error("sign-in failed");
    const cookie = cookieHeader(signedIn.headers);
    const call = (intent: string, body: FormData) =>
      answerOf(() =>
        mediaAction({
          request: new Request(`${TEST_PUBLIC_URL}/admin/catalog/edit/${p!.id}/media?intent=${intent}`, { method: "POST", headers: { cookie, origin: TEST_PUBLIC_URL, "x-forwarded-for": "10.0.0.1" }, body }),
          context: { services },
          params: { id: p!.id },
        } as never),
      );
    const withFile = (bytes: Uint8Array<ArrayBuffer>, name: string, type: string) => {
      const body = new FormData();
      body.set("file", new File([bytes], name, { type }));
      return body;
    };
    const imagesBefore = (await loadProductForEditor(services.db, p!.id))!.media.length;
    // A renamed text file: bad input, 400.
    expect(await call("upload", withFile(new TextEncoder().encode("not an image"), "photo.jpg", "image/jpeg"))).toEqual({ status: 400, body: { ok: false, error: INVALID_TYPE_MESSAGE } });
    // One byte over the limit: the module's TooLargeError, 413.
    const big = new Uint8Array(MAX_UPLOAD_BYTES + 1);
    big.set([0xff, 0xd8, 0xff]);
    expect(await call("upload", withFile(big, "big.jpg", "image/jpeg"))).toEqual({ status: 413, body: { ok: false, error: TOO_LARGE_MESSAGE } });
    // An image that is not there: gone, 404.
    const gone = new FormData();
    gone.set("mediaId", "66666666-6666-4666-8666-666666666666");
    expect(await call("delete", gone)).toEqual({ status: 404, body: { ok: false, error: "Image not found." } });
    expect((await loadProductForEditor(services.db, p!.id))!.media).toHaveLength(imagesBefore);
  });

  it("pages 50 at a time; a page past the end shows the last one", async () => {
    // Enough bare products of this test's own for a second page (the list needs no more than a row each).
    const before = (await listProductsForAdmin(services.db, { sort: "title", page: 1 })).total;
    await services.db.insert(products).values(Array.from({ length: 75 - before }, (_, i) => ({ slug: `bulk-${i}`, title: `Bulk ${String(i).padStart(2, "0")}` })));
    const first = await listProductsForAdmin(services.db, { sort: "title", page: 1 });
    expect(first.total).toBe(75);
    expect(first.rows).toHaveLength(50);
    expect(first.pageCount).toBe(Math.ceil(first.total / 50));
    const second = await listProductsForAdmin(services.db, { sort: "title", page: 2 });
    expect(second.rows).toHaveLength(first.total - 50);
    expect(second.rows.some((r) => first.rows.some((f) => f.id === r.id))).toBe(false);
    expect((await listProductsForAdmin(services.db, { sort: "title", page: 99 })).page).toBe(2);
  });

  it("deletes products with their image files, one audit row each", async () => {
    const [p] = await services.db.select({ id: products.id }).from(products).where(eq(products.slug, "admin-bottle"));
    expect(await deleteProducts(services, actor, [p!.id])).toEqual({ deleted: 1 });
    expect(await loadProductForEditor(services.db, p!.id)).toBeNull();
    expect(fs.readdirSync(path.join(mediaDir, "products"))).toHaveLength(0);
    expect((await auditOf(p!.id))[0]).toMatchObject({ action: "delete", changes: { before: { title: "Admin Bottle II" } } });
  });
});
