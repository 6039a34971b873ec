import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createImageTransformer, parseImageRequest } from "~/modules/media/image-transform.server";
import { imageVersion } from "~/modules/media/paths";
import { media } from "~/modules/media/schema";
import { localDiskStorage } from "~/modules/media/storage.server";
import { testFactories, type TestFactories } from "../support/factories";
import { DRIVERS, openTestDatabase, type TestDatabase } from "../support/test-database";

// The image endpoint's logic against real files on disk (no database involved).
const CACHE = { maxCacheBytes: 64 * 1024 * 1024 };
describe("image transform", () => {
  let root: string;
  const storage = () => localDiskStorage(path.join(root, "media"));
  const cacheDir = () => path.join(root, "cache", "images");
  const source = "products/1700000000000-test.png";

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "glacial-images-"));
    const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#1f8a8a" } }).png().toBuffer();
    await storage().put(source, png);
    await storage().put("products/1700000000001-broken.png", Buffer.from("not an image"));
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  const parse = (query: string, accept?: string) => {
    const r = parseImageRequest(source, new URLSearchParams(query), accept);
    if (!r.ok) throw new Error(r.error);
    return r.value;
  };

  it("resizes with cover crop to the requested box and format", async () => {
    const t = createImageTransformer(storage(), cacheDir(), CACHE);
    const r = await t.transform(source, parse("w=160&h=160&q=85&fm=webp").params);
    expect(r.kind).toBe("ok");
    if (r.kind !== "ok") return;
    expect(r.contentType).toBe("image/webp");
    const meta = await sharp(r.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 160, 160]);
    const hero = await t.transform(source, parse("w=800&h=600&q=90&fm=jpeg").params);
    expect(hero.kind === "ok" && (await sharp(hero.bytes).metadata())).toMatchObject({ format: "jpeg", width: 800, height: 600 });
  });

  it("keeps the aspect ratio with only a width, and never enlarges", async () => {
    const t = createImageTransformer(storage(), cacheDir(), CACHE);
    const r = await t.transform(source, parse("w=300&fm=png").params);
    expect(r.kind === "ok" && (await sharp(r.bytes).metadata())).toMatchObject({ format: "png", width: 300, height: 200 });
    // Larger than the source: scaled down to fit it, keeping the requested (square) proportions.
    const big = await t.transform(source, parse("w=2000&h=2000&fm=webp").params);
    expect(big.kind === "ok" && (await sharp(big.bytes).metadata())).toMatchObject({ width: 600, height: 600 });
  });

  it("chooses AVIF when the browser accepts it, WebP otherwise, and says it varies", () => {
    expect(parse("w=100", "image/avif,image/webp,*/*")).toMatchObject({ negotiated: true, params: { format: "avif" } });
    expect(parse("w=100", "image/webp,*/*")).toMatchObject({ negotiated: true, params: { format: "webp" } });
    expect(parse("w=100", "image/avif;q=0,image/webp")).toMatchObject({ params: { format: "webp" } });
    expect(parse("w=100&fm=jpeg", "image/avif")).toMatchObject({ negotiated: false, params: { format: "jpeg" } });
  });

  it("serves a repeated request from the disk cache", async () => {
    const t = createImageTransformer(storage(), cacheDir(), CACHE);
    const params = parse("w=200&h=100&q=70&fm=avif").params;
    const first = await t.transform(source, params);
    const second = await createImageTransformer(storage(), cacheDir(), CACHE).transform(source, params);
    expect(first).toMatchObject({ kind: "ok", cacheHit: false });
    expect(second).toMatchObject({ kind: "ok", cacheHit: true });
    if (first.kind === "ok" && second.kind === "ok") expect(second.bytes.equals(first.bytes)).toBe(true);
    const files = fs.readdirSync(cacheDir(), { recursive: true }).map(String).filter((f) => f.endsWith(".avif"));
    expect(files.length).toBeGreaterThan(0);
  });

  it("keeps the disk cache under its cap by removing the least recently used images first", async () => {
    const dir = path.join(root, "cache", "capped");
    const cacheBytes = () => fs.readdirSync(dir, { recursive: true }).map((f) => path.join(dir, String(f))).filter((f) => fs.statSync(f).isFile()).reduce((n, f) => n + fs.statSync(f).size, 0);
    const widths = [96, 120, 128, 160, 192, 220, 240, 256];
    // Measure one image's size first, then cap the cache at about four of them.
    const probe = await createImageTransformer(storage(), path.join(root, "cache", "probe"), CACHE).transform(source, parse("w=160&q=80&fm=png").params);
    const cap = 4 * (probe.kind === "ok" ? probe.bytes.length : 0);
    expect(cap).toBeGreaterThan(0);
    const t = createImageTransformer(storage(), dir, { maxCacheBytes: cap });
    await t.transform(source, parse(`w=${widths[0]}&q=80&fm=png`).params);
    for (const w of widths.slice(1)) {
      await t.transform(source, parse(`w=${w}&q=80&fm=png`).params);
      // The first image is used again and again: it stays while others come and go.
      expect(await t.transform(source, parse(`w=${widths[0]}&q=80&fm=png`).params)).toMatchObject({ cacheHit: true });
      expect(cacheBytes()).toBeLessThanOrEqual(cap);
    }
    expect(await t.transform(source, parse(`w=${widths.at(-1)}&q=80&fm=png`).params)).toMatchObject({ kind: "ok", cacheHit: true });
    // An early, unused size was evicted: asked again, it is rendered again.
    expect(await t.transform(source, parse(`w=${widths[1]}&q=80&fm=png`).params)).toMatchObject({ kind: "ok", cacheHit: false });
    expect(cacheBytes()).toBeLessThanOrEqual(cap);

    // A new process finds the cache already full and trims it on its first write.
    const over = createImageTransformer(storage(), dir, { maxCacheBytes: Math.floor(cap / 2) });
    await over.transform(source, parse("w=300&q=80&fm=png").params);
    expect(cacheBytes()).toBeLessThanOrEqual(Math.floor(cap / 2));
    expect(await over.transform(source, parse("w=300&q=80&fm=png").params)).toMatchObject({ cacheHit: true });
  });

  it("answers missing for an unknown source or a path outside storage, and unreadable for a broken file", async () => {
    const t = createImageTransformer(storage(), cacheDir(), CACHE);
    expect(await t.transform("products/nope.png", parse("w=100").params)).toEqual({ kind: "missing" });
    expect(await t.transform("../../etc/passwd", parse("w=100").params)).toEqual({ kind: "missing" });
    expect(await t.transform("products/1700000000001-broken.png", parse("w=100").params)).toEqual({ kind: "unreadable" });
  });

  it("clamps sizes and quality to the steps it renders, refuses malformed values and paths", () => {
    expect(parse("w=5&h=99999&q=5").params).toMatchObject({ width: 16, height: 2000, quality: 50 });
    expect(parse("q=100").params.quality).toBe(95);
    for (const q of ["w=abc", "h=-5", "w=1.5", "q=x", "fm=gif", "fm=svg", "w=1e3"]) {
      expect(parseImageRequest(source, new URLSearchParams(q), null).ok, q).toBe(false);
    }
    for (const name of ["", "../secret", "a/../../b", "a//b", "a\\b", "%E0%A4%A", "a%00b"]) {
      expect(parseImageRequest(name, new URLSearchParams(""), null).ok, name).toBe(false);
    }
  });

  it("renders only sizes of its fixed ladder: any other is served as the next step, from one cache file", async () => {
    const t = createImageTransformer(storage(), path.join(root, "cache", "ladder"), CACHE);
    expect(parse("w=777&q=83").params).toMatchObject({ width: 800, quality: 85 });
    const first = await t.transform(source, parse("w=777&q=83&fm=webp").params);
    expect(first.kind === "ok" && (await sharp(first.bytes).metadata()).width).toBe(800);
    // Another odd width on the same step: the same file, no second render.
    expect(await t.transform(source, parse("w=790&q=84&fm=webp").params)).toMatchObject({ kind: "ok", cacheHit: true });
    // Sizes past the source's own are keyed on what is produced: 1920 and 2000 wide both give the 900-wide original.
    const wide = await t.transform(source, parse("w=1920&fm=webp").params);
    expect(wide.kind === "ok" && (await sharp(wide.bytes).metadata()).width).toBe(900);
    expect(await t.transform(source, parse("w=2000&fm=webp").params)).toMatchObject({ kind: "ok", cacheHit: true });
    expect(await t.transform(source, parse("w=1000&fm=webp").params)).toMatchObject({ kind: "ok", cacheHit: true });
  });

  it("renders one image at a time, answers busy when too many wait, and serves cached images meanwhile", async () => {
    const t = createImageTransformer(storage(), path.join(root, "cache", "queue"), { ...CACHE, maxConcurrentRenders: 1, maxWaitingRenders: 3 });
    await t.transform(source, parse("w=64&fm=png").params);
    let maxRunning = 0;
    const sizes = [96, 120, 160, 192, 240, 320, 400, 480];
    const renders = sizes.map((w) => t.transform(source, parse(`w=${w}&fm=avif`).params));
    const sampler = setInterval(() => (maxRunning = Math.max(maxRunning, t.load().running)), 1);
    const cached = await t.transform(source, parse("w=64&fm=png").params);
    expect(cached).toMatchObject({ kind: "ok", cacheHit: true });
    const results = await Promise.all(renders);
    clearInterval(sampler);
    expect(maxRunning).toBeLessThanOrEqual(1);
    // One running and three waiting are accepted (three, if the first had not started yet when the rest arrived).
    const ok = results.filter((r) => r.kind === "ok").length;
    expect(ok).toBeGreaterThanOrEqual(3);
    expect(ok).toBeLessThanOrEqual(4);
    expect(results.filter((r) => r.kind === "busy")).toHaveLength(sizes.length - ok);
    expect(results.find((r) => r.kind === "busy")).toMatchObject({ retryAfterSeconds: 5 });
  });

  it("marks only correctly versioned URLs immutable", () => {
    expect(parse(`w=100&v=${imageVersion(source)}`).versioned).toBe(true);
    expect(parse("w=100&v=0000000000").versioned).toBe(false);
    expect(parse("w=100").versioned).toBe(false);
  });
});

