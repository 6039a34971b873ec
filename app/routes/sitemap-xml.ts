import { buildSitemap, type SitemapEntry } from "~/lib/sitemap.server";
import { CATEGORIES, CATEGORY_SLUGS } from "~/modules/catalog/catalog";
import { listActiveCollectionsForSitemap, listActiveProductsForSitemap } from "~/modules/catalog/catalog.server";
import { listContentPagesForSitemap } from "~/modules/content/content.server";
import type { Route } from "./+types/sitemap-xml";

export async function loader({ context }: Route.LoaderArgs) {
  const { db, config } = context.services;
  const [productRows, collectionRows, pageRows] = await Promise.all([
    listActiveProductsForSitemap(db),
    listActiveCollectionsForSitemap(db),
    listContentPagesForSitemap(db),
  ]);
  const at = (path: string, lastmod?: Date): SitemapEntry => ({ loc: `${config.publicUrl}${path}`, lastmod });
  const entries = [
    at("/"),
    ...CATEGORY_SLUGS.map((slug) => at(CATEGORIES[slug].path)),
    ...collectionRows.map((c) => at(`/collections/${encodeURIComponent(c.slug)}`, c.updatedAt)),
    ...productRows.map((p) => at(`/product/${encodeURIComponent(p.slug)}`, p.updatedAt)),
    ...pageRows.map((p) => at(`/${p.slug}`, p.updatedAt)),
  ];
  return new Response(buildSitemap(entries), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
