// The upload rules, shared by the browser (before sending) and the server (again).
export const MAX_UPLOAD_BYTES = 10_485_760;
export const ALLOWED_TYPES = ["image/jpeg", "image/jpg", "image/png", "image/webp", "image/gif"] as const;
export const INVALID_TYPE_MESSAGE = "Invalid file type. Only JPEG, PNG, WebP, and GIF are allowed.";
export const TOO_LARGE_MESSAGE = "File too large. Maximum size is 10MB.";
export const IMAGE_TOO_BIG_MESSAGE = "Image too large: at most 12,000 pixels on a side and 40 megapixels in all. Please upload a smaller picture.";

export function uploadProblem(file: { type: string; size: number }): string | null {
  if (!(ALLOWED_TYPES as readonly string[]).includes(file.type.toLowerCase())) return INVALID_TYPE_MESSAGE;
  if (file.size > MAX_UPLOAD_BYTES) return TOO_LARGE_MESSAGE;
  return null;
}

/** What the bytes really are, from their magic numbers; a renamed text file is null. */
export function sniffImageType(bytes: Uint8Array): "image/jpeg" | "image/png" | "image/webp" | "image/gif" | null {
  const at = (i: number) => bytes[i];
  if (bytes.length >= 3 && at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return "image/jpeg";
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => at(i) === b)) return "image/png";
  if (bytes.length >= 6 && String.fromCharCode(...bytes.slice(0, 6)).match(/^GIF8[79]a$/)) return "image/gif";
  if (bytes.length >= 12 && String.fromCharCode(...bytes.slice(0, 4)) === "RIFF" && String.fromCharCode(...bytes.slice(8, 12)) === "WEBP") return "image/webp";
  return null;
}
