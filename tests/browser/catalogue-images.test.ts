import { describe, expect, inject, it } from "vitest";

// The image endpoint over HTTP on the production server: headers, negotiation, errors.
describe("image endpoint", () => {
  const baseUrl = inject("baseUrl");

  async function productImagePath(): Promise<string> {
    const html = await (await fetch(`${baseUrl}/product/glacier-classic-bottle`)).text();
    const src = html.match(/src="(\/images\/[^"]+)"/)?.[1];
    expect(src).toBeDefined();
    return src!.replaceAll("&amp;", "&");
  }

  it("serves versioned URLs as immutable, negotiating AVIF or WebP with Vary: Accept", async () => {
    const src = await productImagePath();
    expect(src).toMatch(/[?&]v=[0-9a-f]{10}/);
    expect(src).not.toMatch(/fm=/);
    const avif = await fetch(`${baseUrl}${src}`, { headers: { Accept: "image/avif,image/webp,*/*" } });
    expect(avif.status).toBe(200);
    expect(avif.headers.get("content-type")).toBe("image/avif");
    expect(avif.headers.get("vary")).toBe("Accept");
    expect(avif.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const webp = await fetch(`${baseUrl}${src}`, { headers: { Accept: "image/webp,*/*" } });
    expect(webp.headers.get("content-type")).toBe("image/webp");
    const again = await fetch(`${baseUrl}${src}`, { headers: { Accept: "image/webp,*/*" } });
    expect(again.headers.get("x-image-cache")).toBe("hit");
  });

  it("gives unversioned URLs a short cache life, and explicit formats no Vary", async () => {
    const src = (await productImagePath()).replace(/&?v=[0-9a-f]+/, "");
    const r = await fetch(`${baseUrl}${src}&fm=jpeg`);
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toBe("image/jpeg");
    expect(r.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(r.headers.get("vary")).toBeNull();
  });

  it("answers 404 for a missing source and 400 for bad parameters, never 500", async () => {
    expect((await fetch(`${baseUrl}/images/products/0-missing.webp?w=160`)).status).toBe(404);
    const file = (await productImagePath()).split("?")[0];
    for (const bad of ["w=abc", "h=-1", "fm=gif", "q=high"]) {
      expect((await fetch(`${baseUrl}${file}?${bad}`)).status, bad).toBe(400);
    }
    expect((await fetch(`${baseUrl}/images/..%2F..%2Fauth-secret`)).status).toBe(400);
    const clamped = await fetch(`${baseUrl}${file}?w=99999&q=1`);
    expect(clamped.status).toBe(200);
  });
});
