// Spec section 3: how a stored media path becomes a URL, and how uploads are named.
export const PLACEHOLDER_IMAGE = "/placeholder.svg";

export type ImageOptions = { width?: number; height?: number; quality?: number; format?: "webp" | "avif" | "jpeg" | "png" };

export function mediaUrl(path: string | null | undefined, options: ImageOptions = {}): string {
  if (!path) return PLACEHOLDER_IMAGE;
  if (/^https?:\/\//i.test(path)) return path;
  const params = new URLSearchParams();
  if (options.width) params.set("w", String(options.width));
  if (options.height) params.set("h", String(options.height));
  if (options.quality) params.set("q", String(options.quality));
  if (options.format) params.set("fm", options.format);
  const query = params.toString();
  return `/images/${path.replace(/^\/+/, "")}${query ? `?${query}` : ""}`;
}

/** {folder}/{timestamp}-{file name with anything but letters, digits, dot and dash replaced by _}. */
export function objectName(folder: string, fileName: string, now: number = Date.now()): string {
  return `${folder}/${now}-${fileName.replace(/[^a-zA-Z0-9.-]/g, "_")}`;
}
