import { describe, expect, it } from "vitest";
import { INVALID_TYPE_MESSAGE, MAX_UPLOAD_BYTES, TOO_LARGE_MESSAGE, sniffImageType, uploadProblem } from "./upload-rules";

describe("upload rules", () => {
  it("uses the spec's exact messages and limit", () => {
    expect(INVALID_TYPE_MESSAGE).toBe("Invalid file type. Only JPEG, PNG, WebP, and GIF are allowed.");
    expect(TOO_LARGE_MESSAGE).toBe("File too large. Maximum size is 10MB.");
    expect(MAX_UPLOAD_BYTES).toBe(10485760);
  });
  it("accepts the five types up to 10 MB and refuses the rest", () => {
    for (const type of ["image/jpeg", "image/jpg", "image/png", "image/webp", "image/gif"]) expect(uploadProblem({ type, size: 10485760 })).toBeNull();
    expect(uploadProblem({ type: "image/svg+xml", size: 10 })).toBe(INVALID_TYPE_MESSAGE);
    expect(uploadProblem({ type: "text/plain", size: 10 })).toBe(INVALID_TYPE_MESSAGE);
    expect(uploadProblem({ type: "image/png", size: 10485761 })).toBe(TOO_LARGE_MESSAGE);
  });
  it("recognises images by their magic bytes, not their names", () => {
    expect(sniffImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe("image/jpeg");
    expect(sniffImageType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe("image/png");
    expect(sniffImageType(new TextEncoder().encode("GIF89a...."))).toBe("image/gif");
    expect(sniffImageType(new TextEncoder().encode("RIFF\0\0\0\0WEBPVP8 "))).toBe("image/webp");
    expect(sniffImageType(new TextEncoder().encode("hello, I am a text file"))).toBeNull();
  });
});
