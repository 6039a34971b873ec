import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import pLimit from "p-limit";
import sharp from "sharp";
import { IMAGE_FORMATS, IMAGE_LIMITS, type ImageFormat, imageVersion, snapImageQuality, snapImageSize } from "./paths";
import { createImageCacheIndex } from "./image-cache-index.server";
import type { MediaStorage } from "./storage.server";

// The image endpoint's logic: parse bounded parameters, transform with sharp, cache results on
// disk. The HTTP route only maps the outcome to a response.

export type TransformParams = { width?: number; height?: number; quality: number; format: ImageFormat };

export type ParsedImageRequest = {
  name: string;
  params: TransformParams;
  /** The format came from the Accept header: responses must say `Vary: Accept`. */
  negotiated: boolean;
  /** The URL carries the right `v`: its response may be cached as immutable. */
  versioned: boolean;
};

export type ParseResult = { ok: true; value: ParsedImageRequest } | { ok: false; error: string };

const DEFAULT_QUALITY = 80;
const INTEGER = /^\d{1,6}$/;

export const CONTENT_TYPES: Record<ImageFormat, string> = {
  webp: "image/webp",
  avif: "image/avif",
  jpeg: "image/jpeg",
  png: "image/png",
};

/**
 * Sizes are served at the next step of a fixed ladder and qualities at the nearest of a few (a
 * usable image beats an error, and the set of renders stays bounded); anything that is not a whole
 * number, an unknown format or a suspicious path is refused as bad input.
 */
export function parseImageRequest(rawName: string, query: URLSearchParams, accept: string | null | undefined): ParseResult {
  let name: string;
  try {
    name = decodeURIComponent(rawName);
  } catch {
    return { ok: false, error: "Invalid image path." };
  }
  if (!name || name.includes("\0") || name.includes("\\") || name.split("/").some((part) => part === ".." || part === "." || part === "")) {
    return { ok: false, error: "Invalid image path." };
  }
  const size = (key: "w" | "h") => {
    const raw = query.get(key);
    if (raw === null || raw === "") return { ok: true as const, value: undefined };
    if (!INTEGER.test(raw)) return { ok: false as const };
    return { ok: true as const, value: snapImageSize(clamp(Number(raw), IMAGE_LIMITS.minSize, IMAGE_LIMITS.maxSize)) };
  };
  const width = size("w");
  const height = size("h");
  if (!width.ok) return { ok: false, error: "w must be a whole number of pixels." };
  if (!height.ok) return { ok: false, error: "h must be a whole number of pixels." };

  const rawQuality = query.get("q");
  let quality = DEFAULT_QUALITY;
  if (rawQuality !== null && rawQuality !== "") {
    if (!INTEGER.test(rawQuality)) return { ok: false, error: "q must be a whole number." };
    quality = snapImageQuality(clamp(Number(rawQuality), IMAGE_LIMITS.minQuality, IMAGE_LIMITS.maxQuality));
  }

  const rawFormat = query.get("fm");
  let format: ImageFormat;
  let negotiated = false;
  if (rawFormat === null || rawFormat === "") {
    format = acceptsAvif(accept) ? "avif" : "webp";
    negotiated = true;
  } else if ((IMAGE_FORMATS as readonly string[]).includes(rawFormat)) {
    format = rawFormat as ImageFormat;
  } else {
    return { ok: false, error: `fm must be one of ${IMAGE_FORMATS.join(", ")}.` };
  }

  return {
    ok: true,
    value: {
      name,
      params: { width: width.value, height: height.value, quality, format },
      negotiated,
      versioned: query.get("v") === imageVersion(name),
    },
  };
}

function acceptsAvif(accept: string | null | undefined): boolean {
  if (!accept) return false;
  return accept.split(",").some((part) => {
    const [type, ...rest] = part.trim().split(";");
    if (type?.trim().toLowerCase() !== "image/avif") return false;
    const q = rest.map((r) => r.trim()).find((r) => r.startsWith("q="));
    return !q || Number(q.slice(2)) > 0;
  });
}

function clamp(n: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, n));
}

export type TransformResult =
  | { kind: "ok"; bytes: Buffer; contentType: string; cacheHit: boolean }
  | { kind: "missing" }
  | { kind: "unreadable" }
  /** Too many renders are waiting: try again shortly (cached images are never refused). */
  | { kind: "busy"; retryAfterSeconds: number };

export type ImageTransformer = {
  transform(name: string, params: TransformParams): Promise<TransformResult>;
  /** Renders running and waiting now. */
  load(): { running: number; waiting: number };
};

/** The largest source the shop accepts at upload and will render: 40 megapixels, 12,000 pixels a side. */
export const MAX_SOURCE_PIXELS = 40_000_000;
export const MAX_SOURCE_SIDE = 12_000;

