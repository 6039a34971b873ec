import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "~/modules/audit/schema";
import { createAuth } from "~/modules/staff/auth.server";
import { upsertStaffUser } from "~/modules/staff/staff-users.server";
import { INVALID_TYPE_MESSAGE } from "~/modules/media/upload-rules";
import { UploadRejected, listImageLibrary, uploadLibraryImage } from "~/modules/media/media-library.server";
import { localDiskStorage } from "~/modules/media/storage.server";
import { testFactories, type TestFactories } from "../support/factories";
import { DRIVERS, openTestDatabase, type TestDatabase } from "../support/test-database";

// Images that belong to no product (a collection's hero image): same checks, own folder, in the picker.
describe.each(DRIVERS)("library images on %s", (kind) => {
  let database: TestDatabase;
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "glacial-library-"));
  const storage = localDiskStorage(root);
  let audit: { actor: { id: string; email: string }; module: string };
  let make: TestFactories;
  /** Products' pictures already in the library before the upload. */
  const PICTURES = 4;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    make = testFactories(database.db);
    for (let i = 0; i < PICTURES; i++) await make.product();
    const auth = createAuth(database.db, { secret: "test-secret-test-secret-test-secret!", baseURL: "http://localhost:3000" });
    const { id } = await upsertStaffUser(database.db, auth, { email: "merch@glacial.in", password: "a long passphrase 1", roles: ["admin"] });
    audit = { actor: { id, email: "merch@glacial.in" }, module: "collections" };
  });
  afterAll(async () => {
    await database?.close();
    make?.cleanup();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it("stores a checked, metadata-free image under its folder, newest first in the library", async () => {
    const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#123456" } })
      .jpeg()
      .withExif({ IFD0: { Make: "PhoneCo" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "12/1 58/1 0/1" } })
      .toBuffer();
    const row = await uploadLibraryImage(database.db, storage, { folder: "collections", fileName: "Monsoon hero (1).jpg", declaredType: "image/jpeg", bytes: photo }, audit, 1700000000000);
    expect(row).toMatchObject({ fileUrl: "collections/1700000000000-Monsoon_hero__1_.jpg", productId: null, variantId: null, width: 40, height: 30, mimeType: "image/jpeg" });
    const stored = (await storage.get(row.fileUrl))!;
    expect((await sharp(stored).metadata()).exif).toBeUndefined();
    const [logged] = await database.db.select().from(auditLog).where(and(eq(auditLog.action, "upload_image"), eq(auditLog.targetId, row.id)));
    expect(logged).toMatchObject({ module: "collections", actorEmail: "merch@glacial.in", changes: { after: { fileUrl: row.fileUrl } } });
    const library = await listImageLibrary(database.db);
    expect(library[0]).toMatchObject({ id: row.id, fileUrl: row.fileUrl });
    expect(library).toHaveLength(PICTURES + 1);
  });

  it("refuses a renamed text file with the spec's message and stores nothing", async () => {
    const before = (await listImageLibrary(database.db, 500)).length;
    await expect(
      uploadLibraryImage(database.db, storage, { folder: "collections", fileName: "notes.png", declaredType: "image/png", bytes: new TextEncoder().encode("not an image") }, audit),
    ).rejects.toThrow(new UploadRejected(INVALID_TYPE_MESSAGE));
    expect((await listImageLibrary(database.db, 500)).length).toBe(before);
    expect(fs.existsSync(path.join(root, "collections")) ? fs.readdirSync(path.join(root, "collections")) : []).toHaveLength(1);
  });
});