describe.each(DRIVERS)("image transform of the shop's product pictures on %s", (kind) => {
  let database: TestDatabase;
  let make: TestFactories;
  let cacheRoot: string;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    cacheRoot = fs.mkdtempSync(path.join(os.tmpdir(), "glacial-image-cache-"));
    // Five products with a picture each, stored through the product editor's upload checks.
    make = testFactories(database.db);
    for (let i = 0; i < 5; i++) await make.product();
  });
  afterAll(async () => {
    await database?.close();
    make?.cleanup();
    fs.rmSync(cacheRoot, { recursive: true, force: true });
  });

  it("turns every product's primary picture into the spec's 160x160 WebP thumbnail", async () => {
    const rows = await database.db.select({ fileUrl: media.fileUrl }).from(media).where(eq(media.isPrimary, true)).limit(5);
    expect(rows.length).toBe(5);
    const t = createImageTransformer(make.storage, cacheRoot, CACHE);
    for (const row of rows) {
      const parsed = parseImageRequest(row.fileUrl, new URLSearchParams(`w=160&h=160&q=85&fm=webp&v=${imageVersion(row.fileUrl)}`), null);
      expect(parsed.ok && parsed.value.versioned).toBe(true);
      if (!parsed.ok) continue;
      const r = await t.transform(parsed.value.name, parsed.value.params);
      expect(r.kind === "ok" && (await sharp(r.bytes).metadata())).toMatchObject({ format: "webp", width: 160, height: 160 });
    }
  });
});
