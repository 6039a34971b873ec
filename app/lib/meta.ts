// Head tags for every storefront route: title pattern, description, canonical, Open Graph,
// Twitter card, robots and JSON-LD.
export const SITE_NAME = "GLACIAL - Premium Insulated Water Bottles";

export type PageMetaInput = {
  title: string;
  description?: string;
  /** Absolute URL of the canonical page. */
  canonical?: string;
  image?: string;
  noindex?: boolean;
  type?: "website" | "product" | "article";
  jsonLd?: Record<string, unknown> | Record<string, unknown>[];
};

export function pageTitle(title: string): string {
  return `${title} | ${SITE_NAME}`;
}

export function pageMeta(input: PageMetaInput) {
  const title = pageTitle(input.title);
  const tags: Record<string, unknown>[] = [{ title }];
  if (input.description) tags.push({ name: "description", content: input.description });
  if (input.canonical) tags.push({ tagName: "link", rel: "canonical", href: input.canonical });
  tags.push({ property: "og:title", content: title }, { property: "og:type", content: input.type ?? "website" }, { property: "og:site_name", content: "GLACIAL" });
  if (input.description) tags.push({ property: "og:description", content: input.description });
  if (input.canonical) tags.push({ property: "og:url", content: input.canonical });
  if (input.image) tags.push({ property: "og:image", content: input.image });
  tags.push({ name: "twitter:card", content: input.image ? "summary_large_image" : "summary" }, { name: "twitter:title", content: title });
  if (input.description) tags.push({ name: "twitter:description", content: input.description });
  if (input.image) tags.push({ name: "twitter:image", content: input.image });
  if (input.noindex) tags.push({ name: "robots", content: "noindex" });
  if (input.jsonLd) tags.push({ "script:ld+json": input.jsonLd });
  return tags;
}
