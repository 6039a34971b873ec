import http from "node:http";
import zlib from "node:zlib";
import { describe, expect, inject, it } from "vitest";

// The production server's build output over HTTP: what a browser fetches before the first paint.
describe("static assets", () => {
  const baseUrl = inject("baseUrl");

  /** A GET without fetch's automatic decompression, so the encoded bytes can be checked. */
  function rawGet(path: string, acceptEncoding: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
    return new Promise((resolve, reject) => {
      http
        .get(`${baseUrl}${path}`, { headers: { "Accept-Encoding": acceptEncoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        })
        .on("error", reject);
    });
  }

  async function headOf(path: string): Promise<string> {
    const html = await (await fetch(`${baseUrl}${path}`)).text();
    return html.slice(0, html.indexOf("</head>"));
  }

  it("puts the stylesheet before every module preload, so the render-blocking request is not queued behind scripts", async () => {
    // The back office preloads its modules at once; the storefront adds them after the page has
    // loaded (storefront-hydration.test.ts), so its head asks for nothing but the stylesheet.
    const head = await headOf("/admin/login");
    const stylesheet = head.search(/<link rel="stylesheet" href="\/assets\/[^"]+\.css"/);
    const firstPreload = head.indexOf('rel="modulepreload"');
    expect(stylesheet).toBeGreaterThan(-1);
    expect(firstPreload).toBeGreaterThan(-1);
    expect(stylesheet).toBeLessThan(firstPreload);
    expect(head.match(/rel="stylesheet"/g)).toHaveLength(1);
    const home = await headOf("/");
    expect(home.match(/rel="stylesheet"/g)).toHaveLength(1);
    expect(home).not.toContain('rel="modulepreload"');
  });

  it("sends the build's precompressed brotli or gzip file when the browser accepts it, and the plain file otherwise", async () => {
    const head = await headOf("/admin/login");
    const css = head.match(/href="(\/assets\/[^"]+\.css)"/)?.[1];
    // The packages' file every page loads (the entry itself is a few hundred bytes: files under 1 KB are sent as they are).
    const script = head.match(/rel="modulepreload" href="(\/assets\/framework-[^"]+\.js)"/)?.[1];
    expect(css).toBeDefined();
    expect(script).toBeDefined();
    for (const path of [css!, script!]) {
      const plain = await rawGet(path, "identity");
      expect(plain.status).toBe(200);
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.headers["cache-control"]).toBe("public, max-age=31536000, immutable");

      const br = await rawGet(path, "gzip, deflate, br");
      expect(br.headers["content-encoding"]).toBe("br");
      expect(br.headers.vary).toMatch(/Accept-Encoding/i);
      expect(br.headers["content-type"]).toBe(plain.headers["content-type"]);
      expect(br.body.length).toBeLessThan(plain.body.length / 2);
      expect(zlib.brotliDecompressSync(br.body).equals(plain.body)).toBe(true);

      const gzip = await rawGet(path, "gzip");
      expect(gzip.headers["content-encoding"]).toBe("gzip");
      expect(zlib.gunzipSync(gzip.body).equals(plain.body)).toBe(true);
    }
  });

  it("still compresses pages, which are rendered per request", async () => {
    const page = await rawGet("/", "gzip");
    expect(page.status).toBe(200);
    expect(page.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(page.body).toString("utf8")).toContain("</html>");
  });

  it("sends a file the headers a file needs: a fixed sandboxing policy and nosniff, none of a page's nonce, framing or opener rules", async () => {
    const html = await (await fetch(`${baseUrl}/`)).text();
    const script = html.match(/"(\/assets\/framework-[^"]+\.js)"/)?.[1];
    const image = html.match(/src="(\/images\/[^"]+)"/)?.[1]?.replaceAll("&amp;", "&");
    expect(script).toBeDefined();
    expect(image).toBeDefined();
    const policies = new Set<string>();
    for (const path of [script!, script!, image!, "/placeholder.svg", "/favicon.ico"]) {
      const res = await rawGet(path, "br");
      expect([path, res.status]).toEqual([path, 200]);
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      const policy = String(res.headers["content-security-policy"]);
      expect(policy).toMatch(/^default-src 'none';.*\bsandbox$/);
      expect(policy).not.toContain("nonce-");
      policies.add(policy);
      for (const pageOnly of ["x-frame-options", "cross-origin-opener-policy", "origin-agent-cluster", "x-xss-protection", "x-download-options", "x-dns-prefetch-control", "x-permitted-cross-domain-policies"]) {
        expect([path, pageOnly, res.headers[pageOnly]]).toEqual([path, pageOnly, undefined]);
      }
    }
    // One value for every file, so HTTP/2's header table sends it once per connection.
    expect(policies.size).toBe(1);

    // The page keeps its own: a fresh nonce and framing rules. A storefront page leaves its
    // window open to the payment window it may open (and to a fresh process per arrival); the
    // back office keeps its window to itself.
    const page = await rawGet("/", "identity");
    expect(String(page.headers["content-security-policy"])).toMatch(/script-src 'self' 'nonce-/);
    expect(page.headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(page.headers["cross-origin-opener-policy"]).toBeUndefined();
    const admin = await rawGet("/admin/login", "identity");
    expect(admin.headers["x-frame-options"]).toBe("DENY");
    expect(admin.headers["cross-origin-opener-policy"]).toBe("same-origin");
  });

  it("answers a script the build does not hold with a plain 404, not a rendered page", async () => {
    const res = await rawGet("/assets/framework-gone1234.js", "identity");
    expect(res.status).toBe(404);
    expect(res.headers["content-type"]).toMatch(/^text\/plain/);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.body.toString("utf8")).toBe("Not found");
  });
});
