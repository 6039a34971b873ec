import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveDocumentAlone, withoutScripts } from "../../scripts/bench-document-alone.js";

const PAGE = `<!DOCTYPE html><html><head><meta charset="utf-8"/><link rel="modulepreload" href="/assets/a.js" nonce="n"/><link rel="stylesheet" href="/assets/app.css"/>
<script nonce="n">window.early = 1;</script><script type="application/ld+json">{"@type":"Organization"}</script></head>
<body><h1>Bottles</h1><img src="/images/a.webp" alt="A bottle"/><script nonce="n" type="module" async="">import("/assets/entry.js");</script>
<SCRIPT>
  late();
</SCRIPT></body></html>`;
const IMAGE = Buffer.from([0x52, 0x49, 0x46, 0x46, 0x00, 0x01, 0x02, 0xff]);

describe("the bench's document without scripts", () => {
  it("takes out every script that would run and the module preloads, and keeps the rest", () => {
    const out = withoutScripts(PAGE);
    expect(out).not.toMatch(/<script(?![^>]*ld\+json)/i);
    expect(out).not.toContain("modulepreload");
    expect(out).not.toContain("window.early");
    expect(out).not.toContain("late()");
    expect(out).toContain(`<script type="application/ld+json">{"@type":"Organization"}</script>`);
    expect(out).toContain(`<link rel="stylesheet" href="/assets/app.css"/>`);
    expect(out).toContain(`<h1>Bottles</h1><img src="/images/a.webp" alt="A bottle"/>`);
  });

  let upstream: http.Server;
  let proxy: http.Server;
  let base: string;
  beforeAll(async () => {
    upstream = http.createServer((req, res) => {
      if (req.url === "/") {
        // The shop compresses when asked; the proxy must ask for the plain document.
        const gzip = /gzip/.test(req.headers["accept-encoding"] ?? "");
        const body = gzip ? zlib.gzipSync(PAGE) : Buffer.from(PAGE);
        res.writeHead(200, { "content-type": "text/html", "x-page-cache": "hit", ...(gzip ? { "content-encoding": "gzip" } : {}) });
        res.end(body);
      } else {
        res.writeHead(200, { "content-type": "image/webp", "cache-control": "public, max-age=31536000, immutable" });
        res.end(IMAGE);
      }
    });
    await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
    proxy = await serveDocumentAlone({ upstream: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`, port: 0 });
    base = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => proxy.close(resolve));
    await new Promise((resolve) => upstream.close(resolve));
  });

  it("serves a document without its scripts, compressed again, with the shop's own headers", async () => {
    const res = await fetch(`${base}/`, { headers: { accept: "text/html", "accept-encoding": "gzip" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(res.headers.get("x-page-cache")).toBe("hit");
    expect(await res.text()).toBe(withoutScripts(PAGE));
  });

  it("passes anything else through byte for byte", async () => {
    const res = await fetch(`${base}/images/a.webp`, { headers: { accept: "image/webp,*/*" } });
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(Buffer.from(await res.arrayBuffer()).equals(IMAGE)).toBe(true);
  });
});
