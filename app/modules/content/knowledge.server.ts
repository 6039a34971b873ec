import { asc } from "drizzle-orm";
import type { Db } from "~/db/types";
import { getSetting } from "~/modules/settings/settings.server";
import { contentPages, faqItems } from "./schema";
import { withWarranty } from "./warranty";

// Read face for the support bot's retrieval: the FAQ and the Markdown pages, as stored.

export async function listFaqWithPhrasings(db: Db): Promise<{ id: string; question: string; answer: string; phrasings: string[] }[]> {
  const [rows, warranty] = await Promise.all([
    db
      .select({ id: faqItems.id, question: faqItems.question, answer: faqItems.answer, phrasings: faqItems.phrasings })
      .from(faqItems)
      .orderBy(asc(faqItems.sortOrder)),
    getSetting(db, "warranty"),
  ]);
  return rows.map((row) => ({ ...row, answer: withWarranty(row.answer, warranty.period) }));
}

export async function listContentPages(db: Db): Promise<{ slug: string; title: string; bodyMarkdown: string }[]> {
  return db
    .select({ slug: contentPages.slug, title: contentPages.title, bodyMarkdown: contentPages.bodyMarkdown })
    .from(contentPages)
    .orderBy(asc(contentPages.slug));
}
