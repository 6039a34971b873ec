import { describe, expect, it } from "vitest";
import { buildSitemap, robotsTxt } from "./sitemap.server";

describe("buildSitemap", () => {
  it("writes a sitemaps.org urlset with escaped locations", () => {
    const xml = buildSitemap([{ loc: "https://shop.test/search?q=a&b=<c>", lastmod: new Date("2026-01-02T03:04:05Z") }, { loc: "https://shop.test/" }]);
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain("<loc>https://shop.test/search?q=a&amp;b=&lt;c&gt;</loc>");
    expect(xml).toContain("<lastmod>2026-01-02T03:04:05.000Z</lastmod>");
    expect(xml.match(/<url>/g)).toHaveLength(2);
  });
});

describe("robotsTxt", () => {
  it("allows everything but the private areas and names the sitemap", () => {
    const txt = robotsTxt("https://shop.test");
    for (const line of ["User-agent: *", "Allow: /", "Disallow: /admin", "Disallow: /cart", "Disallow: /checkout", "Disallow: /api", "Sitemap: https://shop.test/sitemap.xml"]) {
      expect(txt.split("\n")).toContain(line);
    }
  });
});
