import { boolean, index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt, version } from "~/db/columns";

export type MenuLink = { label: string; url: string; order: number };
export type MenuSection = { title: string; links: MenuLink[] };
export type MenuItem =
  | { id: string; order: number; type: "simple"; label: string; url: string }
  | { id: string; order: number; type: "megamenu"; label: string; url?: string; sections: MenuSection[] };

export const menus = pgTable(
  "menus",
  {
    id: id(),
    type: text("type").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    items: jsonb("items").$type<MenuItem[]>().notNull().default([]),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("menus_type_active_idx").on(t.type, t.isActive)],
);

/** Markdown pages: about, contact, faq, the policies, cookies. */
export const contentPages = pgTable("content_pages", {
  id: id(),
  slug: text("slug").notNull().unique(),
  title: text("title").notNull(),
  bodyMarkdown: text("body_markdown").notNull().default(""),
  seoDescription: text("seo_description").notNull().default(""),
  version: version(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The home page's FAQ block. */
export const faqItems = pgTable("faq_items", {
  id: id(),
  question: text("question").notNull(),
  answer: text("answer").notNull(),
  /** Other ways shoppers ask this question, taught by staff: the support bot matches them too. */
  phrasings: jsonb("phrasings").$type<string[]>().notNull().default([]),
  sortOrder: integer("sort_order").notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