/**
 * The size a render will really produce: the source is never enlarged, so a request larger than
 * the source (in either dimension) is scaled down to it, keeping the requested proportions.
 */
export function producedSize(params: Pick<TransformParams, "width" | "height">, source: { width: number; height: number }): { width?: number; height?: number } {
  const { width, height } = params;
  const factor = Math.min(1, width ? source.width / width : 1, height ? source.height / height : 1);
  return {
    width: width ? Math.max(1, Math.round(width * factor)) : undefined,
    height: height ? Math.max(1, Math.round(height * factor)) : undefined,
  };
}

/**
 * Transforms stored images, caching each result under cacheDir keyed by a hash of the source
 * bytes and the parameters (so a replaced source can never be answered from a stale entry).
 */
export function createImageTransformer(
  storage: MediaStorage,
  cacheDir: string,
  options: { maxCacheBytes: number; maxConcurrentRenders?: number; maxWaitingRenders?: number },
): ImageTransformer {
  const inFlight = new Map<string, Promise<Buffer>>();
  const index = createImageCacheIndex(cacheDir, options.maxCacheBytes);
  // Rendering is the one expensive thing an anonymous request can start: one at a time by
  // default (two cores: the other keeps serving pages), a short queue, then "busy".
  const limit = pLimit(options.maxConcurrentRenders ?? 1);
  const maxWaiting = options.maxWaitingRenders ?? 16;
  return {
    load: () => ({ running: limit.activeCount, waiting: limit.pendingCount }),
    async transform(name, requested) {
      let source: Buffer | null;
      try {
        source = await storage.get(name);
      } catch {
        source = null; // a name the storage refuses (outside its root) is simply not there
      }
      if (!source) return { kind: "missing" };
      let params = requested;
      if (requested.width || requested.height) {
        // The header alone: cheap, and it names the size the render will really produce.
        const meta = await sharp(source).metadata().catch(() => null);
        if (!meta?.width || !meta.height) return { kind: "unreadable" };
        const swapped = (meta.orientation ?? 1) >= 5;
        params = { ...requested, ...producedSize(requested, swapped ? { width: meta.height, height: meta.width } : { width: meta.width, height: meta.height }) };
      }
      const key = crypto
        .createHash("sha256")
        .update(crypto.createHash("sha256").update(source).digest("hex"))
        .update(JSON.stringify([params.width ?? 0, params.height ?? 0, params.quality, params.format]))
        .digest("hex");
      const file = path.join(cacheDir, key.slice(0, 2), `${key}.${params.format}`);
      const contentType = CONTENT_TYPES[params.format];
      const cached = await fs.readFile(file).catch(() => null);
      if (cached) {
        index.touch(file);
        return { kind: "ok", bytes: cached, contentType, cacheHit: true };
      }

      // Identical requests arriving together share one transform.
      let pending = inFlight.get(key);
      if (!pending) {
        if (limit.pendingCount >= maxWaiting) return { kind: "busy", retryAfterSeconds: 5 };
        const bytesOf = source;
        pending = limit(() => render(bytesOf, params)).finally(() => inFlight.delete(key));
        inFlight.set(key, pending);
      }
      let bytes: Buffer;
      try {
        bytes = await pending;
      } catch {
        return { kind: "unreadable" };
      }
      try {
        await writeAtomically(file, bytes);
        await index.added(file, bytes.length);
      } catch {
        // A full or read-only disk costs a re-render next time, never a failed response.
      }
      return { kind: "ok", bytes, contentType, cacheHit: false };
    },
  };
}

async function render(source: Buffer, params: TransformParams): Promise<Buffer> {
  let image = sharp(source, { limitInputPixels: MAX_SOURCE_PIXELS }).rotate();
  if (params.width || params.height) {
    image = image.resize({
      width: params.width,
      height: params.height,
      fit: params.width && params.height ? "cover" : "inside",
      withoutEnlargement: true,
    });
  }
  switch (params.format) {
    case "webp":
      return image.webp({ quality: params.quality }).toBuffer();
    case "avif":
      // Effort 2 keeps the first, uncached request fast on small servers; files stay small.
      return image.avif({ quality: params.quality, effort: 2 }).toBuffer();
    case "jpeg":
      return image.jpeg({ quality: params.quality, mozjpeg: true }).toBuffer();
    case "png":
      return image.png({ quality: params.quality, compressionLevel: 9 }).toBuffer();
  }
}

async function writeAtomically(file: string, bytes: Buffer) {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString("hex")}.tmp`;
  await fs.writeFile(tmp, bytes);
  await fs.rename(tmp, file);
}
