import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import zlib from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uploadImageAsStaff } from "~/modules/catalog/product-images.server";
import { productVariants, products } from "~/modules/catalog/schema";
import { createLocalEventBus } from "~/modules/events/event-bus.server";
import {
  UploadRejected,
  deleteProductMedia,
  listProductMedia,
  reorderProductMedia,
  setPrimaryMedia,
  updateMediaDetails,
  uploadProductImage,
} from "~/modules/media/media-library.server";
import { localDiskStorage, StorageFull, type MediaStorage } from "~/modules/media/storage.server";
import { DRIVERS, openTestDatabase, type TestDatabase } from "../support/test-database";
import { refusalThrownBy } from "../support/refusals";

/**
 * A PNG that claims 16,000 x 16,000 pixels (256 megapixels): its header and a token of data, as a
 * few-megabyte upload of a huge, simple picture would look before decoding.
 */
function hugePngHeader(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(16_000, 0);
  ihdr.writeUInt32BE(16_000, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", zlib.deflateSync(Buffer.alloc(16_001 * 8))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A JPEG carrying EXIF with a GPS position, like a phone photo. */
async function phonePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: "#1f8a8a" } })
    .jpeg()
    .withExif({ IFD0: { Make: "PhoneCo", Model: "X1" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "12/1 58/1 0/1", GPSLongitudeRef: "E", GPSLongitude: "77/1 35/1 0/1" } })
    .toBuffer();
}

