import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";

// How a stored media path becomes a URL, and how uploads are named.
export const PLACEHOLDER_IMAGE = "/placeholder.svg";

export const IMAGE_FORMATS = ["webp", "avif", "jpeg", "png"] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];
export type ImageOptions = { width?: number; height?: number; quality?: number; format?: ImageFormat };

/** Limits of the image endpoint; srcSet never asks for more. */
export const IMAGE_LIMITS = { minSize: 16, maxSize: 2000, minQuality: 30, maxQuality: 95 } as const;

/**
 * The only widths and heights the image endpoint renders: every size the shop's pages ask for, and
 * their 2x versions, are steps of this ladder. Any other size is served as the next step up (and
 * cached under it), so no sequence of URLs can make the server render more than these.
 */
export const IMAGE_SIZE_STEPS = [
  16, 24, 32, 48, 56, 60, 64, 80, 96, 112, 120, 128, 160, 192, 220, 240, 256, 300, 320, 360, 384, 400, 440, 480, 512, 600, 640, 720, 768, 800, 960, 1024,
  1080, 1200, 1280, 1440, 1600, 1920, 2000,
] as const;
/** The qualities rendered; any other is served as the nearest one. */
export const IMAGE_QUALITY_STEPS = [50, 60, 70, 75, 80, 85, 90, 95] as const;

/** The ladder step a requested size is served at: the smallest step at least as large, or the largest. */
export function snapImageSize(size: number): number {
  return IMAGE_SIZE_STEPS.find((step) => step >= size) ?? IMAGE_LIMITS.maxSize;
}

export function snapImageQuality(quality: number): number {
  return IMAGE_QUALITY_STEPS.reduce((best, q) => (Math.abs(q - quality) < Math.abs(best - quality) ? q : best), IMAGE_QUALITY_STEPS[0]);
}

/**
 * Bumped whenever the transform pipeline's output changes (encoder settings, sharp upgrade that
 * matters), so every image URL changes and immutable caches can never serve stale bytes.
 */
export const IMAGE_PIPELINE_VERSION = "1";

/**
 * The `v` parameter of an image URL. Object names are immutable by construction (a timestamp
 * prefix; an upload never overwrites another), so the name plus the pipeline version identifies
 * the bytes a URL answers with. The endpoint recomputes it and marks only URLs carrying the right
 * one `immutable`; a hand-made URL without it is still served, with a short cache lifetime.
 */
export function imageVersion(objectPath: string): string {
  return bytesToHex(sha256(utf8ToBytes(`${IMAGE_PIPELINE_VERSION}:${objectPath}`))).slice(0, 10);
}

// A page asks for each stored picture's URL several times (its srcset candidates, the cart's
// thumbnail), and the version depends on the name alone: the URLs the shop writes work it out
// once per name. Only names the shop writes come here (the image endpoint checks a request's
// version with `imageVersion` itself, so no request can fill this), and it is bounded anyway.
const versions = new Map<string, string>();
const MAX_REMEMBERED_VERSIONS = 10_000;
function rememberedVersion(objectPath: string): string {
  let version = versions.get(objectPath);
  if (version === undefined) {
    version = imageVersion(objectPath);
    if (versions.size >= MAX_REMEMBERED_VERSIONS) versions.clear();
    versions.set(objectPath, version);
  }
  return version;
}

export function isFullUrl(path: string): boolean {
  return /^https?:\/\//i.test(path);
}

export function mediaUrl(path: string | null | undefined, options: ImageOptions = {}): string {
  if (!path) return PLACEHOLDER_IMAGE;
  if (isFullUrl(path)) return path;
  const name = path.replace(/^\/+/, "");
  const params = new URLSearchParams();
  if (options.width) params.set("w", String(options.width));
  if (options.height) params.set("h", String(options.height));
  if (options.quality) params.set("q", String(options.quality));
  if (options.format) params.set("fm", options.format);
  params.set("v", rememberedVersion(name));
  return `/images/${name.split("/").map(encodeURIComponent).join("/")}?${params.toString()}`;
}

/**
 * A density `srcset` (1x, 2x, ...) for a stored image: each candidate scales width and height,
 * bounded by the endpoint's maximum. Undefined for placeholders and full URLs (nothing to scale).
 */
export function srcSet(path: string | null | undefined, options: ImageOptions, densities: readonly number[] = [1, 2]): string | undefined {
  if (!path || isFullUrl(path) || !options.width) return undefined;
  const candidates = new Map<string, string>();
  for (const d of densities) {
    const factor = Math.min(d, IMAGE_LIMITS.maxSize / options.width, options.height ? IMAGE_LIMITS.maxSize / options.height : Infinity);
    const scaled: ImageOptions = {
      ...options,
      width: Math.round(options.width * factor),
      height: options.height ? Math.round(options.height * factor) : undefined,
    };
    const url = mediaUrl(path, scaled);
    if (![...candidates.values()].includes(url)) candidates.set(`${d}x`, url);
  }
  return [...candidates.entries()].map(([d, url]) => `${url} ${d}`).join(", ");
}

/**
 * A width `srcset` (`384w, 512w, ...`) for a stored image shown at a width that depends on the
 * screen (a grid card, a gallery, a banner): with the `sizes` the page gives beside it, a browser
 * fetches the smallest candidate that covers its slot. A density `srcset` picks by the screen's
 * pixel ratio alone, so a phone at 1.75x took the 2x file (1024 px for a 512 px card) for a card
 * 180 px wide. Each width keeps the options' proportions; candidates must be steps of the
 * endpoint's ladder (so the URLs are the files it caches), and are dropped where they are not.
 */
export function widthSrcSet(path: string | null | undefined, options: ImageOptions, widths: readonly number[]): string | undefined {
  if (!path || isFullUrl(path) || !options.width) return undefined;
  const ratio = options.height ? options.height / options.width : null;
  const onLadder = (n: number) => snapImageSize(n) === n;
  const candidates: string[] = [];
  for (const width of [...widths].sort((a, b) => a - b)) {
    const height = ratio === null ? undefined : Math.round(width * ratio);
    if (!onLadder(width) || (height !== undefined && !onLadder(height))) continue;
    candidates.push(`${mediaUrl(path, { ...options, width, height })} ${width}w`);
  }
  return candidates.length > 0 ? candidates.join(", ") : undefined;
}

/** {folder}/{timestamp}-{file name with anything but letters, digits, dot and dash replaced by _}. */
export function objectName(folder: string, fileName: string, now: number = Date.now()): string {
  return `${folder}/${now}-${fileName.replace(/[^a-zA-Z0-9.-]/g, "_")}`;
}
