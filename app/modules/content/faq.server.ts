import { asc } from "drizzle-orm";
import type { Db } from "~/db/types";
import { faqItems } from "./schema";

export type FaqItem = { id: string; question: string; answer: string };

/** The home page FAQ, in its sort order. */
export async function listFaqItems(db: Db): Promise<FaqItem[]> {
  return db
    .select({ id: faqItems.id, question: faqItems.question, answer: faqItems.answer })
    .from(faqItems)
    .orderBy(asc(faqItems.sortOrder), asc(faqItems.createdAt));
}
