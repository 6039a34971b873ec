import { create } from "xmlbuilder2";

// sitemaps.org 0.9 documents; xmlbuilder2 escapes every value.
export type SitemapEntry = { loc: string; lastmod?: Date };

export function buildSitemap(entries: SitemapEntry[]): string {
  const root = create({ version: "1.0", encoding: "UTF-8" }).ele("http://www.sitemaps.org/schemas/sitemap/0.9", "urlset");
  for (const entry of entries) {
    const url = root.ele("url");
    url.ele("loc").txt(entry.loc);
    if (entry.lastmod) url.ele("lastmod").txt(entry.lastmod.toISOString());
  }
  return root.end({ prettyPrint: true });
}

export function robotsTxt(publicUrl: string): string {
  return ["User-agent: *", "Allow: /", "Disallow: /admin", "Disallow: /cart", "Disallow: /checkout", "Disallow: /api", "", `Sitemap: ${publicUrl}/sitemap.xml`, ""].join(
    "\n",
  );
}
