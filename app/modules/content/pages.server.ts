import { asc, eq } from "drizzle-orm";
import type { Db } from "~/db/types";
import { renderMarkdown, withoutLeadingH1 } from "~/lib/markdown.server";
import { contentPages } from "./schema";

// The storefront's text pages (about, contact, faq, policies, cookies). Their text lives in
// content_pages so staff can edit it; the URL of each is fixed here, since the storefront's
// footer links to these addresses and staff cannot add or rename a page.
export const CONTENT_PAGE_SLUGS = [
  "about",
  "contact",
  "faq",
  "shipping-policy",
  "return-policy",
  "privacy-policy",
  "terms-of-service",
  "cookies-policy",
] as const;
export type ContentPageSlug = (typeof CONTENT_PAGE_SLUGS)[number];

export type ContentPageView = { slug: string; title: string; html: string; description: string; updatedAt: Date };

export function isContentPageSlug(value: string): value is ContentPageSlug {
  return (CONTENT_PAGE_SLUGS as readonly string[]).includes(value);
}

/** A page rendered to sanitised HTML (its leading "# Title" dropped: the page prints the title). */
export async function getContentPage(db: Db, slug: ContentPageSlug): Promise<ContentPageView | null> {
  const [row] = await db
    .select({
      slug: contentPages.slug,
      title: contentPages.title,
      body: contentPages.bodyMarkdown,
      description: contentPages.seoDescription,
      updatedAt: contentPages.updatedAt,
    })
    .from(contentPages)
    .where(eq(contentPages.slug, slug))
    .limit(1);
  if (!row) return null;
  return { slug: row.slug, title: row.title, html: renderMarkdown(withoutLeadingH1(row.body)), description: row.description, updatedAt: row.updatedAt };
}

/** For the sitemap: the storefront's content pages that exist. */
export async function listContentPagesForSitemap(db: Db): Promise<{ slug: string; updatedAt: Date }[]> {
  const rows = await db.select({ slug: contentPages.slug, updatedAt: contentPages.updatedAt }).from(contentPages).orderBy(asc(contentPages.slug));
  return rows.filter((r) => isContentPageSlug(r.slug));
}