describe.each(DRIVERS)("media library on %s", (kind) => {
  let database: TestDatabase;
  const storage = localDiskStorage(fs.mkdtempSync(path.join(os.tmpdir(), "glacial-media-")));
  let productId: string;
  let variantId: string;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const [p] = await database.db.insert(products).values({ slug: "m", title: "M" }).returning();
    productId = p!.id;
    const [v] = await database.db.insert(productVariants).values({ productId, sku: "M-1", pricePaise: 100000 }).returning();
    variantId = v!.id;
  });
  afterAll(() => database?.close());

  it("stores an upload under {folder}/{timestamp}-{sanitised name} without its EXIF location", async () => {
    const photo = await phonePhoto();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const row = await uploadProductImage(database.db, storage, { fileName: "My photo (1).jpg", declaredType: "image/jpeg", bytes: photo, productId }, 1700000000000);
    expect(row).toMatchObject({ fileUrl: "products/1700000000000-My_photo__1_.jpg", isPrimary: true, mimeType: "image/jpeg", width: 64, height: 48 });
    const stored = await storage.get(row.fileUrl);
    const meta = await sharp(stored!).metadata();
    expect(meta.format).toBe("jpeg");
    expect(meta.exif).toBeUndefined();
  });

  it("refuses a renamed text file, a wrong type and a file over 10 MB with the spec's messages, storing nothing", async () => {
    const before = await listProductMedia(database.db, productId);
    const text = new TextEncoder().encode("just some text pretending to be a picture");
    await expect(uploadProductImage(database.db, storage, { fileName: "a.png", declaredType: "image/png", bytes: text, productId })).rejects.toThrow(
      new UploadRejected("Invalid file type. Only JPEG, PNG, WebP, and GIF are allowed."),
    );
    await expect(uploadProductImage(database.db, storage, { fileName: "a.svg", declaredType: "image/svg+xml", bytes: text, productId })).rejects.toThrow(
      "Invalid file type. Only JPEG, PNG, WebP, and GIF are allowed.",
    );
    const big = new Uint8Array(10485761);
    big.set([0xff, 0xd8, 0xff]);
    await expect(uploadProductImage(database.db, storage, { fileName: "big.jpg", declaredType: "image/jpeg", bytes: big, productId })).rejects.toThrow(
      "File too large. Maximum size is 10MB.",
    );
    expect(await listProductMedia(database.db, productId)).toHaveLength(before.length);
  });

  it("refuses a picture too large to render (256 megapixels) from its header, before decoding it", async () => {
    const before = await listProductMedia(database.db, productId);
    const started = performance.now();
    await expect(uploadProductImage(database.db, storage, { fileName: "huge.png", declaredType: "image/png", bytes: hugePngHeader(), productId })).rejects.toThrow(
      new UploadRejected("Image too large: at most 12,000 pixels on a side and 40 megapixels in all. Please upload a smaller picture."),
    );
    // Read from the header alone: no quarter-gigapixel decode was attempted.
    expect(performance.now() - started).toBeLessThan(2000);
    expect(await listProductMedia(database.db, productId)).toHaveLength(before.length);
  });

  it("reorders, sets the primary, attaches to a variant, edits alt text and deletes", async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 4, background: "#fff" } }).png().toBuffer();
    const second = await uploadProductImage(database.db, storage, { fileName: "b.png", declaredType: "image/png", bytes: png, productId });
    const third = await uploadProductImage(database.db, storage, { fileName: "c.png", declaredType: "image/png", bytes: png, productId });
    const [first] = await listProductMedia(database.db, productId);
    await reorderProductMedia(database.db, productId, [third.id, second.id, first!.id]);
    await setPrimaryMedia(database.db, productId, second.id);
    await updateMediaDetails(database.db, productId, third.id, { alt: " Teal bottle ", variantId });
    const listed = await listProductMedia(database.db, productId);
    expect(listed.map((m) => m.id)).toEqual([second.id, third.id, first!.id]);
    expect(listed[1]).toMatchObject({ alt: "Teal bottle", variantId });
    await expect(reorderProductMedia(database.db, productId, [third.id])).rejects.toThrow(/each of this product's images once/);

    await deleteProductMedia(database.db, storage, productId, [second.id]);
    const after = await listProductMedia(database.db, productId);
    expect(after.map((m) => m.id)).not.toContain(second.id);
    expect(after.filter((m) => m.isPrimary)).toHaveLength(1);
    expect(await storage.get(second.fileUrl)).toBeNull();
  });

  it("refuses a variant of another product (the catalog checks it, media stores)", async () => {
    const [other] = await database.db.insert(products).values({ slug: "other", title: "O" }).returning();
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } }).png().toBuffer();
    const services = { db: database.db, events: createLocalEventBus(), storage };
    const actor = { id: null, email: "editor@glacial.in" };
    expect(await refusalThrownBy(uploadImageAsStaff(services, actor, { fileName: "x.png", declaredType: "image/png", bytes: png, productId: other!.id, variantId }))).toEqual({
      ok: false,
      status: 400,
      error: "That variant does not belong to this product.",
    });
    expect(await database.db.select().from(products).where(eq(products.id, other!.id))).toHaveLength(1);
  });

  it("answers a full disk with 507 and a file over the limit with 413, each with the message the uploader sees, keeping nothing", async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } }).png().toBuffer();
    const full: MediaStorage = { ...storage, put: () => Promise.reject(new StorageFull()) };
    const actor = { id: null, email: "editor@glacial.in" };
    const before = await listProductMedia(database.db, productId);
    expect(await refusalThrownBy(uploadImageAsStaff({ db: database.db, events: createLocalEventBus(), storage: full }, actor, { fileName: "x.png", declaredType: "image/png", bytes: png, productId }))).toEqual({
      ok: false,
      status: 507,
      error: "The shop's storage is full, so the image was not saved. Free some space (or ask whoever runs the shop to), then upload again.",
    });
    const big = new Uint8Array(10485761);
    big.set([0xff, 0xd8, 0xff]);
    expect(await refusalThrownBy(uploadImageAsStaff({ db: database.db, events: createLocalEventBus(), storage }, actor, { fileName: "big.jpg", declaredType: "image/jpeg", bytes: big, productId }))).toEqual({
      ok: false,
      status: 413,
      error: "File too large. Maximum size is 10MB.",
    });
    expect(await listProductMedia(database.db, productId)).toHaveLength(before.length);
  });
});
